import { useEffect, useState } from 'react';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import { BarChart, TrendChart } from './charts.js';
import { SlaAttainment } from './SlaAttainment.js';
import { useTranslation } from 'react-i18next';

interface Target { below?: number; above?: number; unit: string; met: boolean | null }
interface InsightsAnswer { metrics: Record<string, number | null>; targets: Record<string, Target>; counts: Record<string, number> }

/**
 * The 2.14 KPIs (docs/attendance/insights-and-survey.md), then the video ones (docs/meetings.md, "Insights");
 * each one's name is `kpi.<key>` of the console catalogue, each period's `period.<id>`.
 */
const KPIS = ['avg_wait_time', 'first_response_time', 'resolution_rate', 'customer_satisfaction', 'attendant_utilization', 'transfers_rate'] as const;
const VIDEO_KPIS = ['video_call_requests', 'video_calls_completed', 'avg_video_duration', 'screen_share_usage', 'transcription_accuracy'] as const;

const PERIODS = [
  { id: '24h', ms: 24 * 3600_000 },
  { id: '7d', ms: 7 * 24 * 3600_000 },
  { id: '30d', ms: 30 * 24 * 3600_000 },
] as const;
const SLICES = 6;

/**
 * The insights dashboard: each KPI against its target for the chosen period, and its trend over
 * six slices of that period, drawn with recharts (charts.tsx).
 */
export function Insights() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['id']>('24h');
  const [total, setTotal] = useState<InsightsAnswer>();
  const [slices, setSlices] = useState<InsightsAnswer[]>([]);
  const [error, setError] = useState('');
  const [span, setSpan] = useState<{ from: string; to: string }>();

  useEffect(() => {
    const ms = PERIODS.find((p) => p.id === period)!.ms;
    const to = Date.now();
    const ask = (from: number, until: number) =>
      api.get<InsightsAnswer>(`/api/attendance/insights?from=${new Date(from).toISOString()}&to=${new Date(until).toISOString()}`);
    setSpan({ from: new Date(to - ms).toISOString(), to: new Date(to).toISOString() });
    const step = ms / SLICES;
    Promise.all([ask(to - ms, to), ...Array.from({ length: SLICES }, (_, i) => ask(to - ms + i * step, to - ms + (i + 1) * step))])
      .then(([all, ...parts]) => {
        setTotal(all);
        setSlices(parts);
        setError('');
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : t('insights.failed')));
  }, [api, period, t]);

  return (
    <main className="insights">
      <h2>{t('insights.title')}</h2>
      <label htmlFor="period">{t('insights.period')}</label>{' '}
      <select id="period" value={period} onChange={(e) => setPeriod(e.target.value as typeof period)}>
        {PERIODS.map((p) => <option key={p.id} value={p.id}>{t(`period.${p.id}`)}</option>)}
      </select>
      {error && <p role="alert" className="error">{error}</p>}
      {total && (
        <>
          {Object.values(total.counts).every((v) => v === 0) && (
            <p className="empty">{t('insights.empty')}</p>
          )}
          <p className="counts">
            {Object.entries(total.counts).map(([k, v]) => <span key={k}>{k}: <strong>{v}</strong> </span>)}
          </p>
          <div className="kpis">
            {KPIS.map((key) => <Kpi key={key} label={t(`kpi.${key}`)} answer={total} slices={slices} name={key} />)}
          </div>
          <h3>{t('insights.video_calls')}</h3>
          <div className="kpis">
            {VIDEO_KPIS.map((key) => <Kpi key={key} label={t(`kpi.${key}`)} answer={total} slices={slices} name={key} />)}
          </div>
          {span && <SlaAttainment from={span.from} to={span.to} />}
        </>
      )}
    </main>
  );
}

/** One KPI against its target (when it has one) for the period, and its trend over the slices. */
function Kpi({ name, label, answer, slices }: { name: string; label: string; answer: InsightsAnswer; slices: InsightsAnswer[] }) {
  const { t } = useTranslation();
  const target = answer.targets[name] ?? { unit: 'count', met: null };
  const goal = target.below ?? target.above;
  const value = answer.metrics[name] ?? null;
  return (
    <figure className={`kpi met-${String(target.met)}`}>
      <figcaption>
        {label}: <strong>{format(value, target.unit)}</strong>{' '}
        {goal === undefined
          ? value === null && <span>{t('insights.no_data')}</span>
          : <span>{target.below !== undefined ? t('insights.target_below', { value: target.below, unit: target.unit }) : t('insights.target_above', { value: target.above, unit: target.unit })}{' '}
            {target.met === null ? t('insights.no_data') : target.met ? t('insights.met') : t('insights.missed')}</span>}
      </figcaption>
      <BarChart label={label} value={value} {...(goal === undefined ? {} : { target: goal })} />
      <TrendChart label={t('insights.over_period', { label })} values={slices.map((s) => s.metrics[name] ?? null)} />
    </figure>
  );
}

function format(value: number | null, unit: string): string {
  if (value === null) return '—';
  if (unit === 'count') return String(value);
  return unit === 'percent' ? `${value.toFixed(1)} %` : unit === 'seconds' ? `${value.toFixed(1)} s` : value.toFixed(2);
}
