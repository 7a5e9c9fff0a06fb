import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../../infra/logger.js';
import { startFakeOpenAi, type ChatRequest, type FakeOpenAi } from '../support/fake-openai.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// CREATE SITE and CHART PROMPT (docs/basic.md, "Compatibility"; docs/content.md, "Sites") through the
// real service: the bot's model is a fake OpenAI-compatible server, the drive a folder of DATA_DIR.

const SITE = [
  'WRITE "templates/landing/layout.html", "<html><body><h1>Template heading</h1></body></html>"',
  'WRITE "templates/landing/styles.css", "h1 { color: teal; }"',
  'url = CREATE SITE "promo", "templates/landing", "A landing page for our summer sale"',
  'TALK url',
  '',
].join('\n');

const CHART = [
  'sales = [#{month: "Jan", total: 3}, #{month: "Feb", total: 5}]',
  'img = CHART PROMPT "bar chart of sales by month", sales',
  'TALK img',
  'TALK "done"',
  '',
].join('\n');

const PAGE = '<!DOCTYPE html><html><head><link rel="stylesheet" href="styles.css"></head><body><h1>Summer sale</h1></body></html>';

let fake: FakeOpenAi;
let service: TestService;
let bots: TestBots;
let dataDir: string;
const log: string[] = [];
const answers = new Map<string, (request: ChatRequest) => ReturnType<Parameters<FakeOpenAi['answer']>[0]>>();

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.answer((request) => answers.get(request.model)?.(request) ?? { text: 'unexpected' });
  bots = await createTestBots('sb-site-bots-');
  const model = (name: string) => ({ 'llm-url': fake.url, 'llm-key': 'sk-site-test', 'llm-model': name, 'llm-timeout-seconds': '5', 'http-allow-private-networks': 'true' });
  await bots.add('sitebot', model('site-model'), SITE);
  await bots.add('chartbot', model('chart-model'), CHART);
  await bots.add('nomodel', {}, SITE);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-site-data-'));
  const destination = new Writable({ write(chunk: Buffer, _enc, done) { log.push(chunk.toString()); done(); } });
  service = await startTestService({ BOTS_DIR: bots.dir, DATA_DIR: dataDir }, { logger: createLogger({ level: 'warn', destination }) });
}, 180_000);
afterAll(async () => {
  await service?.dispose();
  await fake?.close();
  await bots.remove();
});

const texts = async (bot: string) => (await sayOnWeb(service.url, bot, 'hi')).replies.map((r) => r.text);
const requestsOf = (model: string) => fake.requests.filter((r) => r.model === model);
const drive = (bot: string, file: string) => readFile(path.join(dataDir, 'drive', `${bot}.gbdrive`, file), 'utf8');
const ended = (message: string) => log.some((line) => line.includes('dialog ended by an error') && line.includes(message));

