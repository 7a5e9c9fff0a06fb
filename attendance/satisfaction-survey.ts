/**
 * The post-attendance satisfaction survey (issue 5 §9, seed 2.14 `customer_satisfaction`): after
 * a resolve asked "from 0 to 10…", the customer's next message is offered here before the bot
 * sees it (the engine's AttendancePort.answerSurvey). A score is logged for the insights and
 * written on the attendance's CRM log entry; anything else goes on to the bot.
 */
import {
  createAttendanceConversationsRepo, createAttendanceEventsRepo, createCrmAttendanceLogsRepo, type Database,
} from '../db/index.js';
import { SURVEY_CONTEXT_KEY, type AttendanceSession, type InboundMessage, type SurveyAnswer } from '../engine/index.js';

/** What the customer is told after a score was taken. */
export const SURVEY_THANKS = 'Thank you for your feedback!';

/** The mark resolve leaves in `context_data.satisfaction_survey`: when it asked, and who attended. */
export interface SurveyMark {
  asked_at: string;
  attendant_id: string | null;
}

export interface AnswerSurveyDeps {
  db: Database;
  now: () => Date;
}

export interface AnswerSurveyInput {
  session: AttendanceSession;
  inbound: InboundMessage;
}

const SCORE = /^(\d{1,2})(?:\s*\/\s*10)?$/;

/**
 * The score in a survey answer: a whole number 0–10 alone, optionally written "n/10" ("8",
 * "8/10", " 10 "). Anything else ("8.5", "11", "about 8", "great") is not an answer, so a customer
 * who simply goes on talking reaches the bot.
 */
export function parseSurveyScore(text: string): number | undefined {
  const match = SCORE.exec(text.trim());
  if (!match) return undefined;
  const score = Number(match[1]);
  return score <= 10 ? score : undefined;
}

/** Reads the mark resolve stored; undefined when the session carries none (or a malformed one). */
export function surveyMarkOf(context: Record<string, unknown>): SurveyMark | undefined {
  const mark = context[SURVEY_CONTEXT_KEY];
  if (typeof mark !== 'object' || mark === null) return undefined;
  const { asked_at, attendant_id } = mark as Record<string, unknown>;
  return {
    asked_at: typeof asked_at === 'string' ? asked_at : '',
    attendant_id: typeof attendant_id === 'string' ? attendant_id : null,
  };
}

/**
 * Takes the customer's message as a survey answer when it is a score: appends the `satisfaction`
 * event (bot, session, the attendant of the mark, `{score, asked_at}`), adds
 * `customer_satisfaction` to the session's newest CRM log entry, and resolves to the score and
 * the thanks. Resolves to undefined for anything else; the engine then runs the bot as usual.
 */
export async function answerSurvey(deps: AnswerSurveyDeps, input: AnswerSurveyInput): Promise<SurveyAnswer | undefined> {
  const { session, inbound } = input;
  const score = parseSurveyScore(inbound.text);
  if (score === undefined) return undefined;
  // The engine asks only while a mark is set; a malformed one still takes the score, attributed
  // to the conversation's last holder.
  const item = await createAttendanceConversationsRepo(deps.db).get(session.id);
  const mark = surveyMarkOf(session.context_data) ?? { asked_at: '', attendant_id: item?.assigned_to ?? null };

  await createAttendanceEventsRepo(deps.db).append({
    session_id: session.id, bot_id: session.bot_id, queue_id: item?.queue_id ?? null, attendant_id: mark.attendant_id,
    type: 'satisfaction', data: { score, asked_at: mark.asked_at }, at: deps.now(),
  });
  const logs = createCrmAttendanceLogsRepo(deps.db);
  // The newest entry is the attendance just resolved: the mark is cleared by the customer's next
  // message, before another cycle can end and write a newer one.
  const entry = await logs.latestOfSession(session.id);
  if (entry) await logs.mergeFields(entry.id, { customer_satisfaction: score });
  return { score, reply: SURVEY_THANKS };
}
