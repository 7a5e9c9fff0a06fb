/**
 * Whether a session asked for spoken replies: `voice_response` in its context, set by the
 * attendant's `/voice on` (docs/meetings.md) or a script's SET. The channel decides whether it can
 * speak (mobile_msg with `mobile-msg-voice-response`, docs/channels/mobile-msg.md).
 */
export function speaksReplies(context: Readonly<Record<string, unknown>>): boolean {
  return context.voice_response === true || context.voice_response === 'true';
}
