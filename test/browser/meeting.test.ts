/**
 * Two participants in one embedded meeting room, in one Chromium with a fake camera and
 * microphone: both join from the link's page and reach a connected RTCPeerConnection with media
 * bytes flowing both ways (getStats); the room's start is recorded; leaving ends the call and the
 * link then shows the 410 page.
 */
import type { Browser, Page } from 'playwright-core';
import { buildMeetClient, captureErrors, launchChromium, screenshot, seriousViolations } from '../support/browser.js';
import { waitFor } from '../support/engine-kit.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

let service: TestService;
let browser: Browser;
const errors: string[][] = [];

beforeAll(async () => {
  const [webDir, chromium] = await Promise.all([
    buildMeetClient(),
    launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
  ]);
  browser = chromium;
  service = await startTestService({ WEB_DIR: webDir });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.dispose();
});

async function joinAs(url: string, name: string): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  errors.push(captureErrors(page));
  await page.goto(url);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join' }).click();
  await page.getByRole('button', { name: 'Leave' }).waitFor();
  return page;
}

/** The page's peer connections as the client exposes them (web/meet/meet.ts); DOM types are not in the server's tsconfig. */
interface PeerConnection {
  connectionState: string;
  getStats(): Promise<{ forEach(each: (s: { type: string; bytesReceived?: number; bytesSent?: number }) => void): void }>;
}
type MeetWindow = { __meet: { peers: Map<string, { pc: PeerConnection }> } };
interface MediaFlow { state: string; received: number; sent: number }

/** The page's one peer connection: its state and the media bytes received and sent so far (null until there is exactly one). */
function mediaFlow(page: Page): Promise<MediaFlow | null> {
  return page.evaluate(async () => {
    const { peers } = (globalThis as unknown as MeetWindow).__meet;
    if (peers.size !== 1) return null;
    const { pc } = [...peers.values()][0]!;
    let received = 0;
    let sent = 0;
    (await pc.getStats()).forEach((s) => {
      if (s.type === 'inbound-rtp') received += s.bytesReceived ?? 0;
      if (s.type === 'outbound-rtp') sent += s.bytesSent ?? 0;
    });
    return { state: pc.connectionState, received, sent };
  });
}

test('two browsers join one embedded room and exchange media peer to peer', async () => {
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const created = await fetch(`${service.url}/api/meet/create`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...admin }, body: JSON.stringify({ title: 'Support call', max_participants: 2 }),
  });
  const room = (await created.json()) as { id: string; name: string };
  const link = `${service.url}/meet/${room.name}`;

  const customer = await joinAs(link, 'Customer');
  const attendant = await joinAs(link, 'Ana');
  for (const page of [customer, attendant]) {
    // Polled from here: a page-side async predicate would hand back a (truthy) promise.
    let flow: MediaFlow | null = null;
    await waitFor(async () => {
      flow = await mediaFlow(page);
      return flow?.state === 'connected' && flow.received > 0 && flow.sent > 0;
    }, { what: 'a connected peer with media both ways', timeoutMs: 30_000 });
    expect(flow).toMatchObject({ state: 'connected', received: expect.any(Number), sent: expect.any(Number) });
  }
  await screenshot(attendant, 'meeting-two-peers');
  expect(await seriousViolations(attendant)).toEqual([]);
  const started = await fetch(`${service.url}/api/meet/rooms/${room.id}`, { headers: admin }).then((r) => r.json()) as { started_at: string | null };
  expect(started.started_at).not.toBeNull();

  await customer.getByRole('button', { name: 'Leave' }).click();
  await attendant.getByRole('button', { name: 'Leave' }).click();
  await attendant.getByRole('status').filter({ hasText: 'You left the meeting.' }).waitFor();
  // The call is over once both left: the link now explains it has ended.
  let status = 0;
  for (let i = 0; i < 100 && status !== 410; i++) {
    status = (await fetch(link)).status;
    if (status !== 410) await new Promise((r) => setTimeout(r, 50));
  }
  expect(status).toBe(410);
  expect(errors.flat()).toEqual([]);
  await attendant.goto(link);
  expect(await attendant.getByRole('heading').textContent()).toBe('Meeting no longer available');
});
