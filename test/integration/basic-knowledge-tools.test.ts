import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGraphAdapter, createSmsAdapter } from '../../adapters/index.js';
import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import { createBotDataRepo, createSmsOptOutsRepo, createUsersRepo } from '../../db/index.js';
import { createLlmClients } from '../../infra/llm/index.js';
import { createLlmAnswers } from '../../knowledge/index.js';
import { basicCapabilities, basicKnowledge, basicLlm, botDrives } from '../../app/script-host.js';
import { graphChannelSettings } from '../../app/channel-settings.js';
import { EngineHarness, inbound, logger, TestAdapter, type RunningEngine } from '../support/engine-kit.js';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph.js';
import { startFakeOpenAi, type ChatRequest, type FakeOpenAi } from '../support/fake-openai.js';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.js';
import { testPasswords } from '../support/test-passwords.js';

// The BASIC keywords built on other areas (docs/basic.md, "Compatibility"), run by the engine
// through the ports app/script-host.ts wires: USE KB / USE WEBSITE on the knowledge base (a bot's
// .gbkb folder and a local site, in PostgreSQL full-text search), the model answering with
// citations or, without one, the passages; ADD TOOL through the model's tool calling; SEND SMS
// and SEND TEMPLATE through the sms (Twilio) and mobile_msg (Graph) channels.

const HOURS = '# Opening hours\n\nThe shop opens Monday to Saturday from 9am to 6pm. On Sunday the shop is closed.\n';
const RETURNS = 'Returns\n\nA product can be returned within 30 days with its receipt. Refunds take five working days.\n';

let harness: EngineHarness;
let running: RunningEngine;
let openai: FakeOpenAi;
let twilio: FakeTwilio;
let graph: FakeGraph;
let site: Server;
let siteUrl: string;
let root: string;
const siteHits: string[] = [];
const configs = new Map<string, BotConfig>();

const texts = (outcome: Awaited<ReturnType<RunningEngine['engine']['receive']>>) =>
  outcome.status === 'processed' ? outcome.replies.map((r) => r.text) : [];
/** Sends the messages in turn as one customer; the replies of the last. */
async function converse(bot: string, customer: string, ...messages: string[]): Promise<string[]> {
  let replies: string[] = [];
  for (const text of messages) replies = texts(await running.engine.receive(inbound(bot, text, { customer })));
  return replies;
}

const ASK = 'USE KB "policies"\nHEAR q\nTALK LLM q\nHEAR again\nCLEAR KB "policies"\nTALK LLM again\n';

