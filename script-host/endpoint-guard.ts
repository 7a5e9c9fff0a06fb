import { NotFoundError, RateLimitError } from '../infra/errors.js';
import type { ScriptBot, HostContext } from './script-host-context.js';

/**
 * What every request to a bot's WEBHOOK or form passes first (docs/basic.md, "Webhooks and
 * forms"): the bot exists (else the same 404 as for an unknown endpoint), and the client's
 * address is within the bot's `webhook-rate-limit` per `webhook-rate-window-seconds`, counted
 * across instances when the rate limiter is Redis.
 */
export async function admitEndpointRequest(ctx: HostContext, botName: string, clientAddress: string): Promise<ScriptBot> {
  const bot = ctx.bots(botName);
  if (!bot) throw new NotFoundError(`No bot named "${botName}"`, 'bot_not_found');
  const rule = { points: bot.config['webhook-rate-limit'], durationSeconds: bot.config['webhook-rate-window-seconds'] };
  const decision = await ctx.rateLimiter.consume(`endpoint:${bot.name}:${clientAddress}`, rule);
  if (!decision.allowed) {
    throw new RateLimitError(
      decision.limit, decision.window, decision.retryAfterSeconds,
      `Too many requests: at most ${decision.limit} per ${decision.window}; try again in ${decision.retryAfterSeconds} s`,
    );
  }
  return bot;
}
