import { Bar, BarChart as RechartsBar, Line, LineChart, ReferenceLine, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';

/**
 * The insights charts, drawn with recharts (a maintained chart library; docs/attendance/console.md). Each chart is
 * an image with a text alternative for screen readers; recharts' keyboard layer is off, since the
 * numbers are in that text and in the figure's caption.
 */

const W = 240;
const H = 60;
const BLUE = '#1f4fd1';
const RED = '#b00020';

/** One value as a bar against its target (the dashed line), when the KPI has one. */
export function BarChart({ label, value, target }: { label: string; value: number | null; target?: number }) {
  const { t } = useTranslation();
  const max = Math.max(value ?? 0, target ?? 0, 1) * 1.2;
  return (
    <div role="img" aria-label={target === undefined ? t('insights.chart', { label, value: value ?? t('insights.chart_no_data') }) : t('insights.chart_target', { label, value: value ?? t('insights.chart_no_data'), target })} className="chart bar">
      <RechartsBar width={W} height={28} data={[{ name: label, value: value ?? 0 }]} layout="vertical" margin={{ top: 2, right: 0, bottom: 2, left: 0 }}
        accessibilityLayer={false}>
        <XAxis type="number" domain={[0, max]} hide />
        <YAxis type="category" dataKey="name" hide />
        <Bar dataKey="value" fill={BLUE} isAnimationActive={false} />
        {target !== undefined && <ReferenceLine x={target} stroke={RED} strokeDasharray="3 2" strokeWidth={2} ifOverflow="extendDomain" />}
      </RechartsBar>
    </div>
  );
}

/**
 * Values over equal slices of a period as a line over a baseline, joined across slices without
 * data. No dots: a lone value drawn as a dot under the bar read as a stray artefact; with fewer
 * than two values the chart is the baseline alone, and its text alternative still has the numbers.
 */
export function TrendChart({ label, values }: { label: string; values: (number | null)[] }) {
  const { t } = useTranslation();
  const enough = values.filter((v) => v !== null).length >= 2;
  const data = values.map((value, slice) => ({ slice, value: enough ? value : null }));
  return (
    <div role="img" aria-label={t('insights.chart', { label, value: values.map((v) => v ?? t('insights.chart_no_data')).join(', ') })} className="chart trend">
      <LineChart width={W} height={H} data={data} margin={{ top: 6, right: 6, bottom: 6, left: 6 }} accessibilityLayer={false}>
        <XAxis dataKey="slice" tick={false} tickLine={false} height={1} stroke="#c5cad6" />
        <YAxis domain={[0, 'auto']} hide />
        <Line dataKey="value" stroke={BLUE} strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
      </LineChart>
    </div>
  );
}
