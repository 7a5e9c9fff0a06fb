import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// HEAR x AS QRCODE through the web channel (docs/basic.md, "HEAR's types and media"): the customer
// answers with the link to a picture of a QR code (pictures sent as files are
// basic-hear-files.test.ts), the server fetches and reads it, and the bot says the code's text. Typed text and a
// picture without a code are asked again. The pictures are served by a real server on 127.0.0.1,
// which the bot may reach with `http-allow-private-networks`.

const SCRIPT = ['TALK "Show me your ticket"', 'HEAR ticket AS QRCODE', 'TALK "Ticket: " & ticket', ''].join('\n');
const ASK_AGAIN = 'Please send a picture of the QR code.';

let bots: TestBots;
let service: TestService;
let pictures: http.Server;
let base: string;

beforeAll(async () => {
  const png = await QRCode.toBuffer('TICKET-42 row 7', { type: 'png', scale: 6 });
  const { width, height, data } = PNG.sync.read(png);
  const jpg = jpeg.encode({ width, height, data }, 90).data;
  const blank = new PNG({ width: 64, height: 64 });
  blank.data.fill(255);
  const files: Record<string, [string, Buffer]> = {
    '/ticket.png': ['image/png', png], '/ticket.jpg': ['image/jpeg', jpg], '/blank.png': ['image/png', PNG.sync.write(blank)],
  };
  pictures = http.createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (file) res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    else res.writeHead(404).end();
  });
  pictures.listen(0, '127.0.0.1');
  await once(pictures, 'listening');
  base = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;

  bots = await createTestBots('sb-qrcode-');
  await bots.add('tickets', { 'http-allow-private-networks': 'true' }, SCRIPT);
  service = await startTestService({ BOTS_DIR: bots.dir });
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await new Promise<void>((resolve) => (pictures ? pictures.close(() => resolve()) : resolve()));
});

const texts = (answer: { replies: { text: string }[] }) => answer.replies.map((r) => r.text);

test('the customer sends a picture of a QR code and the bot says its text', async () => {
  const first = await sayOnWeb(service.url, 'tickets', 'hi');
  expect(texts(first)).toEqual(['Show me your ticket']);
  // The code's content typed, a picture without a code, then the PNG.
  const typed = await sayOnWeb(service.url, 'tickets', 'TICKET-42 row 7', first.session_token);
  expect(texts(typed)).toEqual([ASK_AGAIN]);
  const blank = await sayOnWeb(service.url, 'tickets', `${base}/blank.png`, typed.session_token);
  expect(texts(blank)).toEqual([ASK_AGAIN]);
  const read = await sayOnWeb(service.url, 'tickets', `${base}/ticket.png`, blank.session_token);
  expect(texts(read)).toEqual(['Ticket: TICKET-42 row 7']);
});

test('a JPEG photo of the code is read too; a missing file is asked again', async () => {
  const first = await sayOnWeb(service.url, 'tickets', 'hi');
  const missing = await sayOnWeb(service.url, 'tickets', `${base}/gone.png`, first.session_token);
  expect(texts(missing)).toEqual([ASK_AGAIN]);
  const read = await sayOnWeb(service.url, 'tickets', `${base}/ticket.jpg`, missing.session_token);
  expect(texts(read)).toEqual(['Ticket: TICKET-42 row 7']);
});
