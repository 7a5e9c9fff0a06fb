/**
 * The transcript as the prompts show it to the model: one `Speaker: text` line per message, the
 * most recent ones only, each cut to a readable length, so a long conversation cannot blow the
 * model's context or the timeout.
 */
import type { TranscriptLine } from '../assist-context.js';

const LAST_MESSAGES = 40;
const MAX_LINE = 500;
const SPEAKER = { customer: 'Customer', bot: 'Bot', attendant: 'Attendant', system: 'System' } as const;

/** The last messages of the transcript as plain text lines (or a note that there are none). */
export function formatTranscript(transcript: readonly TranscriptLine[]): string {
  if (transcript.length === 0) return '(no messages yet)';
  return transcript
    .slice(-LAST_MESSAGES)
    .map((m) => `${SPEAKER[m.from]}: ${m.text.length > MAX_LINE ? `${m.text.slice(0, MAX_LINE)}…` : m.text}`)
    .join('\n');
}

/** The instruction every prompt ends its system message with: JSON only, in this exact shape. */
export function jsonOnly(shape: string): string {
  return `Answer with one JSON object and nothing else, exactly in this shape:\n${shape}`;
}
