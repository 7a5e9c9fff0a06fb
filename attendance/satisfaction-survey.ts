/**
 * The post-attendance satisfaction survey (`customer_satisfaction`): after
 * a resolve asked "from 0 to 10…", the engine reads the customer's next message as a score
 * (engine/survey-answer.ts) and emits `survey.answered`. The score is logged here for the
 * insights and written on the attendance's CRM log entry.
 */
import type { SessionSnapshot } from '../engine/index.js';
import type { AttendanceRepositories } from './attendance-repositories.js';

/** The mark resolve leaves in `context_data.satisfaction_survey`: when it asked, and who attended. */
export interface SurveyMark {
  asked_at: string;
  attendant_id: string | null;
}

export interface AnswerSurveyDeps {
  repos: AttendanceRepositories;
  now: () => Date;
}

export interface AnswerSurveyInput {
  session: SessionSnapshot;
  score: number;
  /** What resolve stored under SURVEY_CONTEXT_KEY (the engine cleared it when it took the score). */
  mark: unknown;
}

/** Reads a mark resolve stored; undefined for none (or a malformed one). */
export function surveyMarkOf(mark: unknown): SurveyMark | undefined {
  if (typeof mark !== 'object' || mark === null) return undefined;
  const { asked_at, attendant_id } = mark as Record<string, unknown>;
  return {
    asked_at: typeof asked_at === 'string' ? asked_at : '',
    attendant_id: typeof attendant_id === 'string' ? attendant_id : null,
  };
}

/**
 * Records a score the engine took (`survey.answered`): appends the `satisfaction` event (bot,
 * session, the attendant of the mark, `{score, asked_at}`) and adds `customer_satisfaction` to
 * the session's newest CRM log entry.
 */
export async function answerSurvey(deps: AnswerSurveyDeps, input: AnswerSurveyInput): Promise<void> {
  const { session, score } = input;
  // A malformed mark still takes the score, attributed to the conversation's last holder.
  const item = await deps.repos.conversations.get(session.id);
  const mark = surveyMarkOf(input.mark) ?? { asked_at: '', attendant_id: item?.assigned_to ?? null };

  await deps.repos.events.append({
    session_id: session.id, bot_id: session.bot_id, queue_id: item?.queue_id ?? null, attendant_id: mark.attendant_id,
    type: 'satisfaction', data: { score, asked_at: mark.asked_at }, at: deps.now(),
  });
  const logs = deps.repos.crmLogs;
  // The newest entry is the attendance just resolved: the mark is cleared by the customer's next
  // message, before another cycle can end and write a newer one.
  const entry = await logs.latestOfSession(session.id);
  if (entry) await logs.mergeFields(entry.id, { customer_satisfaction: score });
}
