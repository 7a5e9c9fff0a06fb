import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';

interface Policy {
  id: string; name: string; queue_id: string | null; tier: string | null;
  first_response_seconds: number | null; resolution_seconds: number | null; business_hours: boolean;
}

const TIERS = ['premium', 'gold', 'standard'];

/** SLA policies (docs/attendance/sla.md, "Policies"): the list, a new one, and deleting one; on the queues screen. */
export function SlaPolicies({ queues }: { queues: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [policies, setPolicies] = useState<Policy[]>();
  const [form, setForm] = useState({ name: '', queue: '', tier: '', first: '', resolution: '' });
  const [message, setMessage] = useState('');
  const load = useCallback(() => void api.get<Policy[]>('/api/attendance/sla/policies').then(setPolicies, () => undefined), [api]);
  useEffect(load, [load]);
  const minutes = (value: string) => (value.trim() === '' ? null : Math.round(Number(value) * 60));
  const shown = (seconds: number | null) => (seconds === null ? '—' : t('sla.minutes', { count: Math.round(seconds / 60) }));

  async function create(e: FormEvent) {
    e.preventDefault();
    try {
      await api.post('/api/attendance/sla/policies', {
        name: form.name, queue_id: form.queue || null, tier: form.tier || null,
        first_response_seconds: minutes(form.first), resolution_seconds: minutes(form.resolution),
      });
      setForm({ name: '', queue: '', tier: '', first: '', resolution: '' });
      setMessage(t('sla.policy_created'));
      load();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : t('sla.policy_failed'));
    }
  }
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <section aria-labelledby="sla-policies-title">
      <h3 id="sla-policies-title">{t('sla.policies')}</h3>
      {/* Six columns do not fit a phone: the table scrolls in its own region, focusable so a keyboard can scroll it (styles.css, .table-scroll). */}
      <div className="table-fit table-scroll" role="region" aria-label={t('sla.policies_list')} tabIndex={0}>
        <table>
          <thead><tr><th scope="col">{t('sla.policy_name')}</th><th scope="col">{t('sla.by_queue')}</th><th scope="col">{t('sla.tier')}</th><th scope="col">{t('sla.first_response')}</th><th scope="col">{t('sla.resolution')}</th><th scope="col">{t('queues.actions')}</th></tr></thead>
          <tbody>
            {(policies ?? []).map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td><td>{p.queue_id ? queues.find((q) => q.id === p.queue_id)?.name ?? p.queue_id.slice(0, 8) : t('sla.every_queue')}</td>
                <td>{p.tier ?? t('sla.every_tier')}</td><td>{shown(p.first_response_seconds)}</td><td>{shown(p.resolution_seconds)}</td>
                <td><button type="button" onClick={() => void api.delete(`/api/attendance/sla/policies/${p.id}`).then(load)}>{t('sla.delete_policy', { name: p.name })}</button></td>
              </tr>
            ))}
            {policies?.length === 0 && <tr><td colSpan={6}>{t('sla.no_policies')}</td></tr>}
          </tbody>
        </table>
      </div>
      <form className="inline" onSubmit={(e) => void create(e)}>
        <label htmlFor="sla-name">{t('sla.policy_name')}</label>
        <input id="sla-name" value={form.name} onChange={set('name')} required maxLength={100} />
        <label htmlFor="sla-queue">{t('sla.by_queue')}</label>
        <select id="sla-queue" value={form.queue} onChange={set('queue')}>
          <option value="">{t('sla.every_queue')}</option>
          {queues.map((q) => <option key={q.id} value={q.id}>{q.name}</option>)}
        </select>
        <label htmlFor="sla-tier">{t('sla.tier')}</label>
        <select id="sla-tier" value={form.tier} onChange={set('tier')}>
          <option value="">{t('sla.every_tier')}</option>
          {TIERS.map((tier) => <option key={tier}>{tier}</option>)}
        </select>
        <label htmlFor="sla-first">{t('sla.first_minutes')}</label>
        <input id="sla-first" type="number" min={1} value={form.first} onChange={set('first')} />
        <label htmlFor="sla-resolution">{t('sla.resolution_minutes')}</label>
        <input id="sla-resolution" type="number" min={1} value={form.resolution} onChange={set('resolution')} />
        <button type="submit">{t('sla.add_policy')}</button>
      </form>
      <p role="status" aria-live="polite">{message}</p>
    </section>
  );
}
