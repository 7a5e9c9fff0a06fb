import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from './api.js';
import { useConsole } from './live-context.js';
import { useTranslation } from 'react-i18next';

interface Canned {
  id: string;
  shortcut: string;
  title: string;
  content: string;
  bot_id: string | null;
  scope: 'team' | 'personal';
}

/**
 * Canned responses (docs/attendance/console.md): the attendant's own and the team's, which
 * supervisors keep. In the reply box, `/` and the shortcut insert one.
 */
export function CannedResponses() {
  const { t } = useTranslation();
  const { api, isSupervisor } = useConsole();
  // Undefined until the first answer, so the empty list's text never shows while loading.
  const [items, setItems] = useState<Canned[]>();
  const [shortcut, setShortcut] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [scope, setScope] = useState<'personal' | 'team'>('personal');
  const [message, setMessage] = useState('');

  const load = useCallback(() => void api.get<{ canned_responses: Canned[] }>('/api/attendance/canned-responses').then((r) => setItems(r.canned_responses)), [api]);
  useEffect(load, [load]);

  async function run(what: string, call: () => Promise<unknown>) {
    try {
      await call();
      setMessage(what);
      load();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : t('canned.failed'));
    }
  }

  function create(e: FormEvent) {
    e.preventDefault();
    void run(t('canned.saved'), async () => {
      await api.post('/api/attendance/canned-responses', { shortcut, title, content, scope });
      setShortcut('');
      setTitle('');
      setContent('');
    });
  }

  return (
    <main className="canned-screen">
      <h2>{t('canned.title')}</h2>
      <form className="canned-form" onSubmit={create}>
        <label htmlFor="c-shortcut">{t('canned.shortcut_typed')}</label>
        <input id="c-shortcut" value={shortcut} onChange={(e) => setShortcut(e.target.value)} pattern="[A-Za-z0-9_\-]{1,50}" required />
        <label htmlFor="c-title">{t('canned.name')}</label>
        <input id="c-title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        <label htmlFor="c-content">{t('canned.text')}</label>
        <textarea id="c-content" value={content} onChange={(e) => setContent(e.target.value)} required maxLength={4096} />
        {isSupervisor && (
          <>
            <label htmlFor="c-scope">{t('canned.for')}</label>
            <select id="c-scope" value={scope} onChange={(e) => setScope(e.target.value as 'personal' | 'team')}>
              <option value="personal">{t('canned.me')}</option>
              <option value="team">{t('canned.whole_team')}</option>
            </select>
          </>
        )}
        <button type="submit">{t('canned.add')}</button>
      </form>
      <p role="status" aria-live="polite">{message}</p>
      <div className="table-fit">
      <table>
        <thead><tr><th scope="col">{t('canned.shortcut')}</th><th scope="col">{t('canned.name')}</th><th scope="col">{t('canned.text')}</th><th scope="col">{t('canned.for')}</th><th scope="col">{t('canned.actions')}</th></tr></thead>
        <tbody>
          {(items ?? []).map((c) => (
            <tr key={c.id}>
              <td>/{c.shortcut}</td><td>{c.title}</td><td>{c.content}</td><td>{c.scope === 'team' ? t('canned.team') : t('canned.me')}{c.bot_id ? t('canned.one_bot') : ''}</td>
              <td>
                {(c.scope === 'personal' || isSupervisor) && (
                  <button type="button" onClick={() => void run(t('canned.deleted'), () => api.delete(`/api/attendance/canned-responses/${c.id}`))}>{t('canned.delete', { shortcut: c.shortcut })}</button>
                )}
              </td>
            </tr>
          ))}
          {items === undefined && <tr><td colSpan={5}>{t('app.loading')}</td></tr>}
          {items?.length === 0 && <tr><td colSpan={5}>{t('canned.none')}</td></tr>}
        </tbody>
      </table>
      </div>
    </main>
  );
}
