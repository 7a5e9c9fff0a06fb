import type { ChatMessage } from '../../../infra/llm/index.js';
import type { TranscriptLine } from '../assist-context.js';
import { LEVELS, SENTIMENTS } from '../assist-schemas.js';
import { formatTranscript, jsonOnly } from './format-transcript.js';

/** Asks how the customer feels: a text on its own, or the customer's side of a conversation. */
export function sentimentPrompt(input: { text: string } | { transcript: readonly TranscriptLine[] }): ChatMessage[] {
  const subject = 'text' in input ? `Customer message:\n${input.text}` : `Conversation:\n${formatTranscript(input.transcript)}`;
  return [
    {
      role: 'system',
      content: [
        "You read a customer's mood for a customer-service attendant. Judge the customer's messages only.",
        `overall is one of: ${SENTIMENTS.join(', ')}. score is -1 (very negative) to 1 (very positive).`,
        'emotions are single lowercase words such as frustration, anger, satisfaction, confusion, urgency (may be empty).',
        `escalation_risk and urgency are each one of: ${LEVELS.join(', ')}.`,
        jsonOnly('{"overall":"negative","score":-0.6,"emotions":["frustration"],"escalation_risk":"medium","urgency":"high"}'),
      ].join('\n'),
    },
    { role: 'user', content: subject },
  ];
}
