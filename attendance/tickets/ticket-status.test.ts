import { ConflictError } from '../../infra/errors.js';
import { canMoveTicket, OPEN_TICKET_STATUSES, TICKET_STATUSES, ticketTransition, type TicketStatus } from './ticket-status.js';

const at = new Date('2026-01-01T10:00:00Z');

// Every permitted move and what it does to resolved_at. Anything not listed must be refused.
const ALLOWED: [TicketStatus, TicketStatus, 'set' | 'clear' | 'keep'][] = [
  ['open', 'in_progress', 'keep'],
  ['open', 'pending', 'keep'],
  ['open', 'resolved', 'set'],
  ['open', 'closed', 'keep'],
  ['in_progress', 'pending', 'keep'],
  ['in_progress', 'resolved', 'set'],
  ['in_progress', 'closed', 'keep'],
  ['pending', 'in_progress', 'keep'],
  ['pending', 'resolved', 'set'],
  ['pending', 'closed', 'keep'],
  ['resolved', 'open', 'clear'],
  ['resolved', 'closed', 'keep'],
];
const REFUSED = TICKET_STATUSES.flatMap((from) =>
  TICKET_STATUSES.filter((to) => !ALLOWED.some(([f, t]) => f === from && t === to)).map((to) => [from, to] as const));

describe('ticket status table', () => {
  test.each(ALLOWED)('%s → %s is permitted (resolved_at: %s)', (from, to, effect) => {
    expect(canMoveTicket(from, to)).toBe(true);
    const result = ticketTransition(from, to, at);
    expect(result.status).toBe(to);
    if (effect === 'set') expect(result.resolved_at).toEqual(at);
    if (effect === 'clear') expect(result.resolved_at).toBeNull();
    if (effect === 'keep') expect('resolved_at' in result).toBe(false);
  });

  test.each(REFUSED)('%s → %s is refused with invalid_transition', (from, to) => {
    expect(canMoveTicket(from, to)).toBe(false);
    let thrown: unknown;
    try {
      ticketTransition(from, to, at);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConflictError);
    expect(thrown).toMatchObject({ code: 'invalid_transition', details: { from, to } });
  });

  test('every open status can be resolved (any → resolved); resolved and closed cannot', () => {
    for (const from of OPEN_TICKET_STATUSES) expect(canMoveTicket(from, 'resolved')).toBe(true);
    expect(canMoveTicket('resolved', 'resolved')).toBe(false);
    expect(canMoveTicket('closed', 'resolved')).toBe(false);
  });

  test('closed is final', () => {
    for (const to of TICKET_STATUSES) expect(canMoveTicket('closed', to)).toBe(false);
  });
});
