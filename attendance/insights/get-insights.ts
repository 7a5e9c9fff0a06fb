/**
 * `GET /api/attendance/insights`: the KPIs of one bot, or of the
 * whole installation, over a time window, read from the attendance event log.
 */
import { ValidationError } from '../../infra/errors.js';
import {
  computeInsights, targetsFor, type InsightName, type InsightTarget, type InsightsCounts, type InsightsMetrics,
} from './compute-insights.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

export interface GetInsightsDeps {
  repos: AttendanceRepositories;
  now: () => Date;
  /** The CRM's campaigns active in the window (docs/crm.md, "Proactive campaigns"); none when not handed in. */
  campaigns?: CampaignInsightsPort;
}

/** One campaign's results, as the insights show them beside the attendance KPIs. */
export interface CampaignInsight {
  campaign_id: string;
  campaign_name: string;
  status: string;
  sent: number;
  delivered: number;
  replied: number;
  handed_off: number;
  deals_won: number;
}

/** Campaigns of a bot (or of all) that ran or received replies in the window; the composition root hands it in. */
export type CampaignInsightsPort = (filter: { botId?: string; from: Date; to: Date }) => Promise<CampaignInsight[]>;

export interface GetInsightsInput {
  /** One bot's attendances; all bots when absent. */
  botId?: string;
  /** Start of the window, inclusive; `to` minus 24 hours when absent. */
  from?: Date;
  /** End of the window, exclusive; now when absent. */
  to?: Date;
}

/** The insights answer (ISO 8601 window, metrics, their targets, counts behind the rates). */
export interface Insights {
  bot_id: string | null;
  from: string;
  to: string;
  metrics: InsightsMetrics;
  targets: Record<InsightName, InsightTarget>;
  counts: InsightsCounts;
  /** The campaigns' block: sent, delivered, replied, handed off, deals won. */
  campaigns: CampaignInsight[];
}

/** The default window: the last day. */
export const DEFAULT_WINDOW_MS = 24 * 3600 * 1000;
/** The longest window one request may ask for, so a request cannot read the whole log. */
export const MAX_WINDOW_MS = 92 * 24 * 3600 * 1000;
/**
 * How far before the window the log is read: a conversation queued up to this long before the
 * window and accepted inside it still counts its wait, and an attendant online since then counts
 * as online.
 */
export const LOOKBACK_MS = 7 * 24 * 3600 * 1000;

/**
 * Reads the log from `from − LOOKBACK_MS` to `to` and computes the KPIs. Attendant presence
 * (`status_changed`) belongs to no bot, so it is kept whatever `botId` says.
 *
 * Throws ValidationError `invalid_window` when `from` is not before `to` or the window is longer
 * than {@link MAX_WINDOW_MS}.
 */
export async function getInsights(deps: GetInsightsDeps, input: GetInsightsInput = {}): Promise<Insights> {
  const to = input.to ?? deps.now();
  const from = input.from ?? new Date(to.getTime() - DEFAULT_WINDOW_MS);
  if (from.getTime() >= to.getTime()) {
    throw new ValidationError('The window is empty: from must be before to', [{ path: 'query.from', message: 'must be before to' }], 'invalid_window');
  }
  if (to.getTime() - from.getTime() > MAX_WINDOW_MS) {
    throw new ValidationError('The window is longer than 92 days', [{ path: 'query.from', message: 'at most 92 days before to' }], 'invalid_window');
  }
  const events = await deps.repos.events.list({
    from: new Date(from.getTime() - LOOKBACK_MS), to, ...(input.botId === undefined ? {} : { bot_ids: [input.botId, null] }),
  });
  const { metrics, counts } = computeInsights(events, { from, to });
  const campaigns = deps.campaigns ? await deps.campaigns({ ...(input.botId === undefined ? {} : { botId: input.botId }), from, to }) : [];
  return { bot_id: input.botId ?? null, from: from.toISOString(), to: to.toISOString(), metrics, targets: targetsFor(metrics), counts, campaigns };
}
