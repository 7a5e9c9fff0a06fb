import type { ChatMessage } from '../../../infra/llm/index.js';
import type { TranscriptLine } from '../assist-context.js';
import { TRENDS } from '../assist-schemas.js';
import { formatTranscript, jsonOnly } from './format-transcript.js';

/** Asks for a summary an attendant can read in seconds when they get the conversation. */
export function summaryPrompt(input: { transcript: readonly TranscriptLine[]; transferReason: string | null }): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You summarise a customer-service conversation for the attendant who takes it over.',
        'brief is one or two sentences. key_points, customer_needs and unresolved_issues are short phrases (may be empty).',
        `sentiment_trend is one of: ${TRENDS.join(', ')}. recommended_action is the attendant's best next step.`,
        jsonOnly('{"brief":"…","key_points":["…"],"customer_needs":["…"],"unresolved_issues":["…"],"sentiment_trend":"stable","recommended_action":"…"}'),
      ].join('\n'),
    },
    {
      role: 'user',
      content: `Why the customer was handed to a person: ${input.transferReason ?? 'not given'}\n\nConversation:\n${formatTranscript(input.transcript)}`,
    },
  ];
}
