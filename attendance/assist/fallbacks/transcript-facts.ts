/** Facts about a transcript that several fallbacks read the same way. */
import type { TranscriptLine } from '../assist-context.js';

/** The customer's messages, oldest first. */
export function customerLines(transcript: readonly TranscriptLine[]): TranscriptLine[] {
  return transcript.filter((m) => m.from === 'customer');
}

/** The customer's messages since the attendant last wrote (all of them when no attendant wrote yet). */
export function unansweredLines(transcript: readonly TranscriptLine[]): TranscriptLine[] {
  const lastAttendant = transcript.findLastIndex((m) => m.from === 'attendant');
  return customerLines(transcript.slice(lastAttendant + 1));
}

/** Questions among the unanswered customer messages. */
export function openQuestions(transcript: readonly TranscriptLine[]): string[] {
  return unansweredLines(transcript).filter((m) => m.text.includes('?')).map((m) => clip(m.text));
}

/** A message cut to a readable length for a tip or a summary line. */
export function clip(text: string, max = 200): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The customer's last few messages as one text: what their current mood is read from. */
export function recentCustomerText(transcript: readonly TranscriptLine[], count = 5): string {
  return customerLines(transcript).slice(-count).map((m) => m.text).join('\n');
}
