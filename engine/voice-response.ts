/**
 * Whether a session asked for spoken replies: `voice_response` in its context, set by the
 * attendant's `/voice on` (docs/meetings.md) or a script's SET. The channel decides whether it can
 * speak (engine/voice/spoken-reply.ts; docs/basic.md, "Voice on each channel").
 */
export function speaksReplies(context: Readonly<Record<string, unknown>>): boolean {
  return context.voice_response === true || context.voice_response === 'true';
}
