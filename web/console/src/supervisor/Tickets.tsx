import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api.js';
import { useConsole, useLiveFrames } from '../live-context.js';
import type { Attendant } from '../types.js';

interface Ticket {
  id: string;
  ticket_number: number;
  subject: string;
  description: string | null;
  status: string;
  priority: string;
  category: string | null;
  assigned_to: string | null;
  updated_at: string;
}

const PRIORITIES = ['low', 'normal', 'high', 'urgent'];

/** Tickets (docs/attendance/tickets.md): the list, and one ticket to edit, assign, transfer or resolve. */
export function Tickets() {
  const { api } = useConsole();
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const [openId, setOpenId] = useState<string>();
  const [attendants, setAttendants] = useState<Attendant[]>([]);

  const load = useCallback(() => {
    void api.get<{ tickets: Ticket[] }>('/api/attendance/tickets?limit=100').then((l) => setTickets(l.tickets));
  }, [api]);
  useEffect(load, [load]);
  useEffect(() => {
    api.get<Attendant[]>('/api/attendance/attendants').then(setAttendants, () => undefined);
  }, [api]);
  useLiveFrames((frame) => {
    if (frame.type === 'ticket_updated' || frame.type === 'reconnected') load();
  });
  const name = (id: string | null) => (id ? attendants.find((a) => a.id === id)?.name ?? id.slice(0, 8) : '—');
  const open = tickets.find((t) => t.id === openId);

  return (
    <main className="tickets">
      <h2>Tickets</h2>
      <table>
        <thead><tr><th scope="col">#</th><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Priority</th><th scope="col">Assignee</th></tr></thead>
        <tbody>
          {tickets.map((t) => (
            <tr key={t.id} className={t.id === openId ? 'selected' : undefined}>
              <td>{t.ticket_number}</td>
              <td><button type="button" className="link" onClick={() => setOpenId(t.id)}>{t.subject}</button></td>
              <td>{t.status}</td><td>{t.priority}</td><td>{name(t.assigned_to)}</td>
            </tr>
          ))}
          {tickets.length === 0 && <tr><td colSpan={5}>No tickets.</td></tr>}
        </tbody>
      </table>
      {open && <TicketDetail key={open.id + open.updated_at} ticket={open} attendants={attendants} onChanged={load} />}
    </main>
  );
}

function TicketDetail({ ticket, attendants, onChanged }: { ticket: Ticket; attendants: Attendant[]; onChanged(): void }) {
  const { api } = useConsole();
  const [subject, setSubject] = useState(ticket.subject);
  const [description, setDescription] = useState(ticket.description ?? '');
  const [priority, setPriority] = useState(ticket.priority);
  const [who, setWho] = useState('');
  const [message, setMessage] = useState('');

  async function run(what: string, call: () => Promise<unknown>) {
    try {
      await call();
      setMessage(`${what}.`);
      onChanged();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : `${what} failed`);
    }
  }
  const save = (e: FormEvent) => {
    e.preventDefault();
    void run('Saved', () => api.put(`/api/attendance/tickets/${ticket.id}`, { subject, description: description || null, priority }));
  };

  return (
    <section className="ticket-detail" aria-labelledby="ticket-title">
      <h3 id="ticket-title">Ticket {ticket.ticket_number} · {ticket.status}</h3>
      <form onSubmit={save}>
        <label htmlFor="t-subject">Subject</label>
        <input id="t-subject" value={subject} onChange={(e) => setSubject(e.target.value)} required />
        <label htmlFor="t-description">Description</label>
        <textarea id="t-description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <label htmlFor="t-priority">Priority</label>
        <select id="t-priority" value={priority} onChange={(e) => setPriority(e.target.value)}>
          {PRIORITIES.map((p) => <option key={p}>{p}</option>)}
        </select>
        <button type="submit">Save</button>
      </form>
      <div className="ticket-actions">
        <label htmlFor="t-who">Attendant</label>
        <select id="t-who" value={who} onChange={(e) => setWho(e.target.value)}>
          <option value="">choose…</option>
          {attendants.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        </select>
        <button type="button" disabled={!who} onClick={() => void run('Assigned', () => api.post(`/api/attendance/tickets/${ticket.id}/assign`, { user_id: who }))}>Assign</button>
        <button type="button" disabled={!who} onClick={() => void run('Transferred', () => api.post(`/api/attendance/tickets/${ticket.id}/transfer`, { to_user_id: who }))}>Transfer</button>
        <button type="button" onClick={() => void run('Resolved', () => api.post(`/api/attendance/tickets/${ticket.id}/resolve`, {}))}>Resolve</button>
      </div>
      <p role="status" aria-live="polite">{message}</p>
    </section>
  );
}
