import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import type { Attendant, Queue } from '../types.js';
import { useTranslation } from 'react-i18next';

/** Transfer to an attendant or back to a queue, with the reason the event log keeps (rest.md, "Transfer"). */
export function TransferForm({ sessionId, onDone }: { sessionId: string; onDone(): void }) {
  const { t } = useTranslation();
  const { api, me } = useConsole();
  const [attendants, setAttendants] = useState<Attendant[]>([]);
  const [queues, setQueues] = useState<Queue[]>([]);
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    api.get<Attendant[]>('/api/attendance/attendants').then((a) => setAttendants(a.filter((x) => x.id !== me.id)), () => undefined);
    api.get<Queue[]>('/api/attendance/queues').then(setQueues, () => undefined);
  }, [api, me.id]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const [kind, id] = target.split(':');
    try {
      await api.post('/api/attendance/transfer', { session_id: sessionId, reason, ...(kind === 'a' ? { to_attendant_id: id } : { to_queue_id: id }) });
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('transfer.failed'));
    }
  }

  return (
    <form className="transfer" onSubmit={(e) => void submit(e)} aria-label={t('transfer.form')}>
      <label htmlFor="transfer-to">{t('transfer.to')}</label>
      <select id="transfer-to" value={target} onChange={(e) => setTarget(e.target.value)} required autoFocus>
        <option value="">{t('common.choose')}</option>
        <optgroup label={t('transfer.attendants')}>
          {attendants.map((a) => <option key={a.id} value={`a:${a.id}`}>{t('transfer.attendant', { name: a.name, status: t(`presence.${a.status}`), open: a.active_conversations })}</option>)}
        </optgroup>
        <optgroup label={t('transfer.queues')}>
          {queues.map((q) => <option key={q.id} value={`q:${q.id}`}>{q.name}</option>)}
        </optgroup>
      </select>
      <label htmlFor="transfer-reason">{t('transfer.reason')}</label>
      <input id="transfer-reason" value={reason} onChange={(e) => setReason(e.target.value)} required />
      <button type="submit">{t('transfer.submit')}</button>
      {error && <p role="alert" className="error">{error}</p>}
    </form>
  );
}
