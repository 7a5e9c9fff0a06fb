/**
 * Who may see and work which ticket, shared by every ticket use case so the
 * rule lives in one place: supervisors and admins see all tickets; an attendant sees the tickets
 * assigned to them and those of conversations they may see (attendant-scope.ts), and may only
 * assign tickets to users who attend.
 */
import type { BotConfig } from '../../config/index.js';
import {
  type TicketFilter, type TicketRow, type UserRow,
} from '../../db/index.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../infra/errors.js';
import { attends } from '../attendants/attendance-users.js';
import { canSee, queuesOf, seesAll, type Actor } from '../commands/attendant-scope.js';
import type { TicketChange } from './ticket-events.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** What the ticket use cases need: the database, each bot's configuration (the deal rule), the clock. */
export interface TicketDeps {
  repos: AttendanceRepositories;
  /** A bot's configuration by bot id; the defaults apply when unknown. */
  config: (botId: string) => BotConfig | undefined;
  now: () => Date;
  /**
   * Told about every stored ticket change, after it was logged (and committed): the composition
   * root pushes it to the attendant consoles. Absent, nobody is told; the event log is written anyway.
   */
  onTicketChange?: (change: TicketChange) => Promise<void>;
}


/** The ticket, or NotFoundError `ticket_not_found` (also for ids that are not UUIDs). */
export async function getTicket(repos: AttendanceRepositories, id: string): Promise<TicketRow> {
  const row = await repos.tickets.get(id);
  if (!row) throw new NotFoundError(`Ticket ${id} does not exist`, 'ticket_not_found');
  return row;
}

/** True when the actor may see the ticket. */
export async function canSeeTicket(repos: AttendanceRepositories, actor: Actor, ticket: Pick<TicketRow, 'assigned_to' | 'session_id'>): Promise<boolean> {
  if (seesAll(actor) || ticket.assigned_to === actor.user_id) return true;
  const conversation = await repos.conversations.get(ticket.session_id);
  return conversation !== undefined && canSee(repos, actor, conversation);
}

/** The ticket the actor asked for: NotFoundError `ticket_not_found`, ForbiddenError when they may not see it. */
export async function visibleTicket(repos: AttendanceRepositories, actor: Actor, id: string): Promise<TicketRow> {
  const row = await getTicket(repos, id);
  if (!(await canSeeTicket(repos, actor, row))) throw new ForbiddenError('This ticket is not in your queues');
  return row;
}

/**
 * The list filter that narrows to the actor's tickets, or undefined for those who see all. Same
 * rule as attendant-scope.ts: active memberships, or the conversations of no queue for attendants
 * who belong to none.
 */
export async function ticketScope(repos: AttendanceRepositories, actor: Actor): Promise<TicketFilter['visible_to']> {
  if (seesAll(actor)) return undefined;
  return { user_id: actor.user_id, queue_ids: await queuesOf(repos, actor.user_id) };
}

/**
 * The user a ticket may be given to: an active user with an attendance role. NotFoundError
 * `user_not_found` when there is none with this id, ValidationError `not_attendant` otherwise.
 */
export async function attendingUser(repos: AttendanceRepositories, userId: string): Promise<UserRow> {
  const user = await repos.users.findById(userId);
  if (!user) throw new NotFoundError(`User ${userId} does not exist`, 'user_not_found');
  if (!attends(user)) {
    throw new ValidationError(`${user.username} is not an active attendant, supervisor or admin`, [], 'not_attendant');
  }
  return user;
}
