import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../live-context.js';
import type { Attendant } from '../types.js';

interface Group { id: string | null; metric: 'first_response' | 'resolution'; total: number; met: number; breached: number; attainment: number | null }
interface Answer { by_queue: Group[]; by_attendant: Group[] }

/** SLA attainment per queue and per attendant for the window (docs/attendance/sla.md, "Attainment"). */
export function SlaAttainment({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [answer, setAnswer] = useState<Answer>();
  const [queues, setQueues] = useState<{ id: string; name: string }[]>([]);
  const [attendants, setAttendants] = useState<Attendant[]>([]);
  useEffect(() => {
    api.get<Answer>(`/api/attendance/insights/sla?from=${from}&to=${to}`).then(setAnswer, () => undefined);
  }, [api, from, to]);
  useEffect(() => {
    api.get<{ id: string; name: string }[]>('/api/attendance/queues').then(setQueues, () => undefined);
    api.get<Attendant[]>('/api/attendance/attendants').then(setAttendants, () => undefined);
  }, [api]);
  if (!answer) return null;
  const queueName = (id: string | null) => (id ? queues.find((q) => q.id === id)?.name ?? id.slice(0, 8) : t('sla.no_queue'));
  const attendantName = (id: string | null) => (id ? attendants.find((a) => a.id === id)?.name ?? id.slice(0, 8) : t('common.unassigned'));
  const table = (caption: string, groups: Group[], name: (id: string | null) => string) => (
    // Five columns of long words (Portuguese, Spanish) do not fit a phone: the table scrolls in its own
    // region, focusable so a keyboard can scroll it (styles.css, .table-scroll).
    <div className="table-fit table-scroll" role="region" aria-label={`${t('sla.attainment_title')}: ${caption}`} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead><tr><th scope="col">{caption}</th><th scope="col">{t('sla.metric')}</th><th scope="col">{t('sla.met')}</th><th scope="col">{t('sla.breached_count')}</th><th scope="col">{t('sla.attainment')}</th></tr></thead>
        <tbody>
          {groups.length === 0 && <tr><td colSpan={5}>{t('insights.no_data')}</td></tr>}
          {groups.map((g) => (
            <tr key={`${g.id ?? '-'}-${g.metric}`}>
              <td>{name(g.id)}</td><td>{t(`sla.${g.metric}`)}</td><td>{g.met}</td><td>{g.breached}</td>
              <td>{g.attainment === null ? '—' : `${(g.attainment * 100).toFixed(1)} %`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <section className="sla-attainment" aria-labelledby="sla-attainment-title">
      <h3 id="sla-attainment-title">{t('sla.attainment_title')}</h3>
      {table(t('sla.by_queue'), answer.by_queue, queueName)}
      {table(t('sla.by_attendant'), answer.by_attendant, attendantName)}
    </section>
  );
}
