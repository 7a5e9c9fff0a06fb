import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { refusalBehind } from '../../infra/outbound-http.js';
import { fetchTwilioMedia } from './fetch-twilio-media.js';

// MMS media with the account's credentials (docs/channels/sms.md, "Media"), against two local
// servers: the "REST API" and a "storage host" it redirects open media to.

const seen: { server: string; path: string; authorization: string | undefined }[] = [];
let api: Server;
let storage: Server;
let apiRoot: string;
let storageRoot: string;
const MEDIA = '/2010-04-01/Accounts/ACshop/Messages/MM1/Media/ME1';
const OPEN_MEDIA = '/2010-04-01/Accounts/ACshop/Messages/MM2/Media/ME2';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const record = (server: string, req: IncomingMessage) => seen.push({ server, path: req.url ?? '', authorization: req.headers.authorization });

beforeAll(async () => {
  storage = createServer((req, res) => {
    record('storage', req);
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('open-png'));
  });
  storageRoot = await listen(storage);
  api = createServer((req, res) => {
    record('api', req);
    if (req.url === OPEN_MEDIA) return res.writeHead(307, { location: `${storageRoot}/media/abc` }).end();
    if (req.url !== MEDIA) return res.writeHead(404).end();
    if (req.headers.authorization !== `Basic ${Buffer.from('ACshop:token').toString('base64')}`) return res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'image/jpeg; charset=binary' }).end(Buffer.from([0xff, 0xd8, 0x00, 0x80]));
  });
  apiRoot = await listen(api);
});
afterAll(async () => {
  await Promise.all([api, storage].map((s) => new Promise((resolve) => s.close(resolve))));
});
beforeEach(() => { seen.length = 0; });

// The servers listen on loopback: the bot allows private networks (http-allow-private-networks).
const settings = () => ({ accountSid: 'ACshop', authToken: 'token', from: '+15550001111', apiRoot, helpText: '', allowPrivateNetworks: true });

test('fetches the account\'s media with its SID and auth token, binary-safe, with the media type', async () => {
  const file = await fetchTwilioMedia(settings(), { type: 'image', url: `${apiRoot}${MEDIA}` }, 1024);
  expect(file).toEqual({ bytes: Buffer.from([0xff, 0xd8, 0x00, 0x80]), mime_type: 'image/jpeg' });
});

test('follows the redirect of open media without sending the credentials to the storage host', async () => {
  const file = await fetchTwilioMedia(settings(), { type: 'image', url: `${apiRoot}${OPEN_MEDIA}` }, 1024);
  expect(file).toEqual({ bytes: Buffer.from('open-png'), mime_type: 'image/png' });
  expect(seen.map((s) => [s.server, s.authorization === undefined])).toEqual([['api', false], ['storage', true]]);
});

test('leaves every other link to the engine: another host, another account, not a media resource', async () => {
  for (const url of [`${storageRoot}${MEDIA}`, `${apiRoot}/2010-04-01/Accounts/ACother/Messages/MM1/Media/ME1`, `${apiRoot}/2010-04-01/Accounts/ACshop/Messages.json`, 'not a url']) {
    expect(await fetchTwilioMedia(settings(), { type: 'file', url }, 1024)).toBeUndefined();
  }
  expect(await fetchTwilioMedia(settings(), { type: 'file' }, 1024)).toBeUndefined();
  expect(seen).toEqual([]);
});

test('without http-allow-private-networks, media on loopback are refused by the outbound guard before any connection', async () => {
  const error = await fetchTwilioMedia({ ...settings(), allowPrivateNetworks: false }, { type: 'image', url: `${apiRoot}${MEDIA}` }, 1024).catch((e: unknown) => e);
  expect(refusalBehind(error)?.message).toMatch(/127\.0\.0\.1 is a private or loopback address/);
  expect(seen).toEqual([]);
});

test('fails a file larger than allowed, and a refused one', async () => {
  await expect(fetchTwilioMedia(settings(), { type: 'image', url: `${apiRoot}${MEDIA}` }, 3)).rejects.toThrow(/maxContentLength/);
  await expect(fetchTwilioMedia({ ...settings(), authToken: 'wrong' }, { type: 'image', url: `${apiRoot}${MEDIA}` }, 1024)).rejects.toThrow(/401/);
});
