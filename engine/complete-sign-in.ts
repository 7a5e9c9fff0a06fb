import type { SessionRow, TurnStore } from '../db/index.js';
import type { LockPort } from '../infra/locks/index.js';
import type { BotRunner, SignInAnswer } from './bot-runner.js';
import { commitTurn, type CommitDeps } from './commit-turn.js';
import { readStoredDialog } from './dialog-envelope.js';
import { conversationLockKey, type EngineBot } from './engine-deps.js';
import { decideRoute } from './routing-rule.js';
import { SessionTurn } from './session-turn.js';

/**
 * Where a session keeps the nonce of the sign-in its HEAR x AS LOGIN waits for (docs/basic.md,
 * "HEAR AS LOGIN"): the script host writes it with each link it sends (script-host/sign-in-link.ts),
 * and only the newest link answers the HEAR.
 */
export const SIGN_IN_KEY = 'sign_in_request';

/** A finished sign-in for a session's HEAR x AS LOGIN: which request it answers, and who signed in. */
export interface SignInCompletion {
  session_id: string;
  bot: string;
  /** The nonce of the link the person followed (script-host/sign-in-link.ts). */
  nonce: string;
  user: SignInAnswer;
}

/** `signed_in`: the dialog took the user; `stale`: the session no longer waits for this link. */
export type SignInCompletionOutcome = 'signed_in' | 'stale';

/** What checking a sign-in link needs: the session it names and the bot. */
export interface SignInCheckDeps {
  readonly repos: { readonly turns: Pick<TurnStore, 'session'> };
  readonly bots: (name: string) => EngineBot | undefined;
}

/** What the turn a sign-in starts needs: the session, the conversation lock, the bot runner, and the commit. */
export interface SignInDeps extends CommitDeps, SignInCheckDeps {
  readonly repos: { readonly turns: Pick<TurnStore, 'session' | 'commit'> };
  readonly bot: BotRunner;
  readonly turnLocks: Pick<LockPort, 'withLock'>;
}

const RUNS = 3;

/** Whether the session's dialog still waits on HEAR x AS LOGIN for the link with this nonce, and the bot still answers it. */
function waitsFor(session: SessionRow, bot: EngineBot, nonce: string): boolean {
  const stored = readStoredDialog(session.dialog_state);
  const waits = stored?.status === 'waiting' && stored.waiting_for.type === 'LOGIN';
  if (session.status !== 'open' || !waits || session.context_data[SIGN_IN_KEY] !== nonce) return false;
  return decideRoute(bot.config, session, '').kind === 'bot';
}

/**
 * Whether a sign-in link would still answer its HEAR, without answering it: the sign-in page
 * shows its form only then, and says a used or replaced link is spent (docs/basic.md, "HEAR AS LOGIN").
 */
export async function awaitsSignIn(ctx: SignInCheckDeps, request: Omit<SignInCompletion, 'user'>): Promise<boolean> {
  const session = await ctx.repos.turns.session(request.session_id);
  const bot = ctx.bots(request.bot);
  return !!session && !!bot && session.bot_id === bot.id && waitsFor(session, bot, request.nonce);
}

/**
 * Someone signed in on the page a HEAR x AS LOGIN linked to (docs/basic.md, "HEAR AS LOGIN"):
 * when the session still waits on that HEAR for that very link, its dialog resumes with the user
 * as the answer, in a turn of its own (the bot's replies go to the customer as after a WAIT);
 * the link is spent. A link replaced by a newer one, already used, or for a dialog that moved on,
 * ended or is with a human is `stale`, and nothing runs.
 */
export async function completeSignIn(ctx: SignInDeps, completion: SignInCompletion): Promise<SignInCompletionOutcome> {
  const found = await ctx.repos.turns.session(completion.session_id);
  const bot = ctx.bots(completion.bot);
  if (!found || !bot || found.bot_id !== bot.id) return 'stale';
  return ctx.turnLocks.withLock(conversationLockKey(found), async () => {
    // A session changed by another instance meanwhile is read again, and checked again.
    for (let run = 1; run <= RUNS; run++) {
      const session = await ctx.repos.turns.session(completion.session_id);
      if (!session || !waitsFor(session, bot, completion.nonce)) return 'stale';
      const turn = new SessionTurn(session, bot);
      turn.setContext(SIGN_IN_KEY, null);
      const { dialog } = await ctx.bot.run(turn, { kind: 'signed_in', user: completion.user });
      if ((await commitTurn(ctx, turn, dialog)).kind === 'committed') return 'signed_in';
    }
    throw new Error(`the session ${completion.session_id} kept changing while the sign-in was handed to it`);
  });
}
