import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import type { Attendant, Queue } from '../types.js';

/** Transfer to an attendant or back to a queue, with the reason the event log keeps (rest.md, "Transfer"). */
export function TransferForm({ sessionId, onDone }: { sessionId: string; onDone(): void }) {
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
      setError(err instanceof ApiError ? err.message : 'Transfer failed');
    }
  }

  return (
    <form className="transfer" onSubmit={(e) => void submit(e)} aria-label="Transfer">
      <label htmlFor="transfer-to">To</label>
      <select id="transfer-to" value={target} onChange={(e) => setTarget(e.target.value)} required autoFocus>
        <option value="">choose…</option>
        <optgroup label="Attendants">
          {attendants.map((a) => <option key={a.id} value={`a:${a.id}`}>{a.name} ({a.status}, {a.active_conversations} open)</option>)}
        </optgroup>
        <optgroup label="Queues">
          {queues.map((q) => <option key={q.id} value={`q:${q.id}`}>{q.name}</option>)}
        </optgroup>
      </select>
      <label htmlFor="transfer-reason">Reason</label>
      <input id="transfer-reason" value={reason} onChange={(e) => setReason(e.target.value)} required />
      <button type="submit">Transfer</button>
      {error && <p role="alert" className="error">{error}</p>}
    </form>
  );
}
