import { createSessionsRepo, withTransaction } from '../db/index.js';
import type { StoredDialog } from './dialog-envelope.js';
import type { EngineContext } from './engine-context.js';
import { commitOutbound, dispatchOutbound, type CommittedOutbound } from './outbox/index.js';
import type { SessionTurn } from './session-turn.js';
import { scheduleWake } from './wake-dialog.js';

/**
 * Ends a turn: in one transaction, the session's changes (needs_human, context_data keys, the
 * stored dialog — `undefined` leaves it as it is) and every outbound message of the turn
 * (transcript + outbox rows). Then, committed, the messages are published and their delivery
 * enqueued, and a sleeping dialog gets its wake-up job. Resolves to the committed messages.
 */
export async function commitTurn(ctx: EngineContext, turn: SessionTurn, dialog: StoredDialog | null | undefined): Promise<CommittedOutbound[]> {
  const changes = turn.changes(dialog);
  let committed: CommittedOutbound[] = [];
  if (Object.keys(changes).length > 0 || turn.outbound.length > 0) {
    committed = await withTransaction(ctx.db, async (tx) => {
      await createSessionsRepo(tx).update(turn.id, changes);
      return commitOutbound(tx, turn.bot.id, turn.outbound);
    });
  }
  await dispatchOutbound(ctx, committed);
  if (dialog?.status === 'sleeping') await scheduleWake(ctx, { session_id: turn.id, bot: turn.bot.name, resume_at: dialog.resume_at });
  return committed;
}
