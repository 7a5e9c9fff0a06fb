import type { ChatMessage } from '../../../infra/llm/index.js';
import type { TranscriptLine } from '../assist-context.js';
import { TIP_TYPES } from '../assist-schemas.js';
import { formatTranscript, jsonOnly } from './format-transcript.js';

/** Asks for coaching tips for the attendant on this conversation (`/tips`). */
export function tipsPrompt(input: { transcript: readonly TranscriptLine[]; transferReason: string | null }): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You coach a customer-service attendant during a live conversation. Give one to five short, concrete tips',
        'for what the attendant should do or say next. Never write to the customer yourself.',
        `type is one of: ${TIP_TYPES.join(', ')}. confidence is 0 to 1. priority is 1 (most important) to 3.`,
        jsonOnly('{"tips":[{"type":"empathy","content":"…","confidence":0.8,"priority":1}]}'),
      ].join('\n'),
    },
    {
      role: 'user',
      content: `Why the customer was handed to a person: ${input.transferReason ?? 'not given'}\n\nConversation:\n${formatTranscript(input.transcript)}`,
    },
  ];
}
