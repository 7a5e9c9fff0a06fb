import type { MailboxAccess, MailboxPosition, PolledMail } from './poll-mailbox.js';

export type { MailboxAccess, MailboxPosition, PolledMail } from './poll-mailbox.js';

/**
 * The bots' mailboxes as ON EMAIL reads them (poll-mailbox.ts). The IMAP client is loaded at the
 * first poll, so a server whose bots read no mail never loads it (content/index.ts).
 */
export const mailboxReader = {
  async poll(access: MailboxAccess, position: MailboxPosition | undefined, limit: number): Promise<{ cursor: MailboxPosition; mails: PolledMail[] }> {
    const { pollMailbox } = await import('./poll-mailbox.js');
    return pollMailbox(access, position, limit);
  },
};
