import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import type { Attendant } from '../types.js';
import { useTranslation } from 'react-i18next';
import { SlaPolicies } from './SlaPolicies.js';

const CHANNELS = ['web', 'mobile_msg', 'bot_msg', 'sms', 'social_dm', 'page_msg', 'workchat', 'rtc_sip'];

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
  const { t } = useTranslation();
  const { api } = useConsole();
  // Undefined until the first answer: an empty list then means no queues, not "not loaded yet".
  const [queues, setQueues] = useState<QueueSummary[]>();
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
      setMessage(t('queues.created'));
      load();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : t('queues.create_failed'));
    }
  }

  async function remove(id: string) {
    try {
      await api.delete(`/api/attendance/queues/${id}`);
      setMessage(t('queues.deleted'));
      load();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : t('queues.delete_failed'));
    }
  }

  return (
    <main className="queues">
      <h2>{t('queues.title')}</h2>
      <form className="inline" onSubmit={(e) => void create(e)}>
        <label htmlFor="q-name">{t('queues.new')}</label>
        <input id="q-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        <label htmlFor="q-channel">{t('queues.channel')}</label>
        <select id="q-channel" value={channel} onChange={(e) => setChannel(e.target.value)}>
          {CHANNELS.map((c) => <option key={c}>{c}</option>)}
        </select>
        <button type="submit">{t('queues.create')}</button>
      </form>
      <p role="status" aria-live="polite">{message}</p>
      <div className="table-fit">
      <table>
        <thead><tr><th scope="col">{t('queues.queue')}</th><th scope="col">{t('queues.channels')}</th><th scope="col">{t('queues.active')}</th><th scope="col">{t('queues.members')}</th><th scope="col">{t('queues.actions')}</th></tr></thead>
        <tbody>
          {(queues ?? []).map((q) => (
            <tr key={q.id}>
              <td>{q.name}</td><td>{q.channels.join(', ')}</td><td>{q.is_active ? t('queues.yes') : t('queues.no')}</td><td>{q.member_count}</td>
              <td>
                <button type="button" onClick={() => setOpenId(q.id)}>{t('queues.members')}</button>{' '}
                <button type="button" onClick={() => void remove(q.id)}>{t('queues.delete')}</button>
              </td>
            </tr>
          ))}
          {queues === undefined && <tr><td colSpan={5}>{t('app.loading')}</td></tr>}
          {queues?.length === 0 && <tr><td colSpan={5}>{t('queues.none')}</td></tr>}
        </tbody>
      </table>
      </div>
      {openId && <MemberList key={openId} queueId={openId} attendants={attendants} onChanged={load} />}
      <SlaPolicies queues={queues ?? []} />
    </main>
  );
}

function MemberList({ queueId, attendants, onChanged }: { queueId: string; attendants: Attendant[]; onChanged(): void }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [members, setMembers] = useState<Member[]>();
  const [who, setWho] = useState('');
  const load = useCallback(() => void api.get<{ members: Member[] }>(`/api/attendance/queues/${queueId}`).then((q) => setMembers(q.members)), [api, queueId]);
  useEffect(load, [load]);
  const changed = () => {
    load();
    onChanged();
  };
  return (
    <section aria-label={t('queues.members')}>
      <h3>{t('queues.members')}</h3>
      {members === undefined && <p>{t('app.loading')}</p>}
      {members?.length === 0 && <p className="empty">{t('queues.no_members')}</p>}
      <ul>
        {(members ?? []).map((m) => (
          <li key={m.user_id}>
            {t('queues.member', { name: m.name, max: m.max_conversations })}{' '}
            <button type="button" onClick={() => void api.delete(`/api/attendance/queues/${queueId}/members/${m.user_id}`).then(changed)}>{t('queues.remove', { name: m.name })}</button>
          </li>
        ))}
      </ul>
      <label htmlFor="m-add">{t('queues.add_member')}</label>
      <select id="m-add" value={who} onChange={(e) => setWho(e.target.value)}>
        <option value="">{t('common.choose')}</option>
        {attendants.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
      </select>
      <button type="button" disabled={!who} onClick={() => void api.post(`/api/attendance/queues/${queueId}/members`, { user_id: who }).then(changed)}>{t('queues.add')}</button>
    </section>
  );
}
