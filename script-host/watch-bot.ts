import { eventWatches, type EventWatch } from '../basic-interpreter/index.js';
import type { ScriptBot, HostContext } from './script-host-context.js';
import { HOST_JOBS } from './script-host-context.js';
import { watchFolders } from './folder-watch.js';
import { watchMailbox } from './mail-watch.js';
import { mailboxSettingsOf, noMailboxMessage } from './mailbox-settings.js';

/** Data of a `dialog.watch` job: look at one bot's mailbox and drive folders. */
export interface WatchRun {
  bot: string;
}

/** A script of the bot and one of its ON EMAIL / ON CHANGE declarations. */
export interface WatchHandler<W extends EventWatch = EventWatch> {
  script: string;
  watch: W;
}

/** The bot's scripts that declared a watch of this kind, as they are now (an edited script counts at once). */
export function watchHandlers<K extends EventWatch['kind']>(bot: ScriptBot, kind: K): WatchHandler<Extract<EventWatch, { kind: K }>>[] {
  const handlers: WatchHandler<Extract<EventWatch, { kind: K }>>[] = [];
  for (const script of bot.dialogs.names()) {
    const compiled = bot.dialogs.get(script);
    if (!compiled) continue;
    for (const watch of eventWatches(compiled)) {
      if (watch.kind === kind) handlers.push({ script, watch: watch as Extract<EventWatch, { kind: K }> });
    }
  }
  return handlers;
}

/**
 * Polls the bot's watches every `watch-poll-seconds` with a `dialog.watch` job on the jobs port
 * (one schedule per bot, replaced when called again: the same mechanism as SET SCHEDULE).
 */
export async function scheduleWatch(ctx: HostContext, bot: ScriptBot): Promise<void> {
  const every = bot.config['watch-poll-seconds'] * 1000;
  await ctx.jobs.schedule(`watch-${bot.id}`, HOST_JOBS.watch, { every }, { bot: bot.name } satisfies WatchRun);
}

/**
 * At start-up: schedules the watch of every bot that has ON EMAIL or ON CHANGE scripts, and warns
 * about ON EMAIL scripts of a bot without a mailbox (they stop with "not available" if run).
 */
export async function scheduleWatches(ctx: HostContext): Promise<void> {
  for (const name of ctx.botNames()) {
    const bot = ctx.bots(name);
    if (!bot) continue;
    const mail = watchHandlers(bot, 'mail');
    const folders = watchHandlers(bot, 'folder');
    const mailbox = mailboxSettingsOf(bot.config);
    if (mail.length > 0 && 'missing' in mailbox) {
      ctx.logger.warn({ bot: bot.name, scripts: mail.map((h) => h.script) }, `ON EMAIL scripts will not run: ${noMailboxMessage(mailbox.missing)}`);
    }
    if (folders.length > 0 || (mail.length > 0 && 'settings' in mailbox)) await scheduleWatch(ctx, bot);
  }
}

/**
 * The `dialog.watch` job: the bot's new mail, then the changes under its watched folders, each
 * running the scripts that declared them. One run per bot at a time, across instances.
 */
export async function runWatch(ctx: HostContext, run: WatchRun): Promise<void> {
  const bot = ctx.bots(run.bot);
  const store = ctx.repos.watches;
  if (!bot || !store) return;
  await ctx.locks.withLock(`watch:${bot.id}`, async () => {
    const mail = watchHandlers(bot, 'mail');
    if (mail.length > 0) {
      const mailbox = mailboxSettingsOf(bot.config);
      if ('settings' in mailbox) {
        await watchMailbox(ctx, bot, store, mailbox.settings, mail).catch((error: unknown) => {
          ctx.logger.warn({ bot: bot.name, err: error }, `ON EMAIL: the mailbox could not be read: ${(error as Error).message}`);
        });
      }
    }
    const folders = watchHandlers(bot, 'folder');
    if (folders.length > 0) await watchFolders(ctx, bot, store, folders);
  });
}

/**
 * After a write to the bot's drive through the product: look at its watched folders now rather
 * than at the next poll (one waiting look per bot; a write while one runs gets another).
 */
export function lookAtFoldersSoon(ctx: HostContext, bot: ScriptBot): void {
  if (watchHandlers(bot, 'folder').length === 0) return;
  ctx.jobs.add(HOST_JOBS.watch, { bot: bot.name } satisfies WatchRun, { jobId: `watch-now-${bot.id}` }).catch((error: unknown) => {
    ctx.logger.warn({ bot: bot.name, err: error }, `ON CHANGE: the drive write was not looked at now (the next poll will): ${(error as Error).message}`);
  });
}
