import type { ChannelAdapter, ChannelRequest } from '../../engine/index.js';
import { createChannelAdapters, listChannelAdapters } from '../index.js';
import { createDriveLinks, driveLinkKey } from '../../content/index.js';
import { UnauthorizedError, ValidationError } from '../../infra/errors.js';
import { createVisitorTokens } from './visitor-token.js';
import { createWebAdapter } from './web-adapter.js';

const tokens = createVisitorTokens(new TextEncoder().encode('web-adapter-test-secret-0123456789abcdef'));
const at = new Date('2026-03-10T12:00:00Z');
const adapter = createWebAdapter({ tokens, now: () => at, newVisitorId: () => 'new-visitor' });

const request = (body: Record<string, unknown>, bot = 'default'): ChannelRequest => ({
  headers: {},
  query: {},
  rawBody: Buffer.alloc(0),
  body,
  bot,
  originalUrl: '/api/channels/web/default/messages',
});

describe('web adapter', () => {
  test('a first message (no token) is a new visitor', async () => {
    const req = request({ text: 'hi', user_name: 'Ana', user_email: 'ana@example.test', client_message_id: 'c-1' });
    expect(await adapter.verify(req)).toBe(true);
    expect(adapter.parse(req)).toEqual([
      {
        channel: 'web',
        bot: 'default',
        customer: { external_id: 'new-visitor', display_name: 'Ana', email: 'ana@example.test' },
        text: 'hi',
        attachments: [],
        provider_message_id: 'new-visitor:c-1',
        first_contact: true,
        received_at: at,
        raw: { text: 'hi', user_name: 'Ana', user_email: 'ana@example.test', client_message_id: 'c-1' },
      },
    ]);
  });

  test('a later message is the token\'s visitor; the token is not kept in raw', async () => {
    const session_token = await tokens.issue({ bot: 'default', visitor_id: 'v-42', session_id: 's-1' });
    const req = request({ text: 'again', session_token });
    expect(await adapter.verify(req)).toBe(true);
    const [inbound] = adapter.parse(req);
    expect(inbound).toMatchObject({ customer: { external_id: 'v-42' }, text: 'again' });
    expect(inbound!.first_contact).toBeUndefined();
    expect(inbound).not.toHaveProperty('provider_message_id');
    expect(inbound!.customer).not.toHaveProperty('display_name');
    expect(JSON.stringify(inbound!.raw)).not.toContain(session_token);
  });

  test('verify refuses a forged token or one of another bot', async () => {
    expect(await adapter.verify(request({ text: 'hi', session_token: 'forged.token.value' }))).toBe(false);
    const other = await tokens.issue({ bot: 'other', visitor_id: 'v-1' });
    expect(await adapter.verify(request({ text: 'hi', session_token: other }))).toBe(false);
  });

  test('parse never trusts a token that verify did not check', async () => {
    const session_token = await tokens.issue({ bot: 'default', visitor_id: 'v-42' });
    expect(() => adapter.parse(request({ text: 'hi', session_token }))).toThrow(UnauthorizedError);
  });

  test('client message ids are scoped to the visitor, so two visitors never collide', async () => {
    const a = createWebAdapter({ tokens, newVisitorId: () => 'visitor-a' });
    const b = createWebAdapter({ tokens, newVisitorId: () => 'visitor-b' });
    const ids = [a, b].map((x) => x.parse(request({ text: 'hi', client_message_id: 'same' }))[0]!.provider_message_id);
    expect(ids).toEqual(['visitor-a:same', 'visitor-b:same']);
    expect(createWebAdapter({ tokens }).parse(request({ text: 'x' }))[0]!.customer.external_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('send succeeds at once: the engine\'s bus publish is the web delivery', async () => {
    await expect(adapter.send({ session_id: 's', channel: 'web', to: 'v', text: 'hello', from: 'bot' })).resolves.toEqual({});
  });
});

describe('attachments: only the visitor\'s own uploads to this bot, by valid links', () => {
  let clock = at;
  const links = createDriveLinks({ key: driveLinkKey(new TextEncoder().encode('drive-links-test-secret-0123456789abcdef')), publicUrl: () => 'https://bots.example', now: () => clock });
  const withLinks = createWebAdapter({ tokens, now: () => at, driveLinks: links });
  const own = 'received/web/v-42/0d9b5f7e-52a8-4a0b-8d55-3c1e2f4a6b7c-photo.png';

  async function parsed(attachments: Record<string, unknown>[], adapter = withLinks) {
    const session_token = await tokens.issue({ bot: 'default', visitor_id: 'v-42', session_id: 's-1' });
    const req = request({ text: '', session_token, attachments });
    expect(await adapter.verify(req)).toBe(true);
    return () => adapter.parse(req)[0]!;
  }
  async function refusal(attachments: Record<string, unknown>[], adapter = withLinks) {
    const parse = await parsed(attachments, adapter);
    const error = (() => { try { parse(); } catch (e) { return e; } return undefined; })();
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).details;
  }

  test('an upload of the visitor becomes an attachment, its kind and name from the link unless given', async () => {
    const url = links.url('default', own);
    const inbound = (await parsed([{ url }, { url, name: 'Holiday.png', mime_type: 'image/png', type: 'image' }]))();
    expect(inbound.text).toBe('');
    expect(inbound.attachments).toEqual([
      { type: 'image', url, name: 'photo.png', mime_type: 'application/octet-stream' },
      { type: 'image', url, name: 'Holiday.png', mime_type: 'image/png' },
    ]);
  });

  test.each([
    ['another visitor\'s upload', () => links.url('default', 'received/web/v-7/0d9b5f7e-52a8-4a0b-8d55-3c1e2f4a6b7c-photo.png')],
    ['an upload to another bot', () => links.url('other', own)],
    ['a drive file that is not an upload', () => links.url('default', 'reports/q3.pdf')],
    ['a folder that only starts like the visitor\'s', () => links.url('default', 'received/web/v-42x/a.png')],
    ['a forged signature', () => links.url('default', own).replace(/signature=[\w-]+/, `signature=${'A'.repeat(43)}`)],
    ['another host', () => links.url('default', own).replace('bots.example', 'evil.example')],
    ['any other address', () => 'https://example.com/photo.png'],
  ])('%s is refused, naming the attachment', async (_what, url) => {
    const good = links.url('default', own);
    expect(await refusal([{ url: good }, { url: url() }])).toEqual({
      issues: [{ path: 'body.attachments.1.url', message: expect.any(String) }],
    });
  });

  test('an expired link is refused', async () => {
    const url = links.url('default', own);
    clock = new Date(at.getTime() + 8 * 86_400_000);
    try {
      expect(await refusal([{ url }])).toEqual({ issues: [{ path: 'body.attachments.0.url', message: 'has expired: upload the file again' }] });
    } finally {
      clock = at;
    }
  });

  test('without the drive links, or on a new visitor\'s first message, no attachment is taken', async () => {
    await refusal([{ url: links.url('default', own) }], adapter);
    const first = request({ text: 'hi', attachments: [{ url: links.url('default', 'received/web/new-visitor/x.png') }] });
    const fresh = createWebAdapter({ tokens, newVisitorId: () => 'another-visitor', driveLinks: links });
    expect(() => fresh.parse(first)).toThrow(ValidationError);
  });
});

describe('the adapters map', () => {
  test('has the web adapter, and extra adapters by channel', () => {
    const sms: ChannelAdapter = { channel: 'sms', verify: () => true, parse: () => [], send: async () => ({}) };
    const adapters = createChannelAdapters({ visitorTokens: tokens }, [sms]);
    expect(adapters.web.channel).toBe('web');
    expect(adapters.sms).toBe(sms);
    expect(listChannelAdapters(adapters).map((a) => a.channel).sort()).toEqual(['sms', 'web']);
  });
});
