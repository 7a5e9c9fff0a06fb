import type { BotConfig } from '../config/index.js';
import type { MailboxSettings } from './ports.js';

/** The config.csv keys a bot's mailbox needs (docs/configuration.md). */
const REQUIRED = ['email-imap-host', 'email-imap-user', 'email-imap-password'] as const;

/**
 * The bot's mailbox for ON EMAIL, or the keys its config.csv still lacks: the words of the
 * "not available" error a script gets, and of the start-up warning.
 */
export function mailboxSettingsOf(config: BotConfig): { settings: MailboxSettings } | { missing: string[] } {
  const missing = REQUIRED.filter((key) => !config[key]);
  if (missing.length > 0) return { missing };
  return {
    settings: {
      host: config['email-imap-host']!, port: config['email-imap-port'], secure: config['email-imap-tls'],
      user: config['email-imap-user']!, password: config['email-imap-password']!, mailbox: config['email-imap-mailbox'],
    },
  };
}

/** `not available: ON EMAIL (…)`, naming the missing keys. */
export function noMailboxMessage(missing: readonly string[]): string {
  return `not available: ON EMAIL (this bot has no mailbox: set ${missing.join(', ')} in its config.csv)`;
}
