import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import type { Attendant } from '../types.js';

const CHANNELS = ['web', 'mobile_msg', 'bot_msg', 'sms', 'social_dm', 'page_msg', 'workchat'];

interface QueueSummary {
  id: string;
  name: string;
  channels: string[];
  is_active: boolean;
  member_count: number;
}
interface Member {
  user_id: string;
  name: string;
  is_active: boolean;
  max_conversations: number;
}

/** Queues and their members (docs/attendance/rest.md, "Queues and members"): the queue management screen. */
export function Queues() {
  const { api } = useConsole();
  const [queues, setQueues] = useState<QueueSummary[]>([]);
  const [attendants, setAttendants] = useState<Attendant[]>([]);
  const [openId, setOpenId] = useState<string>();
  const [name, setName] = useState('');
  const [channel, setChannel] = useState('web');
  const [message, setMessage] = useState('');

  const load = useCallback(() => void api.get<QueueSummary[]>('/api/attendance/queues').then(setQueues), [api]);
  useEffect(load, [load]);
  useEffect(() => {
    api.get<Attendant[]>('/api/attendance/attendants').then(setAttendants, () => undefined);
  }, [api]);

  async function create(e: FormEvent) {
    e.preventDefault();
    try {
      await api.post('/api/attendance/queues', { name, channels: [channel] });
      setName('');
      setMessage('Queue created.');
      load();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : 'Could not create the queue');
    }
  }

  async function remove(id: string) {
    try {
      await api.delete(`/api/attendance/queues/${id}`);
      setMessage('Queue deleted.');
      load();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : 'Could not delete the queue');
    }
  }

  return (
    <main className="queues">
      <h2>Queues</h2>
      <form className="inline" onSubmit={(e) => void create(e)}>
        <label htmlFor="q-name">New queue</label>
        <input id="q-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        <label htmlFor="q-channel">Channel</label>
        <select id="q-channel" value={channel} onChange={(e) => setChannel(e.target.value)}>
          {CHANNELS.map((c) => <option key={c}>{c}</option>)}
        </select>
        <button type="submit">Create</button>
      </form>
      <p role="status" aria-live="polite">{message}</p>
      <div className="table-fit">
      <table>
        <thead><tr><th scope="col">Queue</th><th scope="col">Channels</th><th scope="col">Active</th><th scope="col">Members</th><th scope="col">Actions</th></tr></thead>
        <tbody>
          {queues.map((q) => (
            <tr key={q.id}>
              <td>{q.name}</td><td>{q.channels.join(', ')}</td><td>{q.is_active ? 'yes' : 'no'}</td><td>{q.member_count}</td>
              <td>
                <button type="button" onClick={() => setOpenId(q.id)}>Members</button>{' '}
                <button type="button" onClick={() => void remove(q.id)}>Delete</button>
              </td>
            </tr>
          ))}
          {queues.length === 0 && <tr><td colSpan={5}>No queues. Conversations then go to any online attendant; create a queue to route a channel to its members.</td></tr>}
        </tbody>
      </table>
      </div>
      {openId && <MemberList key={openId} queueId={openId} attendants={attendants} onChanged={load} />}
    </main>
  );
}

function MemberList({ queueId, attendants, onChanged }: { queueId: string; attendants: Attendant[]; onChanged(): void }) {
  const { api } = useConsole();
  const [members, setMembers] = useState<Member[]>([]);
  const [who, setWho] = useState('');
  const load = useCallback(() => void api.get<{ members: Member[] }>(`/api/attendance/queues/${queueId}`).then((q) => setMembers(q.members)), [api, queueId]);
  useEffect(load, [load]);
  const changed = () => {
    load();
    onChanged();
  };
  return (
    <section aria-label="Members">
      <h3>Members</h3>
      {members.length === 0 && <p className="empty">No members: any online attendant may be given this queue&apos;s conversations. Add members to keep them to a team.</p>}
      <ul>
        {members.map((m) => (
          <li key={m.user_id}>
            {m.name} (up to {m.max_conversations}){' '}
            <button type="button" onClick={() => void api.delete(`/api/attendance/queues/${queueId}/members/${m.user_id}`).then(changed)}>Remove {m.name}</button>
          </li>
        ))}
      </ul>
      <label htmlFor="m-add">Add member</label>
      <select id="m-add" value={who} onChange={(e) => setWho(e.target.value)}>
        <option value="">choose…</option>
        {attendants.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
      </select>
      <button type="button" disabled={!who} onClick={() => void api.post(`/api/attendance/queues/${queueId}/members`, { user_id: who }).then(changed)}>Add</button>
    </section>
  );
}
