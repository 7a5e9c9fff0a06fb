import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import { ReportChart } from './report-chart.js';

interface CatalogueSource { key: string; measures: { key: string; unit: string }[]; group_by: string[]; filters: string[] }
interface Catalogue { sources: CatalogueSource[]; periods: string[] }
interface Column { key: string; kind: 'dimension' | 'measure'; unit?: string; labelled?: boolean }
export interface ReportAnswer { columns: Column[]; rows: Record<string, string | number | null>[]; truncated: boolean; from: string; to: string }
interface Definition {
  source: string; measures: string[]; group_by: string[]; period: string; time_zone: string; chart: 'bar' | 'line' | 'none';
  filters: { channels?: string[]; tags?: string[] };
}
interface Saved { id: string; name: string; definition: Definition; shared_roles: string[]; schedule: string; recipients: string[]; can_edit: boolean }

const CHANNELS = ['web', 'mobile_msg', 'bot_msg', 'sms', 'social_dm', 'page_msg', 'workchat', 'rtc_sip'];
const BLANK: Definition = { source: 'conversations', measures: ['conversations', 'avg_wait'], group_by: ['queue'], period: 'last_7_days', time_zone: 'UTC', chart: 'bar', filters: {} };

/**
 * Custom reports (docs/attendance/reports.md): pick measures, group-bys, filters and a period, run
 * it as a table and a chart, download it as CSV, save it, share it and have it e-mailed. The form
 * is built from the server's catalogue, so a measure added there appears here.
 */
