import type { Channel } from '../messages.js';

/**
 * The channels that carry speech both ways (docs/basic.md, "Voice on each channel"): a customer's
 * voice message is transcribed and a reply may be spoken. sms, social_dm and page_msg carry text
 * only, so `/voice on` is refused there.
 */
export const VOICE_CHANNELS = ['mobile_msg', 'bot_msg', 'workchat', 'web', 'rtc_sip'] as const satisfies readonly Channel[];

/** True when `channel` carries speech ({@link VOICE_CHANNELS}). */
export function hasVoice(channel: string): boolean {
  return (VOICE_CHANNELS as readonly string[]).includes(channel);
}
