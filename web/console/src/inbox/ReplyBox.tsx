import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useConsole, useLiveFrames } from '../live-context.js';
import { useTranslation } from 'react-i18next';

interface Canned {
  id: string;
  shortcut: string;
  title: string;
  content: string;
}

const TYPING_EVERY_MS = 1000; // the server passes at most one notice a second (live-events.md)

/**
 * The reply box: sends over the live socket (REST when it is down), tells the customer the
 * attendant is typing, polishes a draft on request, and inserts a canned response when the
 * attendant types `/` and its shortcut.
 */
export function ReplyBox({ sessionId, canType, onError }: { sessionId: string; canType: boolean; onError(message: string): void }) {
  const { t } = useTranslation();
  const { api, live } = useConsole();
  const [text, setText] = useState('');
  const [canned, setCanned] = useState<Canned[]>([]);
  const [pick, setPick] = useState(0);
  const lastTyping = useRef(0);
  const requests = useRef(new Set<string>());

  useEffect(() => {
    api.get<{ canned_responses: Canned[] }>('/api/attendance/canned-responses').then((r) => setCanned(r.canned_responses), () => setCanned([]));
  }, [api]);

  useLiveFrames((frame) => {
    if (frame.request_id && requests.current.delete(frame.request_id) && frame.type === 'error') onError(String(frame.message));
  });

  const query = text.startsWith('/') && !text.includes('\n') ? text.slice(1).toLowerCase() : undefined;
  const matches = useMemo(
    () => (query === undefined ? [] : canned.filter((c) => c.shortcut.toLowerCase().startsWith(query) || c.title.toLowerCase().includes(query)).slice(0, 8)),
    [canned, query],
  );

  function insert(c: Canned) {
    setText(c.content);
    setPick(0);
  }

  async function send() {
    const body = text.trim();
    if (!body) return;
    setText('');
    const request = live.send({ type: 'message', session_id: sessionId, text: body });
    if (request) requests.current.add(request);
    else await api.post(`/api/attendance/sessions/${sessionId}/messages`, { text: body }).catch((e: Error) => onError(e.message));
  }

  async function polish() {
    if (!text.trim()) return;
    const answer = await api.post<{ polished: string }>('/api/attendance/llm/polish', { text, session_id: sessionId }).catch((e: Error) => {
      onError(e.message);
      return undefined;
    });
    if (answer) setText(answer.polished);
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (matches.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setPick((p) => (p + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        insert(matches[Math.min(pick, matches.length - 1)]!);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send();
    }
  }

  function onChange(value: string) {
    setText(value);
    setPick(0);
    const now = Date.now();
    if (canType && value && now - lastTyping.current >= TYPING_EVERY_MS) {
      lastTyping.current = now;
      live.send({ type: 'typing', session_id: sessionId });
    }
  }

  return (
    <form className="reply" onSubmit={(e) => { e.preventDefault(); void send(); }}>
      {matches.length > 0 && (
        <ul className="canned" role="listbox" id="canned-list" aria-label={t('reply.canned')}>
          {matches.map((c, i) => (
            <li key={c.id} id={`canned-${c.id}`} role="option" aria-selected={i === pick} onMouseDown={(e) => { e.preventDefault(); insert(c); }}>
              <strong>/{c.shortcut}</strong> {c.title}
            </li>
          ))}
        </ul>
      )}
      <label htmlFor="reply" className="sr">{t('reply.label')}</label>
      {/* A textarea may not take the combobox role (axe aria-allowed-role): as a text box it still
          says that it completes from a list, which one, and which option is picked. */}
      <textarea id="reply" value={text} placeholder={t('reply.placeholder')} onChange={(e) => onChange(e.target.value)} onKeyDown={onKey}
        aria-autocomplete="list" {...(matches.length > 0 ? { 'aria-controls': 'canned-list', 'aria-activedescendant': `canned-${matches[Math.min(pick, matches.length - 1)]!.id}` } : {})} />
      <div className="reply-actions">
        <button type="button" onClick={() => void polish()}>{t('reply.polish')}</button>
        <button type="submit">{t('reply.send')}</button>
      </div>
    </form>
  );
}
