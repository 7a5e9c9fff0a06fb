import { createDriveLinks, driveLinkKey } from '../../content/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// A web visitor's files (docs/channels/web.md, "Files from the visitor"): uploaded with the session
// token into the bot's drive, answered with a signed link, sent back with a message as an
// attachment; only the visitor's own, unexpired uploads to that bot are taken.

const SECRET = 'a test secret of at least thirty-two characters';
const SHOP_ORIGIN = 'https://shop.example.test';
/** Every byte value, twice: what survives the trip only if nothing reads the upload as text. */
const BYTES = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
const MIB = 1024 * 1024;

interface Upload { type: string; url: string; name: string; mime_type: string; size: number }
interface HistoryMessage { direction: string; from: string; text: string; attachments?: Record<string, string>[] }

let bots: TestBots;
let service: TestService;

beforeAll(async () => {
  bots = await createTestBots('sb-web-upload-');
  const echo = ['TALK "Send me a file"', 'DO', '  HEAR anything', '  TALK "Thanks"', 'LOOP', ''].join('\n');
  await bots.add('shop', { 'web-allowed-origins': SHOP_ORIGIN }, echo);
  await bots.add('other', {}, echo);
  service = await startTestService({ BOTS_DIR: bots.dir, JWT_SECRET: SECRET });
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

async function upload(bot: string, token: string | undefined, name: string | undefined, body: Buffer, type?: string) {
  const query = name === undefined ? '' : `?name=${encodeURIComponent(name)}`;
  const res = await fetch(`${service.url}/api/channels/web/${bot}/uploads${query}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(type ? { 'content-type': type } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function post(bot: string, body: Record<string, unknown>) {
  const res = await fetch(`${service.url}/api/channels/web/${bot}/messages`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function history(bot: string, token: string): Promise<HistoryMessage[]> {
  const res = await fetch(`${service.url}/api/channels/web/${bot}/messages?session_token=${encodeURIComponent(token)}`);
  return ((await res.json()) as { messages: HistoryMessage[] }).messages;
}

/** The visitor of an upload, from its link's path (`received/web/<visitor>/…`). */
const visitorOf = (url: string) => /\/received\/web\/([^/]+)\//.exec(new URL(url).pathname)![1]!;

test('an upload is kept in the bot\'s drive and answered with a link that gives its bytes; a message carries it into the transcript', async () => {
  const { session_token } = await sayOnWeb(service.url, 'shop', 'hi');
  const up = await upload('shop', session_token, 'My photo (1).png', BYTES, 'image/png');
  expect(up.status).toBe(201);
  const file = up.body as unknown as Upload;
  expect(file).toEqual({
    type: 'image', name: 'My_photo_1_.png', mime_type: 'image/png', size: BYTES.length,
    url: expect.stringMatching(new RegExp(`^${service.url.replace(/\./g, '\\.')}/api/drive/files/shop/received/web/[0-9a-f-]{36}/[0-9a-f-]{36}-My_photo_1_\\.png\\?expires=\\d+&signature=[\\w-]{43}$`)),
  });
  const got = await fetch(file.url);
  expect(got.status).toBe(200);
  expect(Buffer.from(await got.arrayBuffer()).equals(BYTES)).toBe(true);

  // A file alone is a message; the bot's turn runs, and the transcript keeps the file for the widget to show again.
  const sent = await post('shop', { text: '', session_token, attachments: [{ url: file.url, name: file.name, mime_type: file.mime_type }] });
  expect(sent.status).toBe(200);
  expect((sent.body.replies as { text: string }[]).map((r) => r.text)).toEqual(['Thanks']);
  const withText = await post('shop', { text: 'and the same again', session_token, attachments: [{ url: file.url }] });
  expect(withText.status).toBe(200);
  const messages = await history('shop', session_token);
  expect(messages.filter((m) => m.direction === 'inbound').map(({ text, attachments }) => ({ text, attachments }))).toEqual([
    { text: 'hi', attachments: undefined },
    { text: '', attachments: [{ type: 'image', url: file.url, name: 'My_photo_1_.png', mime_type: 'image/png' }] },
    // Without the name and type, they are read from the link: the name as kept, the kind by its extension.
    { text: 'and the same again', attachments: [{ type: 'image', url: file.url, name: 'My_photo_1_.png', mime_type: 'application/octet-stream' }] },
  ]);
});

test('any content type is kept as bytes (a JSON file is not parsed), octet-stream when none is given', async () => {
  const { session_token } = await sayOnWeb(service.url, 'shop', 'hi');
  const json = Buffer.from('{"not": "parsed"  }');
  const up = await upload('shop', session_token, 'data.json', json, 'application/json; charset=utf-8');
  expect(up.body).toMatchObject({ type: 'file', name: 'data.json', mime_type: 'application/json', size: json.length });
  expect(Buffer.from(await (await fetch(up.body.url as string)).arrayBuffer()).equals(json)).toBe(true);
  const plain = await upload('shop', session_token, 'clip.webm', BYTES);
  expect(plain.body).toMatchObject({ type: 'video', mime_type: 'application/octet-stream' });
});

test('only the visitor\'s own, unexpired uploads to this bot are taken as attachments', async () => {
  const ana = await sayOnWeb(service.url, 'shop', 'hi');
  const bea = await sayOnWeb(service.url, 'shop', 'hi');
  const elsewhere = await sayOnWeb(service.url, 'other', 'hi');
  const anaFile = (await upload('shop', ana.session_token, 'a.png', BYTES, 'image/png')).body as unknown as Upload;
  const beaFile = (await upload('shop', bea.session_token, 'b.png', BYTES, 'image/png')).body as unknown as Upload;
  const otherBotFile = (await upload('other', elsewhere.session_token, 'c.png', BYTES, 'image/png')).body as unknown as Upload;
  // Links signed by this service's key, as SEND FILE's are, but not to an upload of Ana's that is still valid.
  const key = driveLinkKey(new TextEncoder().encode(SECRET));
  const signer = createDriveLinks({ key, publicUrl: () => service.url, now: () => new Date() });
  const weekAgo = createDriveLinks({ key, publicUrl: () => service.url, now: () => new Date(Date.now() - 8 * 86_400_000) });
  const anaPath = decodeURIComponent(new URL(anaFile.url).pathname.replace('/api/drive/files/shop/', ''));
  const forged = new URL(anaFile.url);
  forged.searchParams.set('signature', 'A'.repeat(43));

  const refused = {
    'another visitor\'s upload': beaFile.url,
    'an upload to another bot': otherBotFile.url,
    'a forged link': forged.toString(),
    'a drive file that is not an upload': signer.url('shop', 'reports/q3.pdf'),
    'an expired link': weekAgo.url('shop', anaPath),
    'any other address': 'https://example.com/a.png',
  };
  for (const [what, url] of Object.entries(refused)) {
    const answer = await post('shop', { text: 'look', session_token: ana.session_token, attachments: [{ url: anaFile.url }, { url }] });
    expect({ what, status: answer.status, error: answer.body.error, issues: answer.body.issues }).toEqual({
      what, status: 400, error: 'validation_error', issues: [{ path: 'body.attachments.1.url', message: expect.any(String) }],
    });
  }
  expect(visitorOf(anaFile.url)).not.toBe(visitorOf(beaFile.url));
  // Nothing of the refused messages reached the transcript.
  expect((await history('shop', ana.session_token)).filter((m) => m.direction === 'inbound').map((m) => m.text)).toEqual(['hi']);

  // Neither text nor a file is still nothing to say; more than five files is too many.
  expect((await post('shop', { text: ' ', session_token: ana.session_token })).body.issues).toEqual([{ path: 'body.text', message: 'must not be empty' }]);
  const six = Array.from({ length: 6 }, () => ({ url: anaFile.url }));
  expect((await post('shop', { text: '', session_token: ana.session_token, attachments: six })).status).toBe(400);
});

test('an upload needs the visitor\'s token of this bot (401), a name (400) and at most 10 MiB (413)', async () => {
  const { session_token } = await sayOnWeb(service.url, 'shop', 'hi');
  const other = await sayOnWeb(service.url, 'other', 'hi');
  for (const token of [undefined, 'forged.token.value', other.session_token]) {
    const answer = await upload('shop', token, 'a.png', BYTES);
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 401, error: 'unauthorized' });
  }
  expect((await upload('nobody', session_token, 'a.png', BYTES)).status).toBe(404);
  const unnamed = await upload('shop', session_token, undefined, BYTES);
  expect({ status: unnamed.status, path: (unnamed.body.issues as { path: string }[])[0]!.path }).toEqual({ status: 400, path: 'query.name' });
  expect((await upload('shop', session_token, 'x'.repeat(201), BYTES)).status).toBe(400);
  expect((await upload('shop', session_token, 'empty.txt', Buffer.alloc(0))).status).toBe(400);

  const tooBig = await upload('shop', session_token, 'big.bin', Buffer.alloc(10 * MIB + 1));
  expect(tooBig).toEqual({
    status: 413,
    body: { error: 'payload_too_large', message: 'The file is larger than 10 MiB (10485760 bytes)', limit_bytes: 10 * MIB, request_id: expect.any(String) },
  });
  expect((await upload('shop', session_token, 'just-fits.bin', Buffer.alloc(10 * MIB))).status).toBe(201);
});

test('a page of an allowed origin may send the token in the Authorization header (CORS preflight)', async () => {
  const res = await fetch(`${service.url}/api/channels/web/shop/uploads?name=a.png`, {
    method: 'OPTIONS',
    headers: { origin: SHOP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });
  expect(res.status).toBe(204);
  expect(res.headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);
  expect(res.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(expect.arrayContaining(['authorization', 'content-type']));
});
