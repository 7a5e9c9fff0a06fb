import { Bar, BarChart, Line, LineChart, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';

const BLUE = '#1f4fd1';

/**
 * A report's first measure over its groups, drawn with recharts like the insights charts
 * (charts.tsx): an image whose text alternative lists every value, since the table below has them
 * too; recharts' keyboard layer is off.
 */
export function ReportChart({ kind, label, points }: { kind: 'bar' | 'line'; label: string; points: { name: string; value: number }[] }) {
  const { t } = useTranslation();
  const text = t('reports.chart_alt', { label, values: points.slice(0, 50).map((p) => `${p.name}: ${p.value}`).join('; ') });
  const width = Math.min(900, Math.max(320, points.length * 40));
  return (
    <div role="img" aria-label={text} className="chart report-chart">
      {kind === 'bar' ? (
        <BarChart width={width} height={220} data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <XAxis dataKey="name" tick={{ fontSize: 11, fill: '#333' }} interval="preserveStartEnd" />
          <YAxis tick={{ fontSize: 11, fill: '#333' }} width={48} />
          <Bar dataKey="value" fill={BLUE} isAnimationActive={false} />
        </BarChart>
      ) : (
        <LineChart width={width} height={220} data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <XAxis dataKey="name" tick={{ fontSize: 11, fill: '#333' }} interval="preserveStartEnd" />
          <YAxis tick={{ fontSize: 11, fill: '#333' }} width={48} />
          <Line dataKey="value" stroke={BLUE} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      )}
    </div>
  );
}
