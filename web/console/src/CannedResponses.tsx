import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from './api.js';
import { useConsole } from './live-context.js';

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
  const { api, isSupervisor } = useConsole();
  const [items, setItems] = useState<Canned[]>([]);
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
      setMessage(err instanceof ApiError ? err.message : 'That did not work; try again.');
    }
  }

  function create(e: FormEvent) {
    e.preventDefault();
    void run('Saved.', async () => {
      await api.post('/api/attendance/canned-responses', { shortcut, title, content, scope });
      setShortcut('');
      setTitle('');
      setContent('');
    });
  }

  return (
    <main className="canned-screen">
      <h2>Canned responses</h2>
      <form className="canned-form" onSubmit={create}>
        <label htmlFor="c-shortcut">Shortcut (typed after /)</label>
        <input id="c-shortcut" value={shortcut} onChange={(e) => setShortcut(e.target.value)} pattern="[A-Za-z0-9_\-]{1,50}" required />
        <label htmlFor="c-title">Title</label>
        <input id="c-title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        <label htmlFor="c-content">Text</label>
        <textarea id="c-content" value={content} onChange={(e) => setContent(e.target.value)} required maxLength={4096} />
        {isSupervisor && (
          <>
            <label htmlFor="c-scope">For</label>
            <select id="c-scope" value={scope} onChange={(e) => setScope(e.target.value as 'personal' | 'team')}>
              <option value="personal">me</option>
              <option value="team">the whole team</option>
            </select>
          </>
        )}
        <button type="submit">Add</button>
      </form>
      <p role="status" aria-live="polite">{message}</p>
      <div className="table-fit">
      <table>
        <thead><tr><th scope="col">Shortcut</th><th scope="col">Title</th><th scope="col">Text</th><th scope="col">For</th><th scope="col">Actions</th></tr></thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id}>
              <td>/{c.shortcut}</td><td>{c.title}</td><td>{c.content}</td><td>{c.scope === 'team' ? 'team' : 'me'}{c.bot_id ? ' (one bot)' : ''}</td>
              <td>
                {(c.scope === 'personal' || isSupervisor) && (
                  <button type="button" onClick={() => void run('Deleted.', () => api.delete(`/api/attendance/canned-responses/${c.id}`))}>Delete /{c.shortcut}</button>
                )}
              </td>
            </tr>
          ))}
          {items.length === 0 && <tr><td colSpan={5}>None yet. Add one above; then type / and its shortcut in the reply box to insert its text.</td></tr>}
        </tbody>
      </table>
      </div>
    </main>
  );
}
