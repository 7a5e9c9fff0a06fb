import { createContentFilesRepo } from '../../db/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

/**
 * Content types of stored files (docs/content.md, "Content types" and "Serving files"), through a
 * started server: a type that is not a media type is refused where a client names it and replaced
 * where nobody chose it, a row stored before the check still reads, and whatever could run script
 * is served as a download with nosniff.
 */

let bots: TestBots;
let service: TestService;
let admin: { authorization: string };

beforeAll(async () => {
  bots = await createTestBots('sb-file-types-');
  await bots.add('shop', {}, ['TALK "Send me a file"', 'DO', '  HEAR anything', '  TALK "Thanks"', 'LOOP', ''].join('\n'));
  service = await startTestService({ BOTS_DIR: bots.dir });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

const write = (path: string, content: string, contentType?: string) => fetch(`${service.url}/api/files/write`, {
  method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
  body: JSON.stringify({ path, content, ...(contentType === undefined ? {} : { content_type: contentType }) }),
});
const download = (path: string) => fetch(`${service.url}/api/files/${path}`, { headers: admin });

/** The headers that decide what a browser does with a file (the disposition without its file name). */
const served = (res: Response) => ({
  status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition')?.split(';')[0] ?? null,
  nosniff: res.headers.get('x-content-type-options'),
});

describe('files of the content store', () => {
  test('a content type with CR/LF or that is not a media type is refused with 400 validation_error; nothing is stored', async () => {
    for (const bad of ['text/plain\r\nX-Injected: yes', 'text/html\nSet-Cookie: a=b', 'not a type', 'text/plain; charset="a\r\nb"']) {
      const res = await write('types/refused.txt', 'hello', bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'validation_error' });
    }
    expect((await download('types/refused.txt')).status).toBe(404);
    const ok = await write('types/ok.txt', 'hello', 'Text/Plain; Charset=UTF-8');
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ content_type: 'text/plain; charset=UTF-8' });
    const res = await download('types/ok.txt');
    expect(served(res)).toEqual({ status: 200, type: 'text/plain; charset=UTF-8', disposition: null, nosniff: 'nosniff' });
    expect(await res.text()).toBe('hello');
  });

  test.each([
    ['page.html', 'text/html'], ['image.svg', 'image/svg+xml'], ['feed.xml', 'application/xml'], ['app.js', 'text/javascript'],
    ['thing.bin', 'application/x-unknown-thing'],
  ])('%s stored as %s is served as an attachment with nosniff', async (name, type) => {
    expect((await write(`types/${name}`, '<script>alert(1)</script>', type)).status).toBe(201);
    const res = await download(`types/${name}`);
    expect(served(res)).toEqual({ status: 200, type, disposition: 'attachment', nosniff: 'nosniff' });
    expect(res.headers.get('content-disposition')).toContain(name);
  });

  test('an image a browser shows without script stays in place, with nosniff', async () => {
    expect((await write('types/pixel.png', 'png-bytes', 'image/png')).status).toBe(201);
    expect(served(await download('types/pixel.png'))).toEqual({ status: 200, type: 'image/png', disposition: null, nosniff: 'nosniff' });
  });

  test('a row stored with a broken content type reads with 200, as an application/octet-stream attachment', async () => {
    const written = await write('types/legacy.html', '<h1>old</h1>', 'text/html');
    const file = (await written.json()) as { id: string; owner_id: string };
    // A version as a row written before types were checked would hold it, on the bytes of version 1.
    const repo = createContentFilesRepo(service.database.db);
    const v1 = await repo.latestVersion(file.id);
    await repo.addVersion({
      path: 'types/legacy.html', folder: 'types', owner_id: file.owner_id, storage_key: v1!.storage_key, content_type: 'text/html\r\nX-Injected: yes',
      size: v1!.size, sha256: v1!.sha256, metadata: {},
    });
    const res = await download('types/legacy.html');
    expect(served(res)).toEqual({ status: 200, type: 'application/octet-stream', disposition: 'attachment', nosniff: 'nosniff' });
    expect(res.headers.get('x-injected')).toBeNull();
    expect(await res.text()).toBe('<h1>old</h1>');
    const listing = (await (await fetch(`${service.url}/api/files/list?folder=types`, { headers: admin })).json()) as { files: { path: string; content_type: string }[] };
    expect(listing.files.find((f) => f.path === 'types/legacy.html')?.content_type).toBe('application/octet-stream');
    const history = (await (await fetch(`${service.url}/api/files/history?path=types/legacy.html`, { headers: admin })).json()) as { versions: { content_type: string }[] };
    expect(history.versions.map((v) => v.content_type)).toEqual(['text/html', 'application/octet-stream']);
  });
});

describe('web visitor files', () => {
  const upload = (token: string, name: string, type: string) => fetch(`${service.url}/api/channels/web/shop/uploads?name=${encodeURIComponent(name)}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body: '<svg onload="alert(1)"/>',
  });

  test('an upload\'s Content-Type that is not a media type becomes application/octet-stream; parameters are dropped', async () => {
    const { session_token } = await sayOnWeb(service.url, 'shop', 'hi');
    const garbage = await upload(session_token, 'a.dat', 'not a type');
    expect(garbage.status).toBe(201);
    expect(await garbage.json()).toMatchObject({ mime_type: 'application/octet-stream', type: 'file' });
    const text = await upload(session_token, 'a.txt', 'Text/Plain; charset=utf-8');
    expect(await text.json()).toMatchObject({ mime_type: 'text/plain', type: 'file' });
  });

  test('an attachment\'s mime_type with CR/LF is refused with 400 validation_error', async () => {
    const { session_token } = await sayOnWeb(service.url, 'shop', 'hi');
    const { url } = (await (await upload(session_token, 'a.txt', 'text/plain')).json()) as { url: string };
    const res = await fetch(`${service.url}/api/channels/web/shop/messages`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '', session_token, attachments: [{ url, mime_type: 'text/plain\r\nX-Injected: yes' }] }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'validation_error', issues: [{ path: 'body.attachments.0.mime_type' }] });
  });

  test('an uploaded SVG or HTML file\'s drive link is an attachment with nosniff', async () => {
    const { session_token } = await sayOnWeb(service.url, 'shop', 'hi');
    for (const [name, type] of [['drawing.svg', 'image/svg+xml'], ['page.html', 'text/html']] as const) {
      const { url } = (await (await upload(session_token, name, type)).json()) as { url: string };
      const res = await fetch(url);
      expect(served(res)).toEqual({ status: 200, type: expect.stringMatching(new RegExp(`^${type.replace('+', '\\+')}`)), disposition: 'attachment', nosniff: 'nosniff' });
      expect(res.headers.get('content-disposition')).toContain(name);
    }
  });
});

test('a notification\'s email attachment with a content type that is not a media type is refused with 400 validation_error', async () => {
  const me = (await (await fetch(`${service.url}/api/users/me`, { headers: admin })).json()) as { id: string };
  const send = (contentType: string) => fetch(`${service.url}/api/v1/notifications/send`, {
    method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      recipients: [me.id], title: 'Report', message: 'attached', channels: ['in_app'],
      channel_options: { email: { attachments: [{ filename: 'r.txt', content: 'aGk=', content_type: contentType }] } },
    }),
  });
  const refused = await send('text/plain\r\nBcc: someone@example.test');
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ error: 'validation_error' });
  expect((await send('text/plain')).status).toBe(202);
});
