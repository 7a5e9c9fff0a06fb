import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api.js';
import { useConsole, useLiveFrames } from '../live-context.js';
import type { QueueItem, TranscriptEntry } from '../types.js';
import { AssistPanel } from './AssistPanel.js';
import { CallBadge, isCall, itemName } from './CallBadge.js';
import { CallPanel } from './CallPanel.js';
import { CobrowsePanel } from './CobrowsePanel.js';
import { CobrowseReplay, isKeptCobrowse } from './CobrowseReplay.js';
import { CustomerPanel } from './CustomerPanel.js';
import { ReplyBox } from './ReplyBox.js';
import { TransferForm } from './TransferForm.js';
import { useTranslation } from 'react-i18next';

// delivery_failed: a message the provider refused turns red in the open transcript at once; cobrowse_kept: a kept co-browse's message.
const TRANSCRIPT_FRAMES = new Set(['customer_message', 'message_sent', 'conversation_assigned', 'conversation_updated', 'conversation_resolved', 'delivery_failed', 'cobrowse_kept']);

/**
 * One conversation: its whole transcript (bot and human turns, delivery state), the customer
 * (CustomerPanel), the actions (take, transfer, resolve), the assist panel and the reply box.
 */
export function ConversationView({ item, onBack }: { item: QueueItem; onBack(): void }) {
  const { t } = useTranslation();
  const { api, me } = useConsole();
  const [transcript, setTranscript] = useState<TranscriptEntry[]>([]);
  const [error, setError] = useState('');
  const [transferring, setTransferring] = useState(false);
  // Taking a phone call here puts the attendant through to the caller at once (docs/attendance/calls.md).
  const [tookCall, setTookCall] = useState(false);
  // The customer's context and the assist panel fold away on a phone, so the transcript and the reply box fit the screen.
  const [sideOpen, setSideOpen] = useState(() => window.matchMedia('(min-width: 801px)').matches);
  const logRef = useRef<HTMLOListElement>(null);
  const id = item.session_id;
  const mine = item.assigned_to === me.id;
  const call = isCall(item);

  const load = useCallback(async () => {
    const answer = await api.get<{ messages: TranscriptEntry[] }>(`/api/attendance/sessions/${id}/messages`);
    setTranscript(answer.messages);
  }, [api, id]);

  useEffect(() => {
    void load();
  }, [api, id, load]);

  const [customerTyping, setCustomerTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  useLiveFrames((frame) => {
    if (frame.type === 'customer_typing' && frame.session_id === id) {
      setCustomerTyping(true);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setCustomerTyping(false), 4000);
    }
    if (frame.type === 'customer_message' && frame.session_id === id) setCustomerTyping(false);
    if ((frame.session_id === id && TRANSCRIPT_FRAMES.has(frame.type)) || frame.type === 'reconnected') void load();
  });

  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [transcript]);

  async function act(run: () => Promise<unknown>) {
    setError('');
    try {
      await run();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('conversation.failed'));
    }
  }

  const take = () => act(async () => {
    const result = await api.post<{ ok: boolean; reply: string }>('/api/attendance/commands', { text: '/take', session_id: id });
    if (!result.ok) throw new ApiError(409, 'take_failed', result.reply);
    if (call) setTookCall(true);
  });
  const resolve = () => act(() => api.post(`/api/attendance/resolve/${id}`));

  return (
    <section className="conversation" aria-labelledby="conversation-title">
      <header className="conversation-head">
        <button type="button" className="back" onClick={onBack}>← {t('inbox.conversations')}</button>
        <div>
          <h2 id="conversation-title" tabIndex={-1}>{itemName(item)}</h2>
          <p className="meta">{call ? <CallBadge phone={item.user_phone} /> : item.channel} · {t(`state.${item.status}`)} · {item.assigned_to_name ? t('conversation.held_by', { name: item.assigned_to_name }) : t('common.unassigned')}{item.topic ? ` · ${item.topic}` : ''}</p>
        </div>
        <div className="actions">
          {!mine && <button type="button" onClick={() => void take()}>{t('conversation.take')}</button>}
          <button type="button" onClick={() => setTransferring((open) => !open)} aria-expanded={transferring}>{t('conversation.transfer')}</button>
          <button type="button" id="resolve" onClick={() => void resolve()} disabled={!item.assigned_to}>{t('conversation.resolve')}</button>
        </div>
      </header>
      {error && <p role="alert" className="error">{error}</p>}
      {transferring && <TransferForm sessionId={id} onDone={() => setTransferring(false)} />}
      {call && mine && item.status !== 'resolved' && <CallPanel sessionId={id} autoStart={tookCall} />}
      {/* Co-browse: the web visitor's page, with their consent (docs/attendance/co-browse.md). */}
      {item.channel === 'web' && mine && item.status !== 'resolved' && <CobrowsePanel key={id} sessionId={id} />}
      <div className="conversation-body">
        {/* Focusable: it scrolls, and a keyboard user must be able to scroll it (axe scrollable-region-focusable). */}
        <ol className="transcript" ref={logRef} aria-label={t('conversation.transcript')} tabIndex={0}>
          {transcript.map((m) => (
            <li key={m.id} className={`msg from-${m.from}`}>
              <span className="who">{t(`sender.${m.from}`)}</span>
              <span className="text">{m.text}</span>
              {m.attachments?.map((a) => (a.type === 'audio'
                ? <audio key={a.url} controls preload="none" src={a.url} aria-label={m.text} />
                // A kept co-browse is read with the attendant's token, so it is replayed here rather than linked.
                : isKeptCobrowse(a.url) ? <CobrowseReplay key={a.url} url={a.url} label={m.text} />
                : <a key={a.url} href={a.url} target="_blank" rel="noreferrer">{a.name ?? a.url}</a>))}
              <span className={`delivery ${m.delivery_state}`}>
                {new Date(m.at).toLocaleTimeString()}{m.direction === 'outbound' ? ` · ${t(`delivery.${m.delivery_state}`)}` : ''}
              </span>
            </li>
          ))}
        </ol>
        <details className="side" open={sideOpen} onToggle={(e) => setSideOpen(e.currentTarget.open)}>
          <summary>{t('conversation.side')}</summary>
          <CustomerPanel sessionId={id} />
          <AssistPanel sessionId={id} />
        </details>
      </div>
      <p className="typing" aria-live="polite">{customerTyping ? t('conversation.typing') : ''}</p>
      <ReplyBox sessionId={id} canType={mine} onError={setError} />
    </section>
  );
}
