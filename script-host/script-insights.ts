import type { ConversationEffect, ObjectValue, Value } from '../basic-interpreter/index.js';
import type { MetricsQuery } from './ports.js';
import type { HostContext, ScriptBot } from './script-host-context.js';

type KbStatsEffect = Extract<ConversationEffect, { type: 'kb.stats' }>;
type MetricsEffect = Extract<ConversationEffect, { type: 'metrics.query' }>;
type LeadScoreEffect = Extract<ConversationEffect, { type: 'lead.score' }>;

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

/**
 * The KB statistics keywords (docs/basic.md, "Knowledge base statistics") from the bot's indexed
 * sources: a collection's documents are its files (a site's: its pages), its vectors are its
 * passages, its size the bytes of their text. A source's documents count as added when it was last
 * indexed (the index keeps no date per document).
 */
export async function knowledgeStatistic(ctx: HostContext, bot: ScriptBot, effect: KbStatsEffect): Promise<Value> {
  const { sources } = await ctx.capabilities.knowledgeStats({ bot_id: bot.id });
  const now = ctx.now().getTime();
  const documents = sources.reduce((n, s) => n + s.documents, 0);
  const bytes = sources.reduce((n, s) => n + s.bytes, 0);
  const addedSince = (days: number) => sources.filter((s) => s.indexed_at.getTime() >= now - days * DAY_MS).reduce((n, s) => n + s.documents, 0);
  const collection = (s: (typeof sources)[number]): ObjectValue => ({
    name: s.source, kind: s.kind, points_count: s.documents, vectors_count: s.chunks, documents: s.documents, chunks: s.chunks,
    disk_data_size: s.bytes, status: 'green', indexed_at: s.indexed_at.toISOString(),
  });
  switch (effect.stat) {
    case 'documents':
      return documents;
    case 'added_since':
      return addedSince(effect.days ?? 0);
    case 'storage':
      return Math.round((bytes / MB) * 100) / 100;
    case 'collections':
      return sources.map((s) => s.source);
    case 'collection': {
      const wanted = (effect.collection ?? '').toLowerCase();
      const found = sources.find((s) => s.source.toLowerCase() === wanted);
      if (!found) throw new Error(`KB COLLECTION STATS: the bot has no indexed collection "${effect.collection ?? ''}" (USE KB indexes one)`);
      return collection(found);
    }
    case 'statistics':
      return {
        total_collections: sources.length, total_documents: documents, total_vectors: sources.reduce((n, s) => n + s.chunks, 0),
        total_disk_size_mb: Math.round((bytes / MB) * 100) / 100, total_ram_size_mb: 0,
        documents_added_last_week: addedSince(7), documents_added_last_month: addedSince(30),
        collections: sources.map(collection),
      };
  }
}

/** `30d`, `24h`, `1w`, `1mo`, `1y`, `90m` (minutes): a length in seconds, or undefined. */
export function durationSeconds(text: string): number | undefined {
  const found = /^\s*(\d+(?:\.\d+)?)\s*(min|mo|m|h|d|w|y)\s*$/i.exec(text);
  if (!found) return undefined;
  const unit = found[2]!.toLowerCase();
  const seconds = { m: 60, min: 60, h: 3600, d: 86_400, w: 604_800, mo: 2_592_000, y: 31_536_000 }[unit] ?? 0;
  return Number(found[1]) * seconds;
}

const METRICS: readonly MetricsQuery['metric'][] = ['messages', 'active_sessions'];
const METRIC_NAMES: Record<string, MetricsQuery['metric']> = { messages: 'messages', active_sessions: 'active_sessions', sessions: 'active_sessions', conversations: 'active_sessions' };
/** At most this many buckets per query, so `FOR "1y" BY "1h"` cannot ask for 8,760 rows. */
const MAX_BUCKETS = 500;

/**
 * QUERY METRICS "name" FOR range [BY interval] [OFFSET n] (docs/basic.md, "QUERY METRICS"): the
 * range ends now (OFFSET n moves it n ranges back); without BY it is one bucket. The answer is a
 * list of `{time, count}`, oldest first.
 */
export async function queryMetrics(ctx: HostContext, bot: ScriptBot, effect: MetricsEffect): Promise<Value> {
  const metric = METRIC_NAMES[effect.metric];
  if (metric === undefined) throw new Error(`QUERY METRICS: "${effect.metric}" is not a metric here (${METRICS.join(', ')})`);
  const range = durationSeconds(effect.range);
  if (range === undefined || range <= 0) throw new Error(`QUERY METRICS: "${effect.range}" is not a time range (1h, 24h, 7d, 30d, 1mo, 1y)`);
  const step = effect.interval === undefined ? range : durationSeconds(effect.interval);
  if (step === undefined || step <= 0) throw new Error(`QUERY METRICS: "${effect.interval ?? ''}" is not an interval (1h, 1d, 1w, 1mo)`);
  if (range / step > MAX_BUCKETS) throw new Error(`QUERY METRICS: ${effect.range} by ${effect.interval ?? ''} is more than ${MAX_BUCKETS} intervals`);
  const to = new Date(ctx.now().getTime() - Math.max(0, effect.offset) * range * 1000);
  const from = new Date(to.getTime() - range * 1000);
  return ctx.capabilities.metrics({ metric, from, to, step_seconds: step, bot_id: bot.id });
}

const LEAD_INSTRUCTIONS = 'You score sales leads. Given a lead as JSON and a rule-based score, answer one JSON object '
  + '{"score": 0-100, "confidence": 0-1, "reasoning": "one sentence"} weighing how likely the lead is to buy.';

/**
 * AI SCORE LEAD (docs/basic.md, "Lead scoring"): with a model (llm-url or llm-key), the model's score
 * of the lead, told the rule's; without one, the rule's score, its `ai_confidence` NULL.
 */
export async function aiScoreLead(ctx: HostContext, bot: ScriptBot, effect: LeadScoreEffect): Promise<Value> {
  const breakdown = effect.rule.breakdown as ObjectValue;
  if (!bot.config['llm-url'] && !bot.config['llm-key']) return { ...effect.rule, breakdown: { ...breakdown, ai_confidence: null, ai_reasoning: null } };
  const answer = await ctx.llm.generate({
    keyword: 'AI SCORE LEAD', instructions: LEAD_INSTRUCTIONS, format: 'json', bot_id: bot.id,
    prompt: JSON.stringify({ lead: effect.lead, rule_score: effect.rule.score }),
  }) as { score?: unknown; confidence?: unknown; reasoning?: unknown };
  const score = Number(answer?.score);
  if (!Number.isFinite(score)) throw new Error('AI SCORE LEAD: the model\'s answer has no score');
  const rounded = Math.max(0, Math.min(100, Math.round(score)));
  const confidence = Number(answer.confidence);
  return {
    score: rounded, grade: rounded >= 80 ? 'A' : rounded >= 60 ? 'B' : rounded >= 40 ? 'C' : rounded >= 20 ? 'D' : 'F',
    status: rounded >= 70 ? 'hot' : rounded >= 40 ? 'warm' : 'cold', qualified: rounded >= 60,
    breakdown: {
      ...breakdown, rule_score: effect.rule.score as Value,
      ai_confidence: Number.isFinite(confidence) ? confidence : null, ai_reasoning: typeof answer.reasoning === 'string' ? answer.reasoning : null,
    },
  };
}
