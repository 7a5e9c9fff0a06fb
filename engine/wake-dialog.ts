import type { SessionsRepo, TurnStore } from '../db/index.js';
import type { BotRunner } from './bot-runner.js';
import { readStoredDialog, type StoredDialog } from './dialog-envelope.js';
import { conversationLockKey, JOB_NAMES, type EngineBot, type EnqueueDeps } from './engine-deps.js';
import { decideRoute } from './routing-rule.js';
import { SessionTurn } from './session-turn.js';
import { commitTurn, type CommitDeps } from './commit-turn.js';
import { enqueueAfterCommit } from '../infra/jobs/index.js';
import type { LockPort } from '../infra/locks/index.js';

/** Data of a `dialog.wake` job. */
export interface WakeJob {
  session_id: string;
  bot: string;
  /** The WAIT it ends: a job for an older WAIT of the session finds a different one and does nothing. */
  resume_at: string;
}

/** What enqueueing the end of a WAIT needs: the jobs port and the clock (the job's delay). */
export interface WakeScheduleDeps extends EnqueueDeps {
  readonly now: () => Date;
}

/** What the `dialog.wake` job needs: the session, its conversation lock, the bot, and what a turn's commit needs. */
export interface WakeDeps extends CommitDeps {
  readonly repos: { readonly turns: Pick<TurnStore, 'session' | 'commit'> };
  readonly bots: (name: string) => EngineBot | undefined;
  readonly bot: BotRunner;
  readonly turnLocks: Pick<LockPort, 'withLock'>;
}

/** What the recovery of sleeping dialogs needs. */
export interface SleepingRecoveryDeps extends WakeScheduleDeps {
  readonly repos: { readonly sessions: Pick<SessionsRepo, 'listSleeping'> };
}

/**
 * Enqueues the end of a WAIT. The job id names the session and the wake-up time, so the recovery
 * re-enqueueing a WAIT whose job still exists (BullMQ) does not double it, while a dialog that
 * sleeps again from inside its wake-up gets a new job. Never throws: the sleeping dialog is in
 * the session, and the recovery schedules it again.
 */
export async function scheduleWake(ctx: WakeScheduleDeps, job: WakeJob): Promise<void> {
  const delay = Math.max(0, Date.parse(job.resume_at) - ctx.now().getTime());
  await enqueueAfterCommit(ctx, 'wake-up', { session: job.session_id }, () =>
    ctx.jobs.add(JOB_NAMES.wake, job, { delay, jobId: `wake-${job.session_id}-${Date.parse(job.resume_at)}` }));
}

/**
 * The `dialog.wake` job: resumes a dialog sleeping after WAIT, between the conversation's turns.
 * When the session is with a human by then, the bot must not talk: the sleeping dialog is
 * dropped (the next message after resolving starts `start`).
 */
export async function wakeDialog(ctx: WakeDeps, job: WakeJob): Promise<void> {
  const found = await ctx.repos.turns.session(job.session_id);
  const bot = ctx.bots(job.bot);
  if (!found || !bot) return;
  await ctx.turnLocks.withLock(conversationLockKey(found), async () => {
    // A session changed by another instance meanwhile is read again; its WAIT may be over by then.
    for (let run = 1; run <= WAKE_RUNS; run++) {
      const session = await ctx.repos.turns.session(job.session_id);
      const stored = readStoredDialog(session?.dialog_state);
      if (!session || session.status !== 'open' || stored?.status !== 'sleeping' || stored.resume_at !== job.resume_at) return;
      const turn = new SessionTurn(session, bot);
      let dialog: StoredDialog | null | undefined = null;
      if (decideRoute(bot.config, session, '').kind !== 'bot') {
        ctx.logger.info({ session: session.id, bot: bot.name }, 'WAIT ended while a human has the session: the dialog is dropped');
      } else {
        dialog = (await ctx.bot.run(turn, { kind: 'wake' })).dialog;
      }
      if ((await commitTurn(ctx, turn, dialog)).kind === 'committed') return;
    }
  });
}

const WAKE_RUNS = 3;

/** Recovery: a wake-up job for every sleeping dialog (at once for those already due). */
export async function requeueSleeping(ctx: SleepingRecoveryDeps): Promise<number> {
  const sleeping = await ctx.repos.sessions.listSleeping();
  for (const s of sleeping) await scheduleWake(ctx, { session_id: s.id, bot: s.bot_name, resume_at: s.resume_at });
  if (sleeping.length) ctx.logger.info({ count: sleeping.length }, 'sleeping dialogs scheduled to wake');
  return sleeping.length;
}
