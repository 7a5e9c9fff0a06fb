import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api.js';
import { useConsole, useLiveFrames } from '../live-context.js';
import type { Attendant, QueueItem } from '../types.js';
import { useTranslation } from 'react-i18next';
import { SlaTimer, useSlaClocks } from '../sla.js';

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

/** Tickets (docs/attendance/tickets.md): the list, a new ticket for a conversation, and one ticket to edit, assign, transfer or resolve. */
export function Tickets() {
  const { t } = useTranslation();
  const { api } = useConsole();
  // Undefined until the first answer, so the empty list's text never shows while loading.
  const [tickets, setTickets] = useState<Ticket[]>();
  const [openId, setOpenId] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [attendants, setAttendants] = useState<Attendant[]>([]);
  const clocks = useSlaClocks();

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
  const open = tickets?.find((one) => one.id === openId);

  return (
    <main className="tickets">
      <h2>{t('tickets.title')}</h2>
      <button type="button" aria-expanded={creating} onClick={() => { setCreating((c) => !c); setOpenId(undefined); }}>{t('tickets.new')}</button>
      {creating && <NewTicket onCreated={(id) => { setCreating(false); load(); setOpenId(id); }} />}
      <div className="table-fit">
      <table>
        <thead><tr><th scope="col">#</th><th scope="col">{t('tickets.subject')}</th><th scope="col">{t('tickets.status')}</th><th scope="col">{t('tickets.priority')}</th><th scope="col">{t('tickets.assignee')}</th><th scope="col">{t('sla.title')}</th></tr></thead>
        <tbody>
          {(tickets ?? []).map((ticket) => (
            <tr key={ticket.id} className={ticket.id === openId ? 'selected' : undefined}>
              <td>{ticket.ticket_number}</td>
              <td><button type="button" className="link" onClick={() => { setOpenId(ticket.id); setCreating(false); }}>{ticket.subject}</button></td>
              <td>{ticket.status}</td><td>{t(`priority.${ticket.priority}`)}</td><td>{name(ticket.assigned_to)}</td>
              <td><SlaTimer clocks={clocks.get(ticket.id)} /></td>
            </tr>
          ))}
          {tickets === undefined && <tr><td colSpan={6}>{t('app.loading')}</td></tr>}
          {tickets?.length === 0 && <tr><td colSpan={6}>{t('tickets.none')}</td></tr>}
        </tbody>
      </table>
      </div>
      {open && <TicketDetail key={open.id + open.updated_at} ticket={open} attendants={attendants} onChanged={load} />}
    </main>
  );
}

/**
 * A new ticket (`POST /api/attendance/tickets`): a ticket belongs to a conversation, so the form
 * offers the open ones; the server fills the channel, the contact and the assignee from it.
 */
function NewTicket({ onCreated }: { onCreated(id: string): void }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [conversations, setConversations] = useState<QueueItem[]>();
  const [sessionId, setSessionId] = useState('');
  const [fields, setFields] = useState<TicketFieldValues>({ subject: '', description: '', priority: 'normal' });
  const [error, setError] = useState('');

  useEffect(() => {
    api.get<QueueItem[]>('/api/attendance/queue').then(setConversations, () => setConversations([]));
  }, [api]);

  async function create(e: FormEvent) {
    e.preventDefault();
    setError('');
    try {
      const { subject, description, priority } = fields;
      const ticket = await api.post<{ id: string }>('/api/attendance/tickets', { session_id: sessionId, subject, priority, ...(description ? { description } : {}) });
      onCreated(ticket.id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('tickets.create_failed'));
    }
  }

  if (conversations?.length === 0) {
    return <p className="ticket-detail">{t('tickets.no_conversation')}</p>;
  }
  return (
    <section className="ticket-detail" aria-labelledby="new-ticket-title">
      <h3 id="new-ticket-title">{t('tickets.new')}</h3>
      <form onSubmit={(e) => void create(e)}>
        <label htmlFor="n-session">{t('tickets.conversation')}</label>
        <select id="n-session" value={sessionId} onChange={(e) => setSessionId(e.target.value)} required>
          <option value="">{t('common.choose')}</option>
          {conversations?.map((c) => <option key={c.session_id} value={c.session_id}>{c.user_name} · {c.channel} · {c.last_message ?? t(`state.${c.status}`)}</option>)}
        </select>
        <TicketFields id="n" values={fields} onChange={setFields} subjectMaxLength={200} />
        <button type="submit">{t('tickets.create')}</button>
      </form>
      {error && <p role="alert" className="error">{error}</p>}
    </section>
  );
}

