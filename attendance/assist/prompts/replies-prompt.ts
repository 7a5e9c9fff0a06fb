import type { ChatMessage } from '../../../infra/llm/index.js';
import type { TranscriptLine } from '../assist-context.js';
import { REPLY_CATEGORIES, TONES } from '../assist-schemas.js';
import { formatTranscript, jsonOnly } from './format-transcript.js';

/** Asks for exactly three replies the attendant could send next (`/replies`). */
export function repliesPrompt(input: { transcript: readonly TranscriptLine[] }): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You suggest replies for a customer-service attendant in a live conversation. Write exactly 3 different replies',
        "the attendant could send next, in the customer's language, each ready to send.",
        `tone is one of: ${TONES.join(', ')}. category is one of: ${REPLY_CATEGORIES.join(', ')}.`,
        jsonOnly('{"replies":[{"text":"…","tone":"friendly","category":"answer"},{…},{…}]}'),
      ].join('\n'),
    },
    { role: 'user', content: `Conversation:\n${formatTranscript(input.transcript)}` },
  ];
}
