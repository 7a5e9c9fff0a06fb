import type { EventWrite, InboundWrite, SessionWrite, TurnCommit, TurnStore } from '../db/index.js';
import type { ChannelRegistry } from './channel-registry.js';
import type { StoredDialog } from './dialog-envelope.js';
import { enqueueEvents } from './event-dispatch.js';
import { dispatchOutbound, planOutbound, type DispatchDeps, type PlannedOutbound } from './outbox/index.js';
import type { SessionCache } from './session-cache.js';
import type { SessionTurn } from './session-turn.js';
import { scheduleWake, type WakeScheduleDeps } from './wake-dialog.js';

/**
 * What ending a turn needs: the one statement of the turn, the sessions this instance remembers,
 * the adapters (which channel delivers inline), and what is handed out after the commit.
 */
export interface CommitDeps extends DispatchDeps, WakeScheduleDeps {
  readonly repos: { readonly turns: Pick<TurnStore, 'commit'> };
  /** The sessions this instance's turns last committed (session-cache.ts). */
  readonly sessionCache: Pick<SessionCache, 'committed' | 'forget'>;
  readonly channels: Pick<ChannelRegistry, 'get'>;
}

/** What a turn writes besides its session changes. */
export interface TurnExtras {
  /** The customer's message (absent for a WAIT waking up). */
  inbound?: InboundWrite;
  events?: readonly EventWrite[];
}

/** A committed turn with its messages; or why nothing was written (see TurnCommit). */
export type CommittedTurn =
  | { kind: 'committed'; outbound: PlannedOutbound[] }
  | Exclude<TurnCommit, { kind: 'committed' }>;

/**
 * Ends a turn (docs/architecture.md, "one turn, one transaction"): the customer's message, the
 * session's changes (needs_human, context_data keys, the stored dialog — `undefined` leaves it as
 * it is), every outbound message with its outbox row, and the events, in one transaction — or
 * nothing, when the message was a duplicate or the session changed meanwhile. Once committed,
 * the messages are published and their deliveries, the events and a sleeping dialog's wake-up
 * are enqueued.
 */
export async function commitTurn(
  ctx: CommitDeps,
  turn: SessionTurn,
  dialog: StoredDialog | null | undefined,
  extras: TurnExtras = {},
): Promise<CommittedTurn> {
  const changes = turn.changes(dialog);
  const session: SessionWrite = turn.isNew
    ? { kind: 'create', row: turn.session, changes }
    : { kind: 'update', id: turn.id, version: turn.session.version, changes };
  const outbound = planOutbound(ctx.channels, turn.bot.id, turn.outbound, extras.inbound?.id ?? null);
  const events = extras.events ?? [];
  const result = await ctx.repos.turns.commit({
    session, ...(extras.inbound ? { inbound: extras.inbound } : {}), outbound: outbound.map((o) => o.write), events,
  });
  if (result.kind !== 'committed') {
    ctx.sessionCache.forget(turn.session);
    return result;
  }
  ctx.sessionCache.committed(turn.session, changes, extras.inbound);

  await dispatchOutbound(ctx, outbound, result.created_at);
  await enqueueEvents(ctx, events);
  if (dialog?.status === 'sleeping') await scheduleWake(ctx, { session_id: turn.id, bot: turn.bot.name, resume_at: dialog.resume_at });
  return { kind: 'committed', outbound };
}