interface TicketFieldValues {
  subject: string;
  description: string;
  priority: string;
}

/** Subject, description and priority: the fields a new ticket and an open one share (`id` prefixes the inputs' ids). */
function TicketFields({ id, values, onChange, subjectMaxLength }: {
  id: string; values: TicketFieldValues; onChange(next: TicketFieldValues): void; subjectMaxLength?: number;
}) {
  const { t } = useTranslation();
  const set = (change: Partial<TicketFieldValues>) => onChange({ ...values, ...change });
  return (
    <>
      <label htmlFor={`${id}-subject`}>{t('tickets.subject')}</label>
      <input id={`${id}-subject`} value={values.subject} onChange={(e) => set({ subject: e.target.value })} required maxLength={subjectMaxLength} />
      <label htmlFor={`${id}-description`}>{t('tickets.description')}</label>
      <textarea id={`${id}-description`} value={values.description} onChange={(e) => set({ description: e.target.value })} />
      <label htmlFor={`${id}-priority`}>{t('tickets.priority')}</label>
      <select id={`${id}-priority`} value={values.priority} onChange={(e) => set({ priority: e.target.value })}>
        {PRIORITIES.map((p) => <option key={p} value={p}>{t(`priority.${p}`)}</option>)}
      </select>
    </>
  );
}

function TicketDetail({ ticket, attendants, onChanged }: { ticket: Ticket; attendants: Attendant[]; onChanged(): void }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [fields, setFields] = useState<TicketFieldValues>({ subject: ticket.subject, description: ticket.description ?? '', priority: ticket.priority });
  const [who, setWho] = useState('');
  const [message, setMessage] = useState('');

  /** Runs an action; `what` names its two messages, `tickets.<what>` and `tickets.<what>_failed` (assigned, assign_failed…). */
  async function run(what: readonly [done: string, failed: string], call: () => Promise<unknown>) {
    try {
      await call();
      setMessage(what[0]);
      onChanged();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : what[1]);
    }
  }
  const save = (e: FormEvent) => {
    e.preventDefault();
    const { subject, description, priority } = fields;
    void run([t('tickets.saved'), t('tickets.save_failed')], () => api.put(`/api/attendance/tickets/${ticket.id}`, { subject, description: description || null, priority }));
  };

  return (
    <section className="ticket-detail" aria-labelledby="ticket-title">
      <h3 id="ticket-title">{t('tickets.ticket', { number: ticket.ticket_number, status: ticket.status })}</h3>
      <form onSubmit={save}>
        <TicketFields id="t" values={fields} onChange={setFields} />
        <button type="submit">{t('tickets.save')}</button>
      </form>
      <div className="ticket-actions">
        <label htmlFor="t-who">{t('tickets.attendant')}</label>
        <select id="t-who" value={who} onChange={(e) => setWho(e.target.value)}>
          <option value="">{t('common.choose')}</option>
          {attendants.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        </select>
        <button type="button" disabled={!who} onClick={() => void run([t('tickets.assigned'), t('tickets.assign_failed')], () => api.post(`/api/attendance/tickets/${ticket.id}/assign`, { user_id: who }))}>{t('tickets.assign')}</button>
        <button type="button" disabled={!who} onClick={() => void run([t('tickets.transferred'), t('tickets.transfer_failed')], () => api.post(`/api/attendance/tickets/${ticket.id}/transfer`, { to_user_id: who }))}>{t('tickets.transfer')}</button>
        <button type="button" onClick={() => void run([t('tickets.resolved'), t('tickets.resolve_failed')], () => api.post(`/api/attendance/tickets/${ticket.id}/resolve`, {}))}>{t('tickets.resolve')}</button>
      </div>
      <p role="status" aria-live="polite">{message}</p>
    </section>
  );
}
