import { useCallback, useEffect, useState, type DragEvent } from 'react';
import { ApiError } from '../api.js';
import { useConsole, useLiveFrames } from '../live-context.js';
import type { QueueItem } from '../types.js';

const COLUMNS = [
  { id: 'new', label: 'New' },
  { id: 'active', label: 'Active' },
  { id: 'pending', label: 'Pending' },
  { id: 'resolved', label: 'Resolved' },
] as const;
type Column = (typeof COLUMNS)[number]['id'];
type Board = Record<Column, QueueItem[]>;

/**
 * The kanban board (rest.md, "Kanban") with native drag and drop, and a "Move to" menu on every
 * card for the keyboard. A refused move shows the server's reason: the rules live there.
 */
export function Kanban() {
  const { api } = useConsole();
  const [board, setBoard] = useState<Board>();
  const [message, setMessage] = useState('');
  const [over, setOver] = useState<Column>();

  const load = useCallback(() => {
    void api.get<{ columns: Board }>('/api/attendance/kanban').then((b) => setBoard(b.columns));
  }, [api]);
  useEffect(load, [load]);
  useLiveFrames((frame) => {
    if (frame.type !== 'ticket_updated') load();
  });

  async function move(sessionId: string, from: Column, to: Column) {
    if (from === to) return;
    try {
      await api.put('/api/attendance/kanban/move', { session_id: sessionId, from_status: from, to_status: to });
      setMessage(`Moved to ${to}.`);
    } catch (err) {
      setMessage(err instanceof ApiError ? `Refused: ${err.message}` : 'The move failed; try again.');
    }
    load();
  }

  function drop(e: DragEvent, to: Column) {
    e.preventDefault();
    setOver(undefined);
    const [sessionId, from] = e.dataTransfer.getData('text/plain').split(' ');
    if (sessionId && from) void move(sessionId, from as Column, to);
  }

  return (
    <main className="kanban-screen">
      <h2>Board</h2>
      <p role="status" aria-live="polite" className={message.startsWith('Refused') ? 'error' : 'note'}>{message}</p>
      <div className="kanban">
        {COLUMNS.map((col) => (
          <section key={col.id} className={over === col.id ? 'column over' : 'column'} aria-labelledby={`col-${col.id}`} data-column={col.id}
            onDragOver={(e) => { e.preventDefault(); setOver(col.id); }} onDragLeave={() => setOver(undefined)} onDrop={(e) => drop(e, col.id)}>
            <h3 id={`col-${col.id}`}>{col.label} <span className="count">{board?.[col.id].length ?? 0}</span></h3>
            <ul>
              {board?.[col.id].map((card) => (
                <li key={card.session_id} className="card" draggable data-session={card.session_id}
                  onDragStart={(e) => e.dataTransfer.setData('text/plain', `${card.session_id} ${col.id}`)}>
                  <strong>{card.user_name}</strong>
                  <span className="last">{card.last_message ?? ''}</span>
                  <span className="meta">{card.channel} · {card.assigned_to_name ?? 'unassigned'}</span>
                  <label>
                    <span className="sr">Move {card.user_name} to</span>
                    <select value="" onChange={(e) => void move(card.session_id, col.id, e.target.value as Column)}>
                      <option value="">Move to…</option>
                      {COLUMNS.filter((c) => c.id !== col.id).map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
                    </select>
                  </label>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
