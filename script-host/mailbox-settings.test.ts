import { configSchema } from '../config/index.js';
import { mailboxSettingsOf, noMailboxMessage } from './mailbox-settings.js';

// ON EMAIL reads the bot's mailbox from its config.csv (docs/configuration.md, "Mailbox and watches").

test('a bot without host, user or password has no mailbox, and the error names what is missing', () => {
  const none = mailboxSettingsOf(configSchema.parse({}));
  expect(none).toEqual({ missing: ['email-imap-host', 'email-imap-user', 'email-imap-password'] });
  const partial = mailboxSettingsOf(configSchema.parse({ 'email-imap-host': 'imap.example.test', 'email-imap-user': 'bot' }));
  expect(partial).toEqual({ missing: ['email-imap-password'] });
  expect(noMailboxMessage(['email-imap-password'])).toBe('not available: ON EMAIL (this bot has no mailbox: set email-imap-password in its config.csv)');
});

test('with them, the mailbox with its defaults: port 993 with TLS, INBOX', () => {
  const config = configSchema.parse({ 'email-imap-host': 'imap.example.test', 'email-imap-user': 'bot', 'email-imap-password': 'pw' });
  expect(mailboxSettingsOf(config)).toEqual({ settings: { host: 'imap.example.test', port: 993, secure: true, user: 'bot', password: 'pw', mailbox: 'INBOX' } });
  const plain = configSchema.parse({ 'email-imap-host': 'h', 'email-imap-user': 'u', 'email-imap-password': 'p', 'email-imap-port': '143', 'email-imap-tls': 'false', 'email-imap-mailbox': 'Support' });
  expect(mailboxSettingsOf(plain)).toEqual({ settings: { host: 'h', port: 143, secure: false, user: 'u', password: 'p', mailbox: 'Support' } });
});
