import { randomUUID } from 'node:crypto';
import { SIGN_IN_KEY, type SessionTurn } from '../engine/index.js';
import { translate } from '../infra/i18n.js';
import type { HostContext } from './script-host-context.js';

/** Why a dialog waiting on HEAR x AS LOGIN ends on a server built without sign-in links. */
export const SIGN_IN_UNAVAILABLE = 'not available: HEAR AS LOGIN (this server has no sign-in page)';

/**
 * A turn left the dialog waiting on HEAR x AS LOGIN: the customer gets a fresh link to the
 * sign-in page (in the bot's `language`), and the session records its nonce (SIGN_IN_KEY), so only the newest link answers
 * the HEAR (a link sent earlier, or used already, no longer does; engine/complete-sign-in.ts).
 * False when the server offers no sign-in.
 */
export async function offerSignIn(ctx: Pick<HostContext, 'signInLinks'>, turn: SessionTurn): Promise<boolean> {
  if (!ctx.signInLinks) return false;
  const nonce = randomUUID();
  const url = await ctx.signInLinks({ session_id: turn.id, bot: turn.bot.name, nonce });
  turn.setContext(SIGN_IN_KEY, nonce);
  turn.outbound.push(turn.botMessage(translate(turn.bot.config.language, 'sign_in.link', { url })));
  return true;
}
