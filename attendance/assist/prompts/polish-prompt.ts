import type { ChatMessage } from '../../../infra/llm/index.js';
import type { TranscriptLine } from '../assist-context.js';
import { formatTranscript, jsonOnly } from './format-transcript.js';

/** Asks for a polished version of the attendant's draft (`/polish`); nothing is sent. */
export function polishPrompt(input: { text: string; tone: string; transcript: readonly TranscriptLine[] }): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You polish a message a customer-service attendant is about to send. Fix spelling, grammar and punctuation,',
        `and make the tone ${input.tone}. Keep the meaning, the facts and the language of the draft; do not add promises.`,
        'changes lists each change in a few words.',
        jsonOnly('{"polished":"…","changes":["…"]}'),
      ].join('\n'),
    },
    {
      role: 'user',
      content: `${input.transcript.length > 0 ? `Conversation so far:\n${formatTranscript(input.transcript)}\n\n` : ''}Draft to polish:\n${input.text}`,
    },
  ];
}
