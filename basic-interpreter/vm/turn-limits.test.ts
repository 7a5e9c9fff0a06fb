import { defaultBotConfig } from '../../config/index.js';
import { DEFAULT_TURN_LIMITS } from './dialog.js';
import { turnLimitsFrom } from './turn-limits.js';

test('the config defaults are the interpreter defaults, so CLI and server agree', () => {
  expect(turnLimitsFrom(defaultBotConfig())).toEqual(DEFAULT_TURN_LIMITS);
  expect(turnLimitsFrom(undefined)).toEqual(DEFAULT_TURN_LIMITS);
});

test('a bot can tighten its limits in config.csv', () => {
  const config = { ...defaultBotConfig(), 'dialog-max-steps': 500, 'dialog-max-seconds': 2, 'dialog-max-http-calls': 1, 'dialog-max-output-chars': 80 };
  expect(turnLimitsFrom(config)).toEqual({ maxSteps: 500, maxWallMs: 2000, maxHttpCalls: 1, maxOutputChars: 80 });
});
