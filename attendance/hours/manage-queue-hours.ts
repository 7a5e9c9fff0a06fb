/**
 * A queue's business hours and automatic replies over the API (docs/attendance/business-hours.md):
 * supervisors set them, members of the queue read them, with whether the queue is open now.
 */
import type { ClosedAction, QueueHoursRow } from '../../db/index.js';
import { ValidationError } from '../../infra/errors.js';
import type { AssignDeps } from '../assign-conversation.js';
import { getQueue } from '../queues/manage-queues.js';
import { existingQueue } from '../queues/manage-queue-members.js';
import type { Actor } from '../commands/attendant-scope.js';
import type { AutoReply } from './auto-reply.js';
import { isOpen, isTimeZone, minutesOf, nextOpening, type OpeningInterval, type Weekday } from './business-hours.js';
import { businessHoursOf } from './queue-hours.js';

/** What a put sets: the whole configuration. */
export interface QueueHoursInput {
  time_zone: string;
  weekly: Partial<Record<Weekday, OpeningInterval[]>> | null;
  holidays: string[];
  closed_action: ClosedAction;
  auto_replies: AutoReply[];
}

/** The configuration as read, with the clock's answer for now. */
export interface QueueHoursView extends QueueHoursInput {
  queue_id: string;
  open_now: boolean;
  /** The next opening (now while open); null when the queue never opens. */
  next_opening: string | null;
  updated_at: string | null;
}

/** The queue's hours; a queue without any answers always open, `wait`, no replies. */
export async function getQueueHours(deps: Pick<AssignDeps, 'repos' | 'now'>, actor: Actor, queueId: string): Promise<QueueHoursView> {
  await getQueue(deps, actor, queueId);
  return view(deps, queueId, await deps.repos.hours.get(queueId));
}

/**
 * Replaces the queue's hours and replies. ValidationError `invalid_hours` for an unknown time
 * zone or an interval that does not close after it opens.
 */
export async function putQueueHours(deps: Pick<AssignDeps, 'repos' | 'now'>, queueId: string, input: QueueHoursInput): Promise<QueueHoursView> {
  await existingQueue(deps, queueId);
  if (!isTimeZone(input.time_zone)) {
    throw new ValidationError(`Unknown time zone ${input.time_zone}`, [{ path: 'body.time_zone', message: 'not an IANA time zone' }], 'invalid_hours');
  }
  for (const [day, slots] of Object.entries(input.weekly ?? {})) {
    for (const [i, slot] of (slots ?? []).entries()) {
      if (minutesOf(slot.close) <= minutesOf(slot.open)) {
        throw new ValidationError('An interval must close after it opens', [{ path: `body.weekly.${day}.${i}`, message: 'close is not after open' }], 'invalid_hours');
      }
    }
  }
  const row = await deps.repos.hours.put({ queue_id: queueId, ...input, weekly: input.weekly as QueueHoursRow['weekly'] });
  return view(deps, queueId, row);
}

function view(deps: Pick<AssignDeps, 'now'>, queueId: string, row: QueueHoursRow | undefined): QueueHoursView {
  const hours = businessHoursOf(row);
  const now = deps.now();
  return {
    queue_id: queueId,
    time_zone: hours.time_zone,
    weekly: (hours.weekly ?? null) as QueueHoursView['weekly'],
    holidays: [...hours.holidays],
    closed_action: row?.closed_action ?? 'wait',
    auto_replies: [...(row?.auto_replies ?? [])],
    open_now: isOpen(hours, now),
    next_opening: nextOpening(hours, now)?.toISOString() ?? null,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}
