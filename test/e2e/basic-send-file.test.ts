import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDriveLinks, driveLinkKey } from '../../content/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { waitFor } from '../support/engine-kit.js';
import { WebSocket } from 'ws';

// SEND FILE of a bot-drive file and of a file value (docs/basic.md, "Compatibility"; docs/content.md,
// "The bot drive"): the web reply carries a signed, expiring link to the drive file, and the link
// gives exactly the bytes; a forged or expired link is 403, a file gone from the drive 404.

const SECRET = 'a test secret of at least thirty-two characters';
const DATA = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 0xff, 0xd9]);

interface Attachment { type: string; url: string; name: string }
type Reply = { text: string; attachments?: Attachment[] };

let files: Server;
let bots: TestBots;
let service: TestService;

beforeAll(async () => {
  // Where the script DOWNLOADs its binary files from (the bot may reach 127.0.0.1: http-allow-private-networks).
  files = createServer((req, res) => {
    const body = req.url === '/files/data.bin' ? DATA : req.url === '/files/photo.jpg' ? PHOTO : undefined;
    if (!body) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': req.url!.endsWith('.jpg') ? 'image/jpeg' : 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  bots = await createTestBots('sb-send-file-');
  await bots.add('sender', { 'http-allow-private-networks': 'true' }, [
    `data = DOWNLOAD "${origin}/files/data.bin"`,
    'WRITE "reports/data.bin", data',
    'TALK "Your report:"',
    'SEND FILE "reports/data.bin", "Report Q3"',
    `photo = DOWNLOAD "${origin}/files/photo.jpg"`,
    'SEND FILE photo, "Your photo"',
    'TALK "Anything else?"',
    '',
  ].join('\n'));
  service = await startTestService({ BOTS_DIR: bots.dir, JWT_SECRET: SECRET });
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await new Promise((resolve) => files?.close(resolve));
});

const linkPattern = (path: string) => new RegExp(`^${service.url.replace(/\./g, '\\.')}/api/drive/files/sender/${path}\\?expires=\\d+&signature=[\\w-]{43}$`);

test('a drive file and a downloaded file value go out as signed links that give exactly their bytes; forged and expired links are 403', async () => {
  const answer = await sayOnWeb(service.url, 'sender', 'hi');
  const replies = answer.replies as Reply[];
  expect(replies).toEqual([
    { text: 'Your report:' },
    { text: 'Report Q3', attachments: [{ type: 'file', url: expect.stringMatching(linkPattern('reports/data\\.bin')), name: 'data.bin' }] },
    { text: 'Your photo', attachments: [{ type: 'image', url: expect.stringMatching(linkPattern('sent/[0-9a-f]{16}/photo\\.jpg')), name: 'photo.jpg' }] },
    { text: 'Anything else?' },
  ]);
  const [report, photo] = [replies[1]!.attachments![0]!.url, replies[2]!.attachments![0]!.url];

  // The link is the credential: no bearer token, the bytes exactly, named and typed by the file's name.
  const got = await fetch(report);
  expect(got.status).toBe(200);
  expect(got.headers.get('content-type')).toBe('application/octet-stream');
  expect(got.headers.get('content-disposition')).toBe('attachment; filename=data.bin');
  expect(Buffer.from(await got.arrayBuffer()).equals(DATA)).toBe(true);
  const image = await fetch(photo);
  expect(image.headers.get('content-type')).toBe('image/jpeg');
  expect(Buffer.from(await image.arrayBuffer()).equals(PHOTO)).toBe(true);

  // A changed signature, expiry or path is refused with the error body, as is a link past its expiry.
  const url = new URL(report);
  const signature = url.searchParams.get('signature')!;
  const forged = new URL(url);
  forged.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
  const later = new URL(url);
  later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
  const otherPath = new URL(url);
  otherPath.pathname = otherPath.pathname.replace('data.bin', 'other.bin');
  for (const tampered of [forged, later, otherPath]) {
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(expect.objectContaining({ error: 'forbidden', message: 'This download link is not valid' }));
  }
  // Links the server itself signed (its key derives from JWT_SECRET): one expired, one to a file not in the drive.
  const signedAt = (now: Date) => createDriveLinks({ key: driveLinkKey(new TextEncoder().encode(SECRET)), publicUrl: () => service.url, now: () => now });
  const expired = await fetch(signedAt(new Date(Date.now() - 8 * 86_400_000)).url('sender', 'reports/data.bin'));
  expect(expired.status).toBe(403);
  expect(await expired.json()).toEqual(expect.objectContaining({ error: 'forbidden', message: 'This download link has expired' }));
  const missing = await fetch(signedAt(new Date()).url('sender', 'reports/none.bin'));
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual(expect.objectContaining({ error: 'file_not_found' }));
});

test('the download route is in the OpenAPI document, public, with its 403 and 404', async () => {
  const document = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as { paths: Record<string, { get?: { security?: unknown; responses: Record<string, unknown> } }> };
  const route = document.paths['/api/drive/files/{bot}/{path}']?.get;
  expect(route?.security).toBeUndefined();
  expect(Object.keys(route?.responses ?? {})).toEqual(expect.arrayContaining(['200', '403', '404']));
});

test('the widget\'s WebSocket gets the files with the messages that carry them', async () => {
  const first = await sayOnWeb(service.url, 'sender', 'hi');
  const ws = new WebSocket(`${service.url.replace('http', 'ws')}/ws/web?session_token=${encodeURIComponent(first.session_token)}`);
  const frames: { text: string; attachments?: { type: string; url: string; name: string }[] }[] = [];
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as (typeof frames)[number]));
  try {
    await sayOnWeb(service.url, 'sender', 'again', first.session_token); // the script ended: it runs again
    await waitFor(() => frames.length >= 4, 'four frames');
    expect(frames.map((f) => [f.text, f.attachments?.map((a) => `${a.type} ${a.name}`) ?? []])).toEqual([
      ['Your report:', []], ['Report Q3', ['file data.bin']], ['Your photo', ['image photo.jpg']], ['Anything else?', []],
    ]);
    expect(frames[1]!.attachments![0]!.url).toMatch(linkPattern('reports/data\\.bin'));
  } finally {
    ws.close();
  }
});
