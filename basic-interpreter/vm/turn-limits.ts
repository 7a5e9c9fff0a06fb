import { DEFAULT_TURN_LIMITS, type TurnLimits } from './dialog.js';

/** The `dialog-max-*` keys of a bot's config.csv (config/config-keys.ts). */
export interface TurnLimitSettings {
  'dialog-max-steps': number;
  'dialog-max-seconds': number;
  'dialog-max-http-calls': number;
  'dialog-max-output-chars': number;
}

/** A bot's turn limits from its configuration, so the server and the CLI apply the same ones. */
export function turnLimitsFrom(settings: TurnLimitSettings | undefined): TurnLimits {
  if (!settings) return DEFAULT_TURN_LIMITS;
  return {
    maxSteps: settings['dialog-max-steps'],
    maxWallMs: settings['dialog-max-seconds'] * 1000,
    maxHttpCalls: settings['dialog-max-http-calls'],
    maxOutputChars: settings['dialog-max-output-chars'],
  };
}
