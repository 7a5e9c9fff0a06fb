import { ConflictError } from '../../infra/errors.js';
import type { ConversationStatus } from '../conversation-status.js';
import { isKanbanColumn, kanbanColumn, kanbanMove, type KanbanColumn } from './kanban.js';

describe('kanban view', () => {
  test.each([
    ['waiting', 'new'], ['assigned', 'new'], ['active', 'active'], ['pending', 'pending'], ['resolved', 'resolved'],
  ] as const)('%s is shown in %s', (status, column) => {
    expect(kanbanColumn(status)).toBe(column);
  });

  test('isKanbanColumn accepts only the four names', () => {
    expect(['new', 'active', 'pending', 'resolved'].every(isKanbanColumn)).toBe(true);
    expect(isKanbanColumn('waiting')).toBe(false);
    expect(isKanbanColumn(1)).toBe(false);
  });

  test.each([
    ['new', 'active', 'waiting', 'accept'],
    ['new', 'active', 'assigned', 'accept'],
    ['new', 'resolved', 'assigned', 'resolve'],
    ['active', 'pending', 'active', 'attendant_replied'],
    ['active', 'resolved', 'active', 'resolve'],
    ['active', 'new', 'active', 'requeue'],
    ['pending', 'active', 'pending', 'customer_replied'],
    ['pending', 'resolved', 'pending', 'resolve'],
    ['pending', 'new', 'pending', 'requeue'],
  ] as [KanbanColumn, KanbanColumn, ConversationStatus, string][])('%s → %s (status %s) means %s', (from, to, status, action) => {
    expect(kanbanMove(from, to, status)).toBe(action);
  });

  test.each([
    ['new', 'resolved', 'waiting'], // nobody holds it: nothing to resolve yet
    ['new', 'pending', 'waiting'],
    ['new', 'new', 'waiting'],
    ['active', 'active', 'active'],
    ['resolved', 'new', 'resolved'],
    ['resolved', 'active', 'resolved'],
    ['resolved', 'pending', 'resolved'],
  ] as [KanbanColumn, KanbanColumn, ConversationStatus][])('%s → %s (status %s) is invalid_transition', (from, to, status) => {
    expect(() => kanbanMove(from, to, status)).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
  });

  test.each([
    ['new', 'active', 'active'], // someone already accepted it
    ['active', 'resolved', 'resolved'],
    ['pending', 'active', 'active'],
    ['active', 'pending', 'waiting'],
  ] as [KanbanColumn, KanbanColumn, ConversationStatus][])('stale from_status %s (to %s, now %s) is refused', (from, to, status) => {
    expect(() => kanbanMove(from, to, status)).toThrow(ConflictError);
    expect(() => kanbanMove(from, to, status)).toThrow(expect.objectContaining({ code: 'invalid_transition', details: expect.objectContaining({ from_status: from }) }));
  });
});
