import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { createHttpPerformer } from './http-effect.js';
import { readQrCode } from './qr-code.js';
import { readQrLink, type QrLinkProblem } from './read-qr-link.js';

const TEXT = 'https://example.com/ticket?id=42&seat=7B';

/** A QR code of `text` drawn as a PNG by the `qrcode` package, and the same pixels as a JPEG. */
async function pictures(text: string): Promise<{ png: Buffer; jpg: Buffer }> {
  const png = await QRCode.toBuffer(text, { type: 'png', scale: 6, margin: 4 });
  const { width, height, data } = PNG.sync.read(png);
  return { png, jpg: jpeg.encode({ width, height, data }, 90).data };
}

/** A white PNG with no code in it. */
function blankPng(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(255);
  return PNG.sync.write(image);
}

let png: Buffer;
let jpg: Buffer;
beforeAll(async () => {
  ({ png, jpg } = await pictures(TEXT));
});

describe('readQrCode', () => {
  it('reads the text of a QR code in a PNG and in a JPEG', async () => {
    await expect(readQrCode(png)).resolves.toEqual({ ok: true, text: TEXT });
    await expect(readQrCode(jpg)).resolves.toEqual({ ok: true, text: TEXT });
  });

  it('reads non-ASCII text', async () => {
    const { png: accented } = await pictures('Olá, São Paulo ✓');
    await expect(readQrCode(accented)).resolves.toEqual({ ok: true, text: 'Olá, São Paulo ✓' });
  });

  it('finds no code in a picture without one', async () => {
    await expect(readQrCode(blankPng(120, 80))).resolves.toEqual({ ok: false, problem: 'no_code' });
  });

  it('takes only PNG and JPEG', async () => {
    await expect(readQrCode(Buffer.from(TEXT))).resolves.toEqual({ ok: false, problem: 'not_png_or_jpeg' });
    await expect(readQrCode(Buffer.from('GIF89a\x01\x00\x01\x00'))).resolves.toEqual({ ok: false, problem: 'not_png_or_jpeg' });
  });

  it('says a broken picture is unreadable', async () => {
    await expect(readQrCode(png.subarray(0, 60))).resolves.toEqual({ ok: false, problem: 'unreadable_image' });
    await expect(readQrCode(Buffer.concat([jpg.subarray(0, 3), Buffer.alloc(40)]))).resolves.toEqual({ ok: false, problem: 'unreadable_image' });
  });

  it('refuses pictures over the byte or pixel limit before decoding them', async () => {
    const { width, height } = PNG.sync.read(png);
    const pixels = width * height;
    await expect(readQrCode(png, { maxBytes: png.length - 1, maxPixels: pixels })).resolves.toEqual({ ok: false, problem: 'too_large' });
    await expect(readQrCode(png, { maxBytes: png.length, maxPixels: pixels - 1 })).resolves.toEqual({ ok: false, problem: 'too_large' });
    await expect(readQrCode(jpg, { maxBytes: jpg.length, maxPixels: pixels - 1 })).resolves.toEqual({ ok: false, problem: 'too_large' });
    await expect(readQrCode(png, { maxBytes: png.length, maxPixels: pixels })).resolves.toEqual({ ok: true, text: TEXT });
  });
});

describe('readQrLink', () => {
  // A real server on 127.0.0.1 serving the pictures, a page and a missing file.
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/code.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (req.url === '/code.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpg);
      else if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
      else res.writeHead(404).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const guarded = (allowPrivateNetworks: boolean) => createHttpPerformer({ timeoutMs: 5000, allowPrivateNetworks });

  async function read(url: string, allowPrivateNetworks = true): Promise<{ value: unknown; problems: QrLinkProblem[] }> {
    const problems: QrLinkProblem[] = [];
    const value = await readQrLink(guarded(allowPrivateNetworks), url, (problem) => problems.push(problem));
    return { value, problems };
  }

  it('fetches the picture and answers the code text', async () => {
    await expect(read(`${base}/code.png`)).resolves.toEqual({ value: TEXT, problems: [] });
    await expect(read(`${base}/code.jpg`)).resolves.toEqual({ value: TEXT, problems: [] });
  });

  it('answers null with the reason for a page, a missing file, or an address the guard refuses', async () => {
    await expect(read(`${base}/page`)).resolves.toEqual({ value: null, problems: ['not_png_or_jpeg'] });
    await expect(read(`${base}/missing.png`)).resolves.toEqual({ value: null, problems: ['not_fetched'] });
    await expect(read(`${base}/code.png`, false)).resolves.toEqual({ value: null, problems: ['not_fetched'] });
  });
});