export function Reports() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [catalogue, setCatalogue] = useState<Catalogue>();
  const [saved, setSaved] = useState<Saved[]>([]);
  const [definition, setDefinition] = useState<Definition>(BLANK);
  const [current, setCurrent] = useState<Saved>();
  const [name, setName] = useState('');
  const [tags, setTags] = useState('');
  const [share, setShare] = useState<string[]>([]);
  const [schedule, setSchedule] = useState('none');
  const [recipients, setRecipients] = useState('');
  const [answer, setAnswer] = useState<ReportAnswer>();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const fail = useCallback((err: unknown) => setError(err instanceof ApiError ? err.message : t('reports.failed')), [t]);
  const loadSaved = useCallback(() => api.get<{ reports: Saved[] }>('/api/attendance/reports').then((r) => setSaved(r.reports)).catch(fail), [api, fail]);
  useEffect(() => {
    api.get<Catalogue>('/api/attendance/reports/catalogue').then(setCatalogue).catch(fail);
    void loadSaved();
  }, [api, fail, loadSaved]);

  const source = catalogue?.sources.find((s) => s.key === definition.source);
  const body = (): Definition => {
    const tagList = tags.split(',').map((x) => x.trim()).filter(Boolean);
    const filters = { ...(definition.filters.channels?.length ? { channels: definition.filters.channels } : {}), ...(tagList.length ? { tags: tagList } : {}) };
    return { ...definition, filters };
  };
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));

  const run = async (e?: FormEvent) => {
    e?.preventDefault();
    setError('');
    try {
      setAnswer(await api.post<ReportAnswer>('/api/attendance/reports/run', body()));
      setStatus(t('reports.ran'));
    } catch (err) { fail(err); }
  };
  const download = async () => {
    setError('');
    try {
      const blob = await api.file('POST', '/api/attendance/reports/export', body());
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `${(name || 'report').replace(/[^\w.-]+/g, '-')}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (err) { fail(err); }
  };
  const save = async () => {
    setError('');
    const payload = {
      name: name.trim(), definition: body(), shared_roles: share, schedule,
      recipients: recipients.split(',').map((x) => x.trim()).filter(Boolean),
    };
    try {
      const stored = current?.can_edit
        ? await api.patch<Saved>(`/api/attendance/reports/${current.id}`, payload)
        : await api.post<Saved>('/api/attendance/reports', payload);
      setCurrent(stored);
      setStatus(t('reports.saved', { name: stored.name }));
      await loadSaved();
    } catch (err) { fail(err); }
  };
  const open = async (report: Saved) => {
    setCurrent(report);
    setName(report.name);
    setDefinition({ ...BLANK, ...report.definition, filters: report.definition.filters });
    setTags((report.definition.filters.tags ?? []).join(', '));
    setShare(report.shared_roles);
    setSchedule(report.schedule);
    setRecipients(report.recipients.join(', '));
    setError('');
    try {
      setAnswer(await api.get<ReportAnswer>(`/api/attendance/reports/${report.id}/result`));
      setStatus(t('reports.ran'));
    } catch (err) { fail(err); }
  };
  const remove = async (report: Saved) => {
    try {
      await api.delete(`/api/attendance/reports/${report.id}`);
      if (current?.id === report.id) setCurrent(undefined);
      await loadSaved();
    } catch (err) { fail(err); }
  };

  return (
    <main className="reports">
      <h2>{t('reports.title')}</h2>
      <section aria-labelledby="saved-reports">
        <h3 id="saved-reports">{t('reports.saved_title')}</h3>
        {saved.length === 0 ? <p className="note">{t('reports.none_saved')}</p> : (
          <ul>
            {saved.map((r) => (
              <li key={r.id}>
                <button type="button" onClick={() => void open(r)}>{r.name}</button>
                {r.can_edit && <button type="button" onClick={() => void remove(r)} aria-label={t('reports.delete', { name: r.name })}>✕</button>}
              </li>
            ))}
          </ul>
        )}
      </section>
      {catalogue && source && (
        <form onSubmit={(e) => void run(e)} aria-label={t('reports.builder')}>
          <label htmlFor="report-source">{t('reports.source')}</label>
          <select id="report-source" value={definition.source}
            onChange={(e) => {
              const next = catalogue.sources.find((s) => s.key === e.target.value)!;
              setDefinition({ ...definition, source: next.key, measures: [next.measures[0]!.key], group_by: [] });
            }}>
            {catalogue.sources.map((s) => <option key={s.key} value={s.key}>{t(`reports.sources.${s.key}`)}</option>)}
          </select>
          <fieldset>
            <legend>{t('reports.measures')}</legend>
            {source.measures.map((m) => (
              <label key={m.key} className="check">
                <input type="checkbox" checked={definition.measures.includes(m.key)}
                  onChange={(e) => setDefinition({ ...definition, measures: toggle(definition.measures, m.key, e.target.checked) })} />
                {t(`reports.measure.${m.key}`)}
              </label>
            ))}
          </fieldset>
          {[0, 1].map((i) => (
            <span key={i}>
              <label htmlFor={`report-group-${i}`}>{t(i === 0 ? 'reports.group_by' : 'reports.then_by')}</label>
              <select id={`report-group-${i}`} value={definition.group_by[i] ?? ''}
                onChange={(e) => {
                  const group = [...definition.group_by];
                  group[i] = e.target.value;
                  setDefinition({ ...definition, group_by: group.filter(Boolean).filter((g, j, all) => all.indexOf(g) === j) });
                }}>
                <option value="">{t('reports.nothing')}</option>
                {source.group_by.map((g) => <option key={g} value={g}>{t(`reports.dimension.${g}`)}</option>)}
              </select>
            </span>
          ))}
          <label htmlFor="report-period">{t('reports.period')}</label>
          <select id="report-period" value={definition.period} onChange={(e) => setDefinition({ ...definition, period: e.target.value })}>
            {catalogue.periods.filter((p) => p !== 'custom').map((p) => <option key={p} value={p}>{t(`reports.periods.${p}`)}</option>)}
          </select>
          <label htmlFor="report-zone">{t('reports.time_zone')}</label>
          <input id="report-zone" value={definition.time_zone} onChange={(e) => setDefinition({ ...definition, time_zone: e.target.value })} />
          {source.filters.includes('channels') && (
            <fieldset>
              <legend>{t('reports.channels')}</legend>
              {CHANNELS.map((c) => (
                <label key={c} className="check">
                  <input type="checkbox" checked={definition.filters.channels?.includes(c) ?? false}
                    onChange={(e) => setDefinition({ ...definition, filters: { ...definition.filters, channels: toggle(definition.filters.channels ?? [], c, e.target.checked) } })} />
                  {c}
                </label>
              ))}
            </fieldset>
          )}
          <label htmlFor="report-tags">{t('reports.tags')}</label>
          <input id="report-tags" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="vip, b2b" />
          <label htmlFor="report-chart">{t('reports.chart')}</label>
          <select id="report-chart" value={definition.chart} onChange={(e) => setDefinition({ ...definition, chart: e.target.value as Definition['chart'] })}>
            {(['bar', 'line', 'none'] as const).map((c) => <option key={c} value={c}>{t(`reports.charts.${c}`)}</option>)}
          </select>
          <div className="actions">
            <button type="submit">{t('reports.run')}</button>
            <button type="button" onClick={() => void download()}>{t('reports.export')}</button>
          </div>
          <fieldset>
            <legend>{t('reports.save_title')}</legend>
            <label htmlFor="report-name">{t('reports.name')}</label>
            <input id="report-name" value={name} onChange={(e) => setName(e.target.value)} />
            {['supervisor', 'attendant'].map((role) => (
              <label key={role} className="check">
                <input type="checkbox" checked={share.includes(role)} onChange={(e) => setShare(toggle(share, role, e.target.checked))} />
                {t(`reports.share_with.${role}`)}
              </label>
            ))}
            <label htmlFor="report-schedule">{t('reports.schedule')}</label>
            <select id="report-schedule" value={schedule} onChange={(e) => setSchedule(e.target.value)}>
              {['none', 'daily', 'weekly'].map((s) => <option key={s} value={s}>{t(`reports.schedules.${s}`)}</option>)}
            </select>
            <label htmlFor="report-recipients">{t('reports.recipients')}</label>
            <input id="report-recipients" value={recipients} onChange={(e) => setRecipients(e.target.value)} placeholder="lead@example.com" />
            <button type="button" onClick={() => void save()} disabled={!name.trim()}>{current?.can_edit ? t('reports.update') : t('reports.save')}</button>
          </fieldset>
        </form>
      )}
      {error && <p role="alert" className="error">{error}</p>}
      <p role="status" className="note">{status}</p>
      {answer && <ReportView answer={answer} chart={definition.chart} />}
    </main>
  );
}

/** The answer as a chart of its first measure and as a table. */
function ReportView({ answer, chart }: { answer: ReportAnswer; chart: Definition['chart'] }) {
  const { t } = useTranslation();
  const dimensions = answer.columns.filter((c) => c.kind === 'dimension');
  const measures = answer.columns.filter((c) => c.kind === 'measure');
  const cell = (row: ReportAnswer['rows'][number], c: Column) => {
    const value = c.labelled ? row[`${c.key}_label`] ?? row[c.key] : row[c.key];
    return value === null || value === undefined ? '—' : String(value);
  };
  if (answer.rows.length === 0) return <p className="empty">{t('reports.empty')}</p>;
  return (
    <section aria-label={t('reports.result')}>
      {chart !== 'none' && measures[0] && (
        <ReportChart kind={chart} label={t(`reports.measure.${measures[0].key}`)}
          points={answer.rows.map((row) => ({ name: dimensions.map((d) => cell(row, d)).join(' · ') || t('reports.total'), value: Number(row[measures[0]!.key] ?? 0) }))} />
      )}
      <table>
        <caption>{t('reports.caption', { from: answer.from.slice(0, 10), to: answer.to.slice(0, 10) })}</caption>
        <thead>
          <tr>{answer.columns.map((c) => <th key={c.key} scope="col">{t(c.kind === 'measure' ? `reports.measure.${c.key}` : `reports.dimension.${c.key}`)}</th>)}</tr>
        </thead>
        <tbody>
          {answer.rows.map((row, i) => <tr key={i}>{answer.columns.map((c) => <td key={c.key}>{cell(row, c)}</td>)}</tr>)}
        </tbody>
      </table>
      {answer.truncated && <p className="note">{t('reports.truncated')}</p>}
    </section>
  );
}
