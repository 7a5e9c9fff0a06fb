import type { EventWatch, ObjectValue } from '../basic-interpreter/index.js';
import type { BotWatchesRepo } from '../db/index.js';
import type { ScriptBot, HostContext } from './script-host-context.js';
import { createWatchHost } from './effect-host.js';
import type { MailboxCursor, MailboxSettings, ReceivedMail } from './ports.js';
import { runBackgroundScript } from './run-background-script.js';
import type { WatchHandler } from './watch-bot.js';

/** Mails handled per poll at most; the rest wait for the next one. */
const MAILS_PER_POLL = 50;

type MailWatch = Extract<EventWatch, { kind: 'mail' }>;

/**
 * ON EMAIL (docs/basic.md, "Event handlers"): each mail that arrived in the bot's mailbox since
 * the last poll runs every script whose filters it passes, oldest mail first. The mailbox's last
 * handled UID is stored after each mail's runs, so a crash repeats at most that mail and skips
 * none. The first poll (or one after the server renumbered the mailbox) only notes where the
 * mailbox stands: mail already there is not new.
 */
export async function watchMailbox(ctx: HostContext, bot: ScriptBot, store: BotWatchesRepo, settings: MailboxSettings, handlers: WatchHandler<MailWatch>[]): Promise<void> {
  const key = `mail:${settings.user}@${settings.host}:${settings.port}/${settings.mailbox}`;
  const stored = asCursor(await store.get(bot.id, key));
  const { cursor, mails } = await ctx.mailbox.poll(settings, stored, MAILS_PER_POLL);
  if (stored === undefined || stored.validity !== cursor.validity) {
    await store.put(bot.id, key, cursor);
    return;
  }
  for (const mail of mails) {
    const event = mailEvent(mail, settings);
    // A script with several ON EMAIL lines runs once for a mail any of them takes.
    for (const script of new Set(handlers.filter((h) => passes(h.watch, mail, settings)).map((h) => h.script))) {
      await runBackgroundScript(ctx, bot, {
        script, host: createWatchHost(ctx, bot, { name: 'email_received_events', value: event }), variables: { email: event }, what: 'ON EMAIL run',
      });
    }
    await store.put(bot.id, key, { validity: cursor.validity, uid: mail.uid });
  }
}

/**
 * The address is one of the mail's recipients (or the mailbox's own user), the sender contains
 * FROM, the subject contains SUBJECT; case ignored. A watch without filters takes every mail.
 */
function passes(watch: MailWatch, mail: ReceivedMail, settings: MailboxSettings): boolean {
  const recipients = [...mail.to_addresses, ...mail.cc_addresses].map((a) => a.toLowerCase());
  if (watch.address !== undefined && watch.address !== settings.user.toLowerCase() && !recipients.includes(watch.address)) return false;
  if (watch.from !== undefined && !mail.from_address.toLowerCase().includes(watch.from)) return false;
  return watch.subject === undefined || mail.subject.toLowerCase().includes(watch.subject);
}

/** The mail as the reference's email_received_events entry names its fields, plus its text. */
function mailEvent(mail: ReceivedMail, settings: MailboxSettings): ObjectValue {
  return {
    id: `${settings.mailbox}:${mail.uid}`,
    mailbox: settings.mailbox,
    message_uid: mail.uid,
    message_id: mail.message_id,
    from_address: mail.from_address,
    from: mail.from_address,
    to_addresses: mail.to_addresses,
    cc_addresses: mail.cc_addresses,
    subject: mail.subject,
    date: mail.date,
    body: mail.body,
    has_attachments: mail.attachments.length > 0,
    attachments: mail.attachments,
  };
}

function asCursor(state: unknown): MailboxCursor | undefined {
  const s = state as Partial<MailboxCursor> | undefined;
  return s && typeof s.validity === 'string' && typeof s.uid === 'number' ? { validity: s.validity, uid: s.uid } : undefined;
}
