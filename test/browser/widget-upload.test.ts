/**
 * A visitor sends a file from the widget (docs/channels/web.md, "Files from the visitor"): the
 * attach button opens the file picker, the PNG is uploaded and sent with the typed text, shows as
 * a thumbnail that loads from its drive link, and again after a reload (from the transcript); a
 * file over the limit gives an error line. axe-core checks the widget with the attach button.
 */
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { buildWeb, captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';
import { startTestService, type TestService } from '../support/service.js';

let service: TestService;
let browser: Browser;

beforeAll(async () => {
  const [webDir, chromium] = await Promise.all([buildWeb(), launchChromium()]);
  browser = chromium;
  service = await startTestService({ WEB_DIR: webDir });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.dispose();
});

test('a PNG chosen with the attach button is sent with the typed text and shown in the conversation', async () => {
  const context = await browser.newContext({ viewport: { width: 400, height: 720 } });
  const page = await context.newPage();
  const errors = captureErrors(page);
  await page.goto(`${service.url}/demo/default`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with us' });
  const attach = panel.getByRole('button', { name: 'Attach a file' });
  await attach.waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // Before the first message there is no session to upload for: the widget says so.
  await choose(page, attach, { name: 'early.png', mimeType: 'image/png', buffer: png(4, 4) });
  await panel.getByText('Send a message first; then you can attach a file.').waitFor();

  await panel.getByLabel('Your message').fill('hi');
  await panel.getByLabel('Your message').press('Enter');
  await panel.getByText('How can I help you?').waitFor();

  await panel.getByLabel('Your message').fill('Here is the receipt');
  await choose(page, attach, { name: 'receipt.png', mimeType: 'image/png', buffer: png(48, 32) });
  const sent = panel.locator('.from-customer', { hasText: 'Here is the receipt' });
  const thumbnail = sent.getByRole('img', { name: 'receipt.png' });
  await thumbnail.waitFor();
  // The image really came from its drive link.
  await page.waitForFunction((img) => {
    const loaded = img as unknown as { complete: boolean; naturalWidth: number };
    return loaded.complete && loaded.naturalWidth === 48;
  }, await thumbnail.elementHandle());
  expect(await sent.getByRole('link').getAttribute('href')).toMatch(/\/api\/drive\/files\/default\/received\/web\/[0-9a-f-]{36}\/[0-9a-f-]{36}-receipt\.png\?expires=\d+&signature=/);
  expect(await panel.getByLabel('Your message').inputValue()).toBe('');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'widget-file-sent');

  // Too big: refused with a clear line, nothing sent.
  await choose(page, attach, { name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await panel.getByText('This file is too big: files can be up to 10 MB.').waitFor();
  expect(await panel.locator('.from-customer').count()).toBe(2);

  // A reload draws the conversation from the transcript, the file included.
  await page.reload();
  await page.getByRole('button', { name: 'Open chat' }).click();
  await panel.locator('.from-customer', { hasText: 'Here is the receipt' }).getByRole('img', { name: 'receipt.png' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

/** Clicks the attach button and picks the file in the chooser it opens, as a visitor would. */
async function choose(page: Page, attach: ReturnType<Page['getByRole']>, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), attach.click()]);
  await chooser.setFiles(file);
}

/** A real PNG of one colour, `width` × `height` pixels. */
function png(width: number, height: number): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0xf5, 0xa6, 0x23]))]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
