import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startSmtpServer, type TestSmtpServer } from '../../test/support/smtp.js';
import { UpstreamError } from '../errors.js';
import { createMailer, MAIL_NOT_CONFIGURED } from './index.js';

const FROM = 'Switchboard <no-reply@switchboard.test>';

describe('SMTP mailer against a real SMTP server', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => { smtp = await startSmtpServer({ auth: { user: 'mailer', pass: 's3cret pass' } }); });
  afterAll(async () => { await smtp.close(); });

  test('logs in and delivers text, HTML, cc and bcc', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM });
    await mailer.verify();
    await mailer.send({
      to: ['ana@example.test', 'bob@example.test'], cc: 'carl@example.test', bcc: 'audit@example.test',
      subject: 'Hello — ünïcode', text: 'plain body', html: '<p>html body</p>',
    });
    mailer.close();
    const mail = await smtp.waitFor((m) => m.subject === 'Hello — ünïcode');
    expect(mail.to).toEqual(['ana@example.test', 'bob@example.test']);
    expect(mail.envelope.from).toBe('no-reply@switchboard.test');
    expect(mail.envelope.to).toEqual(expect.arrayContaining(['ana@example.test', 'bob@example.test', 'carl@example.test', 'audit@example.test']));
    // A blind copy travels in the envelope only.
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    expect(mail.text.trim()).toBe('plain body');
    expect(mail.html).toContain('<p>html body</p>');
  });

  test('a wrong password is a clear error that does not repeat the password', async () => {
    const url = `smtp://mailer:wrong-one@127.0.0.1:${smtp.port}`;
    const mailer = createMailer({ smtpUrl: url, from: FROM });
    const attempt = mailer.send({ to: 'ana@example.test', subject: 's', text: 't' });
    await expect(attempt).rejects.toThrow(UpstreamError);
    await expect(attempt).rejects.toThrow(`SMTP server 127.0.0.1:${smtp.port}`);
    await attempt.catch((error: Error) => expect(error.message).not.toContain('wrong-one'));
    mailer.close();
  });
});

describe('SMTP mailer failures', () => {
  test('a closed port rejects with smtp_error naming the server', async () => {
    const port = await closedPort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    const attempt = mailer.send({ to: 'ana@example.test', subject: 's', text: 't' });
    await expect(attempt).rejects.toMatchObject({ code: 'smtp_error', message: expect.stringContaining(`127.0.0.1:${port}`) });
    await expect(mailer.verify()).rejects.toThrow(/ECONNREFUSED/);
    mailer.close();
  });

  test('without SMTP_URL every use says mail is not configured', async () => {
    const mailer = createMailer({ from: FROM });
    expect(mailer.configured).toBe(false);
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toMatchObject({
      code: 'mail_not_configured', message: MAIL_NOT_CONFIGURED,
    });
    await expect(mailer.verify()).rejects.toThrow(/SMTP_URL/);
  });
});

/** A port nothing listens on: bind one, note it, close it. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
