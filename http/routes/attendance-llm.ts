import type { AssistService } from '../../attendance/index.js';
import { defineRoute } from '../route.js';
import { SessionParamsSchema } from '../schemas/attendance.js';
import {
  AssistSessionRequestSchema, PolishRequestSchema, PolishResultSchema, RepliesResultSchema, SentimentRequestSchema,
  SentimentResultSchema, SummaryResultSchema, TipsResultSchema,
} from '../schemas/attendance-llm.js';

/** What the assist routes need. */
export interface AttendanceLlmRoutesDeps {
  assist: AssistService;
}

const ACCESS = ['attendant', 'supervisor'] as const; // admins always pass
const TAG = 'attendance-assist';
const FLAG_OFF = '409 feature_disabled when the bot has the feature off';

/**
 * Attendant assist over REST: tips, polish, smart replies, sentiment and summary.
 * Attendants may ask about the conversations they may see (their queues and their own);
 * supervisors and admins about any. A model that is missing, late or wrong never fails the call:
 * the answer comes from the fallback and says so.
 */
export function attendanceLlmRoutes(deps: AttendanceLlmRoutesDeps) {
  return [
    defineRoute({
      method: 'post',
      path: '/api/attendance/llm/tips',
      summary: `Tips for the attendant on a conversation (attendant-llm-tips; ${FLAG_OFF})`,
      tag: TAG,
      access: ACCESS,
      body: AssistSessionRequestSchema,
      response: { description: 'Tips, most important first', schema: TipsResultSchema },
      errors: [404, 409],
      handle: ({ body, principal }) => deps.assist.tips({ actor: principal, sessionId: body.session_id }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/llm/polish',
      summary: `Polish a draft; it is returned, never sent to the customer (attendant-polish-message; ${FLAG_OFF})`,
      tag: TAG,
      access: ACCESS,
      body: PolishRequestSchema,
      response: { description: 'The polished draft and what changed', schema: PolishResultSchema },
      errors: [404, 409],
      handle: ({ body, principal }) => deps.assist.polish({
        actor: principal, text: body.text,
        ...(body.session_id ? { sessionId: body.session_id } : {}), ...(body.bot_id ? { botId: body.bot_id } : {}),
        ...(body.tone ? { tone: body.tone } : {}),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/llm/smart-replies',
      summary: `Three replies the attendant could send next (attendant-smart-replies; ${FLAG_OFF})`,
      tag: TAG,
      access: ACCESS,
      body: AssistSessionRequestSchema,
      response: { description: 'Exactly three replies', schema: RepliesResultSchema },
      errors: [404, 409],
      handle: ({ body, principal }) => deps.assist.replies({ actor: principal, sessionId: body.session_id }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/attendance/llm/sentiment',
      summary: `The customer's sentiment: a text, or a conversation's recent customer messages (attendant-sentiment-analysis; ${FLAG_OFF})`,
      tag: TAG,
      access: ACCESS,
      body: SentimentRequestSchema,
      response: { description: 'The sentiment', schema: SentimentResultSchema },
      errors: [404, 409],
      handle: ({ body, principal }) => deps.assist.sentiment({
        actor: principal,
        ...(body.text !== undefined ? { text: body.text } : {}),
        ...(body.session_id ? { sessionId: body.session_id } : {}), ...(body.bot_id ? { botId: body.bot_id } : {}),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/attendance/llm/summary/:session_id',
      summary: `A summary of the conversation (attendant-auto-summary; ${FLAG_OFF})`,
      tag: TAG,
      access: ACCESS,
      params: SessionParamsSchema,
      response: { description: 'The summary', schema: SummaryResultSchema },
      errors: [404, 409],
      handle: ({ params, principal }) => deps.assist.summary({ actor: principal, sessionId: params.session_id }),
    }),
  ];
}