beforeAll(async () => {
  [openai, twilio, graph] = await Promise.all([startFakeOpenAi(), startFakeTwilio(), startFakeGraph()]);
  site = createServer((req, res) => {
    siteHits.push(req.url ?? '');
    const page = (title: string, body: string) => `<html><head><title>${title}</title><style>p{}</style></head><body><nav><a href="/docs/">Home</a></nav>${body}</body></html>`;
    const pages: Record<string, string> = {
      '/docs/': page('Docs', '<h1>Docs</h1><p>Start here.</p><a href="/docs/shipping#top">Shipping</a> <a href="warranty?x=1">Warranty</a> <a href="http://elsewhere.invalid/x">Other site</a>'),
      '/docs/shipping': page('Shipping', '<p>Parcels ship within two days by courier.</p><a href="/docs/deep">Deeper</a>'),
      '/docs/warranty': page('Warranty', '<p>Every device has a two year warranty.</p>'),
      '/docs/deep': page('Deep', '<p>Too deep to be crawled.</p>'),
    };
    const html = pages[req.url ?? ''];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  root = await mkdtemp(path.join(tmpdir(), 'sb-kb-'));
  for (const bot of ['kbmodel', 'kbplain']) {
    const folder = path.join(root, `${bot}.gbkb`, 'policies');
    await mkdir(path.join(folder, 'store'), { recursive: true });
    await writeFile(path.join(folder, 'store', 'hours.md'), HOURS);
    await writeFile(path.join(folder, 'returns.txt'), RETURNS);
    await writeFile(path.join(folder, 'scan.pdf'), '%PDF-1.4 not read here');
  }

  harness = await EngineHarness.open();
  const model = { 'llm-url': openai.url, 'http-allow-private-networks': true };
  const bots: { name: string; scripts: Record<string, string>; config: Partial<BotConfig> }[] = [
    { name: 'kbmodel', scripts: { start: ASK }, config: model },
    { name: 'kbplain', scripts: { start: 'r = USE KB "policies"\nTALK r.documents + " documents, " + r.chunks + " passages"\nHEAR q\nTALK LLM q\n' }, config: {} },
    {
      name: 'webbot',
      scripts: { start: `w = USE WEBSITE site + "/docs/" REFRESH "1d"\nTALK w.documents + " pages"\nHEAR q\nTALK LLM q\n` },
      config: { 'http-allow-private-networks': true, 'kb-crawl-max-depth': 1, 'kb-crawl-max-pages': 3 },
    },
    {
      name: 'toolbot',
      scripts: {
        start: 'ADD TOOL "create-ticket.bas"\nHEAR q\nTALK LLM q\n',
        'create-ticket': 'PARAM subject AS STRING DESCRIPTION "What the ticket is about"\nPARAM priority AS STRING LIKE "high" OPTIONAL\n'
          + 'DESCRIPTION "Opens a support ticket"\nSAVE "tickets", subject, priority\nTALK "Ticket opened: " + subject\nRETURN "T-" + COUNT(FIND "tickets")\n',
      },
      config: model,
    },
    { name: 'badtool', scripts: { start: 'TALK "before"\nADD TOOL "no-such-script"\nTALK "after"\n' }, config: model },
    {
      name: 'sender',
      scripts: {
        start: 'r = SEND SMS "+15551230001", "Your code is 1234"\nTALK r.success + " " + r.message_id\n'
          + 'o = SEND SMS "+15551230002", "Anyone there?"\nTALK o.success + " " + o.message\n'
          + 't = SEND TEMPLATE TO "+5511999990000", "order_update", #{name: "Ana", order: "42"}\nTALK t.success + " " + t.message_id\n'
          + 'SEND TEMPLATE "+5511999990001", "hello", "Bob", 7\n'
          // The reference's other form: the template first, TO one number or a list, VIA the channel, WITH the variables.
          + 'v = SEND TEMPLATE "welcome" TO ["+5511999990002", "+5511999990003"] VIA "whatsapp" WITH #{name: "Cy"}\nTALK UBOUND(v) + 1 & " " & v[1].success\n'
          + 'SEND TEMPLATE "welcome" TO "cy@example.com" VIA "email"\nTALK "never"\n',
      },
      config: {
        'sms-account-sid': 'ACkb', 'sms-auth-token': 'tok', 'sms-from': '+15550000000', 'sms-api-url': twilio.url,
        'mobile-msg-access-token': 'graph-token', 'mobile-msg-app-secret': 'secret', 'mobile-msg-phone-number-id': '777', 'mobile-msg-api-url': graph.url,
        'mobile-msg-template-language': 'pt_BR',
        // The fake providers listen on loopback.
        'http-allow-private-networks': true,
      },
    },
  ];
  const ids = new Map<string, string>();
  for (const bot of bots) {
    const added = await harness.addBot({ name: bot.name, scripts: bot.scripts, config: bot.config, params: { site: siteUrl } });
    ids.set(added.id, bot.name);
    configs.set(bot.name, added.config);
  }
  const botOf = (id: string) => {
    const name = ids.get(id);
    return name === undefined ? undefined : { name, dir: root, config: configs.get(name) ?? defaultBotConfig() };
  };
  const db = harness.database.db;
  await createSmsOptOutsRepo(db).optOut('+15551230002', 'STOP');
  const sms = createSmsAdapter({
    settingsOf: (bot) => {
      const c = configs.get(bot);
      return c?.['sms-account-sid'] ? { accountSid: c['sms-account-sid'], authToken: c['sms-auth-token']!, from: c['sms-from']!, apiRoot: c['sms-api-url'], helpText: c['sms-help-text'], allowPrivateNetworks: c['http-allow-private-networks'] } : undefined;
    },
    optOuts: createSmsOptOutsRepo(db), botOfSession: async () => undefined, deliveryStatus: async () => true, logger,
  });
  const mobileMsg = createGraphAdapter('mobile_msg', { settings: (bot) => graphChannelSettings('mobile_msg', configs.get(bot)) });
  const knowledge = basicKnowledge({ database: db, bot: botOf });
  const clients = createLlmClients();
  const modelOf = (id: string) => {
    const c = botOf(id)?.config;
    return c && clients.forSettings({ ...(c['llm-url'] ? { url: c['llm-url'] } : {}), model: c['llm-model'], timeoutMs: 5000, allowPrivateNetworks: true });
  };
  running = await harness.startEngine({
    adapters: [new TestAdapter('web')],
    capabilities: {
      ...basicCapabilities({ users: createUsersRepo(db), passwords: testPasswords, files: botDrives({ dataDir: root }), knowledge, channels: { sms, mobileMsg, bot: botOf } }),
      llm: basicLlm(createLlmAnswers({ modelOf, knowledge })),
    },
  });
});
afterAll(async () => {
  await harness.close();
  await Promise.all([openai.close(), twilio.close(), graph.close(), new Promise((resolve) => site.close(resolve))]);
  await rm(root, { recursive: true, force: true });
});

const systemOf = (request: ChatRequest) => request.messages.find((m) => m.role === 'system')?.content ?? '';

test('USE KB: the collection is indexed, the model answers from the best passages and its citations name their documents', async () => {
  openai.answer((request) => ({ text: systemOf(request).includes('9am to 6pm') ? 'We open from 9am to 6pm, Monday to Saturday [1].' : 'I do not know.' }));
  const before = openai.requests.length;
  const replies = await converse('kbmodel', 'kb-1', 'hi', 'What are your opening hours on Saturday?');
  expect(replies).toEqual(['We open from 9am to 6pm, Monday to Saturday [1].\n\nSources:\n[1] Opening hours — store/hours.md']);
  const request = openai.requests[before]!;
  expect(systemOf(request)).toMatch(/^Answer from the numbered passages below[\s\S]*\[1\] Opening hours \(store\/hours\.md\)\n# Opening hours\n\nThe shop opens Monday to Saturday/);
  expect(systemOf(request)).not.toContain('Refunds');
  expect(request.messages.at(-1)).toMatchObject({ role: 'user', content: 'What are your opening hours on Saturday?' });

  // CLEAR KB: the next question goes to the model without passages.
  openai.answer(() => ({ text: 'Plain answer.' }));
  expect(await converse('kbmodel', 'kb-1', 'And refunds?')).toEqual(['Plain answer.']);
  expect(openai.requests.at(-1)!.messages).toEqual([{ role: 'user', content: 'And refunds?' }]);
});

test('USE KB without a model: LLM answers with the best passages and their sources; unreadable files are left out', async () => {
  expect(await converse('kbplain', 'kb-2', 'hi')).toEqual(['2 documents, 2 passages']);
  expect(await converse('kbplain', 'kb-2', 'How many days for a refund?')).toEqual([
    'Returns\n\nA product can be returned within 30 days with its receipt. Refunds take five working days.\n(returns.txt — returns.txt)',
  ]);
  // Nothing matches: a clear answer rather than an error.
  await converse('kbplain', 'kb-3', 'hi');
  expect(await converse('kbplain', 'kb-3', 'zebra xylophone')).toEqual(['Nothing in the knowledge base answers this.']);
  // A file added to the collection: the next USE KB indexes it again.
  await writeFile(path.join(root, 'kbplain.gbkb', 'policies', 'zoo.md'), '# Zoo\n\nThe zebra lives next to the xylophone shop.\n');
  expect(await converse('kbplain', 'kb-4', 'hi')).toEqual(['3 documents, 3 passages']);
  expect(await converse('kbplain', 'kb-4', 'zebra xylophone')).toEqual(['# Zoo\n\nThe zebra lives next to the xylophone shop.\n(Zoo — zoo.md)']);
});

test('USE WEBSITE: same-site links are crawled within the depth and page limits, then kept until REFRESH is due', async () => {
  expect(await converse('webbot', 'web-1', 'hi')).toEqual(['3 pages']);
  expect(siteHits.sort()).toEqual(['/docs/', '/docs/shipping', '/docs/warranty']);
  expect(await converse('webbot', 'web-1', 'Does every device have a warranty?')).toEqual([`Every device has a two year warranty.\n(Warranty — ${siteUrl}/docs/warranty)`]);
  await converse('webbot', 'web-2', 'hi');
  expect(siteHits).toHaveLength(3);
});

test('ADD TOOL: the script\'s PARAM/DESCRIPTION is offered as a function; the model\'s call runs it and its RETURN goes back to the model', async () => {
  openai.answer((request) => {
    const result = request.messages.find((m) => m.role === 'tool');
    return result ? { text: `Done: your ticket is ${JSON.parse(result.content) as string}.` } : { tool_calls: [{ name: 'create-ticket', arguments: { subject: 'Broken screen', priority: 'high' } }] };
  });
  const before = openai.requests.length;
  const replies = await converse('toolbot', 'tool-1', 'hi', 'My screen is broken, open a ticket');
  // What the tool says reaches the customer after the turn's own lines (docs/basic.md).
  expect(replies).toEqual(['Done: your ticket is T-1.', 'Ticket opened: Broken screen']);
  const [first, second] = openai.requests.slice(before);
  expect(first!.tools).toEqual([{
    type: 'function',
    function: {
      name: 'create-ticket', description: 'Opens a support ticket',
      parameters: {
        type: 'object', required: ['subject'],
        properties: { subject: { type: 'string', description: 'What the ticket is about' }, priority: { type: 'string', examples: ['high'] } },
      },
    },
  }]);
  expect(second!.messages.at(-1)).toMatchObject({ role: 'tool', content: '"T-1"' });
  expect(second!.messages.at(-2)!.tool_calls?.[0]?.function.name).toBe('create-ticket');
  const toolbot = harness.bots.get('toolbot')!;
  expect(await createBotDataRepo(harness.database.db).tables(toolbot.id).find('tickets', [])).toEqual([{ subject: 'Broken screen', priority: 'high' }]);
});

test('ADD TOOL of a script the bot does not have stops the script where it is written', async () => {
  expect(await converse('badtool', 'tool-2', 'hi')).toEqual(['before']);
});

test('SEND SMS goes out through Twilio (an opted-out number is refused); SEND TEMPLATE as a mobile_msg template with its variables', async () => {
  expect(await converse('sender', 'send-1', 'go')).toEqual([
    `true ${twilio.sent[0]?.sid}`, 'false the recipient opted out (STOP)', `true ${graph.sends()[0]?.answeredId}`, '2 true',
  ]);
  expect(twilio.sent).toHaveLength(1);
  expect(twilio.sent[0]).toMatchObject({ To: '+15551230001', From: '+15550000000', Body: 'Your code is 1234', account: 'ACkb' });
  const [named, positional] = graph.sends();
  expect(named).toMatchObject({ path: '777/messages', authorization: 'Bearer graph-token' });
  expect(named!.body).toEqual({
    messaging_product: 'whatsapp', recipient_type: 'individual', to: '5511999990000', type: 'template',
    template: {
      name: 'order_update', language: { code: 'pt_BR' },
      components: [{ type: 'body', parameters: [{ type: 'text', parameter_name: 'name', text: 'Ana' }, { type: 'text', parameter_name: 'order', text: '42' }] }],
    },
  });
  expect(positional!.body).toMatchObject({ template: { name: 'hello', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Bob' }, { type: 'text', text: '7' }] }] } });
  // VIA "whatsapp" to a list: one message each, in order, with the named variable; VIA "email" stopped the script.
  expect(graph.sends().slice(2).map((r) => [r.body?.to, (r.body?.template as { name: string }).name])).toEqual([['5511999990002', 'welcome'], ['5511999990003', 'welcome']]);
  expect(graph.sends()[2]!.body).toMatchObject({ template: { components: [{ parameters: [{ type: 'text', parameter_name: 'name', text: 'Cy' }] }] } });
});
