import { useEffect, useState } from 'react';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import { BarChart, TrendChart } from './charts.js';

interface Target { below?: number; above?: number; unit: string; met: boolean | null }
interface InsightsAnswer { metrics: Record<string, number | null>; targets: Record<string, Target>; counts: Record<string, number> }

/** The 2.14 KPIs shown (docs/attendance/insights-and-survey.md); the video ones (docs/meetings.md) are in the API answer, not on this screen yet. */
const KPIS = [
  ['avg_wait_time', 'Average wait'],
  ['first_response_time', 'First response'],
  ['resolution_rate', 'Resolution rate'],
  ['customer_satisfaction', 'Satisfaction'],
  ['attendant_utilization', 'Utilization'],
  ['transfers_rate', 'Transfers'],
] as const;

const PERIODS = [
  { id: '24h', label: 'Last 24 hours', ms: 24 * 3600_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 24 * 3600_000 },
  { id: '30d', label: 'Last 30 days', ms: 30 * 24 * 3600_000 },
] as const;
const SLICES = 6;

/**
 * The insights dashboard: each KPI against its target for the chosen period, and its trend over
 * six slices of that period, drawn with recharts (charts.tsx).
 */
export function Insights() {
  const { api } = useConsole();
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['id']>('24h');
  const [total, setTotal] = useState<InsightsAnswer>();
  const [slices, setSlices] = useState<InsightsAnswer[]>([]);
  const [error, setError] = useState('');

  useEffect(() => {
    const ms = PERIODS.find((p) => p.id === period)!.ms;
    const to = Date.now();
    const ask = (from: number, until: number) =>
      api.get<InsightsAnswer>(`/api/attendance/insights?from=${new Date(from).toISOString()}&to=${new Date(until).toISOString()}`);
    const step = ms / SLICES;
    Promise.all([ask(to - ms, to), ...Array.from({ length: SLICES }, (_, i) => ask(to - ms + i * step, to - ms + (i + 1) * step))])
      .then(([all, ...parts]) => {
        setTotal(all);
        setSlices(parts);
        setError('');
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'Could not load the insights'));
  }, [api, period]);

  return (
    <main className="insights">
      <h2>Insights</h2>
      <label htmlFor="period">Period</label>{' '}
      <select id="period" value={period} onChange={(e) => setPeriod(e.target.value as typeof period)}>
        {PERIODS.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
      </select>
      {error && <p role="alert" className="error">{error}</p>}
      {total && (
        <>
          <p className="counts">
            {Object.entries(total.counts).map(([k, v]) => <span key={k}>{k}: <strong>{v}</strong> </span>)}
          </p>
          <div className="kpis">
            {KPIS.map(([key, label]) => {
              const target = total.targets[key]!;
              return (
                <figure key={key} className={`kpi met-${String(target.met)}`}>
                  <figcaption>
                    {label}: <strong>{format(total.metrics[key] ?? null, target.unit)}</strong>{' '}
                    <span>target {target.below !== undefined ? `below ${target.below}` : `above ${target.above}`} {target.unit}{' '}
                      {target.met === null ? '(no data)' : target.met ? '✓ met' : '✗ missed'}</span>
                  </figcaption>
                  <BarChart label={label} value={total.metrics[key] ?? null} target={target.below ?? target.above ?? 0} />
                  <TrendChart label={`${label} over the period`} values={slices.map((s) => s.metrics[key] ?? null)} />
                </figure>
              );
            })}
          </div>
        </>
      )}
    </main>
  );
}

function format(value: number | null, unit: string): string {
  if (value === null) return '—';
  return unit === 'percent' ? `${value.toFixed(1)} %` : unit === 'seconds' ? `${value.toFixed(1)} s` : value.toFixed(2);
}
