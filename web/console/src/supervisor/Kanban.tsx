import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../api.js';
import { useConsole, useLiveFrames } from '../live-context.js';
import type { QueueItem } from '../types.js';
import { useTranslation } from 'react-i18next';

/** The columns; each one's name is `column.<id>` of the console catalogue. */
const COLUMNS = [{ id: 'new' }, { id: 'active' }, { id: 'pending' }, { id: 'resolved' }] as const;
type Column = (typeof COLUMNS)[number]['id'];
type Board = Record<Column, QueueItem[]>;

/**
 * The kanban board (docs/attendance/rest.md, "Kanban") with drag and drop by @dnd-kit (docs/attendance/console.md), and a "Move to"
 * menu on every card for the keyboard. A refused move shows the server's reason: the rules live there.
 */
export function Kanban() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [board, setBoard] = useState<Board>();
  const [message, setMessage] = useState('');
  const [refused, setRefused] = useState(false);
  // A drag starts after a few pixels, so a click on the card's "Move to" menu stays a click.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));

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
      setMessage(t('kanban.moved', { column: t(`column.${to}`) }));
      setRefused(false);
    } catch (err) {
      setMessage(err instanceof ApiError ? t('kanban.refused', { reason: err.message }) : t('kanban.failed'));
      setRefused(err instanceof ApiError);
    }
    load();
  }

  function drop({ active, over }: DragEndEvent) {
    const from = (active.data.current as { from?: Column } | undefined)?.from;
    if (over && from) void move(String(active.id), from, over.id as Column);
  }

  return (
    <main className="kanban-screen">
      <h2>{t('kanban.title')}</h2>
      <p role="status" aria-live="polite" className={refused ? 'error' : 'note'}>{message}</p>
      {board && COLUMNS.every((c) => board[c.id].length === 0) && (
        <p className="empty">{t('kanban.empty')}</p>
      )}
      <DndContext sensors={sensors} onDragEnd={drop}>
        <div className="kanban">
          {COLUMNS.map((col) => (
            <BoardColumn key={col.id} id={col.id} label={t(`column.${col.id}`)} count={board?.[col.id].length ?? 0}>
              {board?.[col.id].map((card) => (
                <Card key={card.session_id} card={card} column={col.id}>
                  <label>
                    <span className="sr">{t('kanban.move', { name: card.user_name })}</span>
                    <select value="" onChange={(e) => void move(card.session_id, col.id, e.target.value as Column)}>
                      <option value="">{t('kanban.move_to')}</option>
                      {COLUMNS.filter((c) => c.id !== col.id).map((c) => <option key={c.id} value={c.id}>{t(`column.${c.id}`)}</option>)}
                    </select>
                  </label>
                </Card>
              ))}
            </BoardColumn>
          ))}
        </div>
      </DndContext>
    </main>
  );
}

/** A column cards are dropped on. */
function BoardColumn({ id, label, count, children }: { id: Column; label: string; count: number; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <section ref={setNodeRef} className={isOver ? 'column over' : 'column'} aria-labelledby={`col-${id}`} data-column={id}>
      <h3 id={`col-${id}`}>{label} <span className="count">{count}</span></h3>
      <ul>{children}</ul>
    </section>
  );
}

/**
 * A card dragged by pointer. Only the pointer listeners are spread: the keyboard moves cards with
 * the "Move to" menu, so the card keeps its list-item role instead of dnd-kit's button role.
 */
function Card({ card, column, children }: { card: QueueItem; column: Column; children: ReactNode }) {
  const { t } = useTranslation();
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({ id: card.session_id, data: { from: column } });
  return (
    <li ref={setNodeRef} className={isDragging ? 'card dragging' : 'card'} data-session={card.session_id}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined} {...listeners}>
      <strong>{card.user_name}</strong>
      <span className="last">{card.last_message ?? ''}</span>
      <span className="meta">{card.channel} · {card.assigned_to_name ?? t('common.unassigned')}</span>
      {children}
    </li>
  );
}
