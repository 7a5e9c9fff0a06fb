import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useConsole, useLiveFrames } from '../live-context.js';
import { announceNewConversation } from '../notifications.js';
import type { QueueItem } from '../types.js';
import { CallBadge, isCall, itemName } from './CallBadge.js';
import { ConversationView } from './ConversationView.js';
import { useTranslation } from 'react-i18next';
import { SlaTimer, useSlaClocks } from '../sla.js';

/** Frames after which the queue is read again: it changed, or the socket was away. */
const QUEUE_FRAMES = new Set([
  'new_conversation', 'customer_message', 'conversation_assigned', 'conversation_resolved', 'conversation_updated', 'queue_updated', 'reconnected',
]);

type Tab = 'mine' | 'unassigned' | 'all';
/** The tabs; each one's name is `inbox.<id>` of the console catalogue. */
const TABS: { id: Tab }[] = [{ id: 'mine' }, { id: 'unassigned' }, { id: 'all' }];

const PRIORITY = ['low', 'normal', 'high', 'urgent'];

/**
 * The live queue (no reload: every change pushed on the socket re-reads it) in three tabs, and
 * the open conversation. Shortcuts: Alt+↓/↑ next/previous, Alt+R resolve, Alt+M reply box.
 */
export function Inbox() {
  const { t } = useTranslation();
  const { api, me } = useConsole();
  const [items, setItems] = useState<QueueItem[]>([]);
  const [tab, setTab] = useState<Tab>('all');
  const [selectedId, setSelectedId] = useState<string>();
  const [notice, setNotice] = useState('');
  const clocks = useSlaClocks();
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);

  const reload = useCallback(() => {
    clearTimeout(pending.current);
    // Frames come in bursts (new_conversation, queue_updated, conversation_assigned…): read once.
    pending.current = setTimeout(() => void api.get<QueueItem[]>('/api/attendance/queue').then(setItems), 50);
  }, [api]);
  useEffect(reload, [reload]);

  useLiveFrames((frame) => {
    if (frame.type === 'new_conversation') {
      const customer = (frame.customer as { name?: string } | undefined)?.name ?? t('inbox.a_customer');
      announceNewConversation(customer, String(frame.message ?? ''));
      setNotice(t('inbox.new_from', { customer }));
    }
    if (QUEUE_FRAMES.has(frame.type)) reload();
  });

  const lists = useMemo(() => ({
    mine: items.filter((i) => i.assigned_to === me.id),
    unassigned: items.filter((i) => i.assigned_to === null),
    all: items,
  }), [items, me.id]);
  const shown = lists[tab];
  const selected = items.find((i) => i.session_id === selectedId);

  // On a phone the list and the conversation replace each other: the focus follows, to the
  // conversation's heading when one opens and back to its item in the list when it closes.
  const lastOpened = useRef<string>(undefined);
  useEffect(() => {
    if (!window.matchMedia('(max-width: 800px)').matches) return;
    if (selectedId) document.getElementById('conversation-title')?.focus();
    else if (lastOpened.current) document.querySelector<HTMLElement>(`[data-item="${lastOpened.current}"]`)?.focus();
    lastOpened.current = selectedId;
  }, [selectedId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey) return;
      const at = shown.findIndex((i) => i.session_id === selectedId);
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const next = shown[e.key === 'ArrowDown' ? Math.min(at + 1, shown.length - 1) : Math.max(at - 1, 0)];
        if (next) setSelectedId(next.session_id);
      } else if (e.code === 'KeyM') {
        e.preventDefault();
        document.getElementById('reply')?.focus();
      } else if (e.code === 'KeyR' && selectedId) {
        e.preventDefault();
        document.getElementById('resolve')?.click();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, selectedId]);

  return (
    // On a phone the list and the open conversation take the screen in turn (styles.css, `.inbox.open`).
    <main className={selected ? 'inbox open' : 'inbox'}>
      <section className="queue" aria-labelledby="queue-title">
        <h2 id="queue-title">{t('inbox.conversations')}</h2>
        <p className="sr" role="status" aria-live="polite">{notice}</p>
        <div role="tablist" aria-label={t('inbox.which')}>
          {TABS.map((one) => (
            <button key={one.id} id={`tab-${one.id}`} role="tab" type="button" aria-selected={tab === one.id} aria-controls="queue-list"
              onClick={() => setTab(one.id)}>
              {t(`inbox.${one.id}`)} <span className="count">{lists[one.id].length}</span>
            </button>
          ))}
        </div>
        <div id="queue-list" role="tabpanel" aria-labelledby={`tab-${tab}`} className="items">
        <ul>
          {shown.length === 0 && <li className="empty">{t(`inbox.empty.${tab}`)}</li>}
          {shown.map((item) => (
            <li key={item.session_id}>
              <button type="button" className={item.session_id === selectedId ? 'item selected' : 'item'}
                aria-current={item.session_id === selectedId ? 'true' : undefined} data-item={item.session_id} onClick={() => setSelectedId(item.session_id)}>
                <span className="name">{itemName(item)}</span>
                <span className={`badge status-${item.status}`}>{t(`state.${item.status}`)}</span>
                {item.priority >= 2 && <span className="badge urgent">{t(`priority.${PRIORITY[item.priority]}`)}</span>}
                <SlaTimer clocks={clocks.get(item.session_id)} />
                <span className="last">{item.last_message ?? ''}</span>
                {item.required_skills.length > 0 && (
                  <span className="meta skills" data-skills={item.session_id}>
                    {t('inbox.needs', {
                      skills: item.required_skills.map((s) => (s.min_level > 1 ? t('inbox.skill_level', { name: s.name, level: s.min_level }) : s.name)).join(', '),
                    })}
                  </span>
                )}
                {isCall(item)
                  ? <span className="meta call"><CallBadge phone={item.user_phone} /> · {item.status === 'waiting' || item.status === 'assigned' ? `${t('call.waiting', { time: waited(item.waiting_time_seconds) })} · ` : ''}{item.assigned_to_name ?? t('common.unassigned')}</span>
                  : <span className="meta">{item.channel} · {item.assigned_to_name ?? t('common.unassigned')}</span>}
              </button>
            </li>
          ))}
        </ul>
        </div>
      </section>
      {selected
        ? <ConversationView key={selected.session_id} item={selected} onBack={() => setSelectedId(undefined)} />
        : <section className="conversation empty" aria-label={t('inbox.none_open')}><p>{t('inbox.pick')}</p></section>}
    </main>
  );
}

/** A wait as the list shows it: "42 s", "3 min". */
function waited(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min`;
}
