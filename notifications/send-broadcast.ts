import { enqueueAfterCommit } from '../infra/jobs/index.js';
import type { Principal } from '../auth/index.js';
import type { Audience, BroadcastRow } from '../db/index.js';
import { ForbiddenError, ValidationError } from '../infra/errors.js';
import type { NotificationCategory, NotificationChannel } from './channels.js';
import { broadcastJobId, newId, NOTIFICATION_JOBS } from './notification-ids.js';
import { sendsToAnyone, type NotificationsDeps } from './notifications-deps.js';
import { spendLimit } from './rate-limits.js';

/** The segments a broadcast may target (docs/notifications.md, "Broadcast"): users by role. */
export const SEGMENTS = ['admins', 'supervisors', 'attendants', 'authors'] as const;
export type Segment = (typeof SEGMENTS)[number];

/** A broadcast request once validated (docs/notifications.md, "Broadcast"). */
export interface BroadcastInput {
  target: { kind: 'all' } | { kind: 'group'; id: string } | { kind: 'segment'; id: Segment };
  filters: { channel?: NotificationChannel; last_active_days?: number };
  message: { title: string; body: string; image_url?: string };
  schedule?: Date;
  priority: 'normal' | 'high';
  category: NotificationCategory;
  data: Record<string, unknown>;
  idempotency_key?: string;
}

/**
 * Creates a broadcast (docs/notifications.md, "Broadcast"): counts the audience, stores the broadcast and its one
 * notification, and hands the fan-out to a job, now or at `schedule` (then `scheduled`,
 * `scheduled_for` echoing it). Admins and supervisors broadcast to anyone; a group's members to
 * their group, through the groups port — without it a group target is a 400.
 */
export async function sendBroadcast(deps: NotificationsDeps, principal: Principal, input: BroadcastInput): Promise<BroadcastRow> {
  if (input.idempotency_key) {
    const earlier = await deps.broadcasts.findByIdempotencyKey(principal.user_id, input.idempotency_key);
    if (earlier) return earlier;
  }
  const audience = await audienceOf(deps, principal, input);
  await spendLimit(deps, 'broadcast', principal.user_id);
  const now = deps.now();
  const scheduled = input.schedule !== undefined && input.schedule > now;
  const id = newId('brd');
  const notificationId = newId('ntf');
  const channel = input.filters.channel ?? 'in_app';
  const broadcast = await deps.broadcasts.create({
    id, sender_id: principal.user_id, target: input.target.kind, target_id: 'id' in input.target ? input.target.id : null,
    filters: input.filters, title: input.message.title, body: input.message.body, image_url: input.message.image_url ?? null,
    status: scheduled ? 'scheduled' : 'sending', scheduled_for: input.schedule ?? null,
    target_count: await deps.broadcasts.countAudience(audience), notification_id: notificationId,
    idempotency_key: input.idempotency_key ?? null, created_at: now,
  }, {
    id: notificationId, sender_id: principal.user_id, type: 'broadcast', title: input.message.title, message: input.message.body,
    priority: input.priority, channels: [channel], category: input.category, status: scheduled ? 'scheduled' : 'queued',
    data: { ...input.data, ...(input.message.image_url ? { image_url: input.message.image_url } : {}) },
    recipients_count: 0, broadcast_id: id, created_at: now,
  });
  // Stored: a Redis outage only delays the fan-out (delivery-jobs.ts `recover`), it does not fail the broadcast.
  await enqueueAfterCommit(deps, 'broadcast', { broadcast: id }, () => deps.jobs.add(NOTIFICATION_JOBS.broadcast, { broadcast_id: id }, {
    jobId: broadcastJobId(id), attempts: 5, backoff: { type: 'exponential', delay: 1000 },
    ...(scheduled ? { delay: input.schedule!.getTime() - now.getTime() } : {}),
  }));
  return broadcast;
}

const ROLE_OF: Record<Segment, string> = { admins: 'admin', supervisors: 'supervisor', attendants: 'attendant', authors: 'author' };

/** Who the target and filters name, after checking the caller may reach them. */
export async function audienceOf(deps: NotificationsDeps, principal: Principal, input: Pick<BroadcastInput, 'target' | 'filters'>): Promise<Audience> {
  const since = input.filters.last_active_days === undefined ? {} : { active_since: new Date(deps.now().getTime() - input.filters.last_active_days * 86_400_000) };
  const { target } = input;
  if (target.kind === 'group') {
    if (!deps.groups) {
      throw new ValidationError('Broadcasting to a group needs the groups area, which is not available on this server; target "all" or a segment', [], 'groups_not_available');
    }
    if (!sendsToAnyone(principal) && !(await deps.groups.isMember(target.id, principal.user_id))) {
      throw new ForbiddenError('Only admins, supervisors and the group\'s members may broadcast to a group');
    }
    const members = await deps.groups.members(target.id);
    if (!members) throw new ValidationError(`Group ${target.id} not found`, [], 'group_not_found');
    return { kind: 'users', ids: members, ...since };
  }
  if (!sendsToAnyone(principal)) throw new ForbiddenError('Only admins and supervisors may broadcast to everyone or to a segment');
  return target.kind === 'all' ? { kind: 'all', ...since } : { kind: 'role', role: ROLE_OF[target.id], ...since };
}
