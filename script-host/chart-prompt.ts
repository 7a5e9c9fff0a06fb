import { z } from 'zod';
import { CHART_TYPES, chartSvg, defaultChartPath, normalizeFilePath, type Value } from '../basic-interpreter/index.js';
import type { ScriptBot, HostContext } from './script-host-context.js';

/**
 * CHART PROMPT prompt [, data] [TO path] (docs/basic.md, "Compatibility"): the bot's model turns
 * the request and the data into a chart spec, checked here before anything is drawn; the chart is
 * then drawn and stored as CHART does, and the value is its drive path.
 */

const MAX_POINTS = 50;

/** The one shape the model may answer; anything else is the script's runtime error. */
const ChartSpecSchema = z.object({
  type: z.enum(CHART_TYPES),
  values: z.array(z.number().finite()).min(1).max(MAX_POINTS),
  labels: z.array(z.string().max(80)).max(MAX_POINTS),
  // Not drawn (the SVG has no title), but a model often adds one: it is no reason to refuse the chart.
  title: z.string().optional(),
}).refine((spec) => spec.labels.length === spec.values.length, { message: 'labels and values differ in length', path: ['labels'] });

const INSTRUCTIONS = [
  'You turn a request for a chart into its specification, as one JSON object and nothing else:',
  `{"type": one of ${CHART_TYPES.map((t) => `"${t}"`).join(', ')}, "values": [numbers], "labels": [one text per value]}.`,
  `At most ${MAX_POINTS} values. Take the numbers from the data given; compute sums or counts when the request asks for them.`,
].join('\n');

/** Runs CHART PROMPT for `bot`; resolves to the drive path of the SVG. */
export async function chartFromPrompt(
  ctx: Pick<HostContext, 'files' | 'llm'>,
  bot: ScriptBot,
  request: { prompt: string; data: Value; path?: string },
): Promise<string> {
  const data = request.data === null ? '' : `\n\nData (JSON):\n${JSON.stringify(request.data)}`;
  const answer = await ctx.llm.generate({
    keyword: 'CHART PROMPT', instructions: INSTRUCTIONS, format: 'json', bot_id: bot.id, prompt: `Request: ${request.prompt}${data}`,
  });
  const parsed = ChartSpecSchema.safeParse(answer);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`).join('; ');
    throw new Error(`CHART PROMPT: the model's answer is not a chart spec (${why})`);
  }
  const { type, values, labels } = parsed.data;
  const svg = chartSvg(type, values, labels);
  const path = normalizeFilePath(request.path ?? defaultChartPath(type, svg));
  await ctx.files(bot).write(path, Buffer.from(svg, 'utf8'));
  return path;
}