/** A GET with the path sent as written (fetch would resolve `..` segments before sending). */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    http.get({ hostname, port, path: rawPath }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('CREATE SITE', () => {
  let siteUrl = '';

  beforeAll(async () => {
    answers.set('site-model', () => ({ text: `\`\`\`html\n${PAGE}\n\`\`\`` }));
    [siteUrl = ''] = await texts('sitebot');
  });

  test('the model gets the drive\'s templates and the prompt; the script gets the site\'s absolute URL', () => {
    expect(siteUrl).toBe(`${service.url}/sites/sitebot/promo/`);
    const [request] = requestsOf('site-model');
    expect(request!.messages).toHaveLength(2);
    expect(request!.messages[0]).toMatchObject({ role: 'system' });
    expect(request!.messages[1]!.content).toContain('<h1>Template heading</h1>');
    expect(request!.messages[1]!.content).toContain('A landing page for our summer sale');
  });

  test('the page is stored in the drive, without its Markdown fence, next to the templates\' assets', async () => {
    expect(await drive('sitebot', 'sites/promo/index.html')).toBe(PAGE);
    expect(await drive('sitebot', 'sites/promo/styles.css')).toBe('h1 { color: teal; }');
  });

  test('the URL serves the page under a sandboxing Content-Security-Policy, and its assets beside it', async () => {
    const page = await fetch(siteUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe(PAGE);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');

    const css = await fetch(`${siteUrl}styles.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('content-security-policy')).toBe(csp);
    expect(await css.text()).toBe('h1 { color: teal; }');
  });

  test('without the trailing slash the site redirects to it (its links are relative)', async () => {
    const res = await fetch(`${service.url}/sites/sitebot/promo`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/sites/sitebot/promo/');
  });

  test('nothing outside the site is reachable: traversal is refused, unknown sites and bots are 404', async () => {
    for (const attempt of [
      '/sites/sitebot/promo/../../templates/landing/layout.html',
      '/sites/sitebot/promo/%2e%2e/%2e%2e/templates/landing/layout.html',
      '/sites/sitebot/promo/..%2f..%2ftemplates%2flanding%2flayout.html',
      '/sites/sitebot/..%2ftemplates/landing/layout.html',
      '/sites/sitebot/promo/%5c..%5c..%5ctemplates/landing/layout.html',
    ]) {
      const res = await rawGet(attempt);
      expect([400, 404]).toContain(res.status);
      expect(res.body).not.toContain('Template heading');
    }
    expect((await fetch(`${service.url}/sites/sitebot/other/`)).status).toBe(404);
    expect((await fetch(`${service.url}/sites/nobody/promo/`)).status).toBe(404);
    expect((await fetch(`${service.url}/sites/sitebot/promo/missing.js`)).status).toBe(404);
  });

  test('the route is in the OpenAPI document, public', async () => {
    const doc = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as { paths: Record<string, { get?: { security?: unknown } }> };
    expect(doc.paths['/sites/{bot}/{alias}/{path}']?.get).toBeDefined();
    expect(doc.paths['/sites/{bot}/{alias}']?.get?.security).toBeUndefined();
  });

  test('a bot without a model: the script stops with a clear runtime error and nothing is asked', async () => {
    const before = fake.requests.length;
    expect(await texts('nomodel')).toEqual([]);
    expect(fake.requests).toHaveLength(before);
    expect(ended('CREATE SITE: no language model is configured for this bot')).toBe(true);
  });
});

describe('CHART PROMPT', () => {
  test('the model\'s spec is drawn as CHART draws it: an SVG in the drive with the labels, its path the value', async () => {
    answers.set('chart-model', () => ({ json: { type: 'bar', values: [3, 5], labels: ['Jan', 'Feb'], title: 'Sales' } }));
    const [img, done] = await texts('chartbot');
    expect(done).toBe('done');
    expect(img).toMatch(/^charts\/bar-[0-9a-f]{8}\.svg$/);
    const svg = await drive('chartbot', img!);
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('>Jan</text>');
    expect(svg).toContain('>Feb</text>');

    const request = requestsOf('chart-model').at(-1)!;
    expect(request.response_format).toEqual({ type: 'json_object' });
    expect(request.messages[1]!.content).toContain('bar chart of sales by month');
    expect(request.messages[1]!.content).toContain('"month":"Jan"');
  });

  test('an answer that is not a chart spec stops the script with a clear error, and nothing is drawn', async () => {
    const charts = () => readdir(path.join(dataDir, 'drive', 'chartbot.gbdrive', 'charts'));
    const drawn = await charts();
    answers.set('chart-model', () => ({ json: { type: 'radar', values: ['lots'] } }));
    expect(await texts('chartbot')).toEqual([]);
    expect(ended('CHART PROMPT: the model\'s answer is not a chart spec')).toBe(true);

    answers.set('chart-model', () => ({ text: 'Sure! Here is your chart.' }));
    expect(await texts('chartbot')).toEqual([]);
    expect(ended('CHART PROMPT: The model did not answer with JSON')).toBe(true);
    expect(await charts()).toEqual(drawn);
  });
});
