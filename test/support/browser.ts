/**
 * What the browser suites (test/browser/) share: the web build, one Chromium per file, axe-core
 * checks, console-error capture and screenshots. Chromium is the distribution's
 * (`/usr/bin/chromium`, installed by .ci/run), driven by playwright-core.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';

const run = promisify(execFile);

/** Where screenshots go; CI keeps the folder (gitignored). */
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/** Builds the console, the widget and its co-browse recorder (vite.config.ts) into a fresh folder, to serve as WEB_DIR. */
export async function buildWeb(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-web-'));
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  await Promise.all([
    run(process.execPath, [vite, 'build', '--outDir', path.join(dir, 'console')]),
    run(process.execPath, [vite, 'build', '--mode', 'widget', '--outDir', dir]),
    run(process.execPath, [vite, 'build', '--mode', 'cobrowse', '--outDir', dir]),
  ]);
  return dir;
}

/** Builds only the meeting page's client (`vite build --mode meet`) into a fresh folder, to serve as WEB_DIR. */
export async function buildMeetClient(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-meet-'));
  await run(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--mode', 'meet', '--outDir', dir]);
  return dir;
}

/** `extraArgs`: e.g. the fake camera and microphone flags of the meeting suite. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

/**
 * Collects what a page logs as an error, and uncaught exceptions, for "no console errors" checks.
 * Chromium also logs every 4xx answer to fetch; a 409 is a refusal the UI explains (a kanban move
 * the rules forbid), and a 404 of a call's state is how the call panel learns the call has ended
 * when its poll comes before the push (web/console/src/inbox/CallPanel.tsx), so neither is counted.
 */
export function captureErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' || m.text().includes('status of 409')) return;
    const resource = m.location().url;
    if (m.text().includes('status of 404') && /\/api\/attendance\/conversations\/[^/]+\/call$/.test(resource)) return;
    errors.push(`${page.url()}: ${m.text()}${resource && resource !== page.url() ? ` (${resource})` : ''}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

let axeSource: string | undefined;

/** axe-core's violations of impact serious or critical on the page as it is now (shadow roots included). */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= await readFile(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  // Evaluated, not added as a script tag: the pages' content security policy refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * Follows the console's link to the screen called `name` (English): the supervisors' screens sit
 * in the header's Supervision group, opened first when its links are hidden (docs/attendance/console.md).
 */
export async function goToScreen(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Screens' });
  const link = nav.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) {
    const group = nav.getByRole('button', { name: /^Supervision/ });
    if (await group.isVisible() && (await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  }
  await link.click();
}
