import type { HttpPerformer } from '../basic-interpreter/index.js';
import type { ScriptBot } from './script-host-context.js';
import { createHttpPerformer } from './host/index.js';

/**
 * The bot's guarded HTTP client (script-host/host/http-effect.ts): its `dialog-max-seconds` bound each
 * call, its `http-allow-private-networks` opens private addresses; `maxResponseBytes` where a
 * caller reads a file of its own limit (default: the client's 5 MiB).
 */
export function botHttp(bot: ScriptBot, maxResponseBytes?: number): HttpPerformer {
  return createHttpPerformer({
    timeoutMs: bot.config['dialog-max-seconds'] * 1000, allowPrivateNetworks: bot.config['http-allow-private-networks'],
    ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
  });
}
