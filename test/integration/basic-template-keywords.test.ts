import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import { createAttendanceWebhooksRepo, createKnowledgeRepo, createMessagesRepo, createMetricsRepo, createSessionsRepo, createUsersRepo } from '../../db/index.js';
import { createLlmClients } from '../../infra/llm/index.js';
import { createLlmAnswers } from '../../knowledge/index.js';
import { basicCapabilities, basicKnowledge, basicLlm, botDrives } from '../../app/script-host.js';
import { EngineHarness, inbound, TestAdapter, type RunningEngine } from '../support/engine-kit.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { testPasswords } from '../support/test-passwords.js';

// The templates' keywords that reach the product's services (docs/basic.md, "Compatibility"), run
// by the engine through the ports app/script-host.ts wires, on the real database: ADD BOT routing
// to another loaded bot, BOT SHARE MEMORY, PUBLISH EVENT to the bot's event webhook, the KB
// statistics and REFRESH over the knowledge base, QUERY METRICS over the transcript, ALLOW ROLE
// with the roles of the account signed in with, ANALYZE SENTIMENT with the attendance's analyser
// and AI SCORE LEAD with the bot's model; GENERATE PDF and MERGE PDF on the bot's drive, and SAVE FROM
// UNSTRUCTURED into a defined table with the bot's model.

let harness: EngineHarness;
let running: RunningEngine;
let openai: FakeOpenAi;
let root: string;
const configs = new Map<string, BotConfig>();
const ids = new Map<string, string>();

const texts = (outcome: Awaited<ReturnType<RunningEngine['engine']['receive']>>) =>
  outcome.status === 'processed' ? outcome.replies.map((r) => r.text) : [];
async function say(bot: string, customer: string, text: string): Promise<string[]> {
  return texts(await running.engine.receive(inbound(bot, text, { customer })));
}

const FAQ = '# Opening hours\n\nWe open at 9am.\n\n';

beforeAll(async () => {
  openai = await startFakeOpenAi();
  root = await mkdtemp(path.join(tmpdir(), 'sb-tkw-'));
  await mkdir(path.join(root, 'kbstats.gbkb', 'faq'), { recursive: true });
  await writeFile(path.join(root, 'kbstats.gbkb', 'faq', 'hours.md'), FAQ);
  await writeFile(path.join(root, 'kbstats.gbkb', 'faq', 'returns.md'), '# Returns\n\nWithin 30 days.\n');
  await mkdir(path.join(root, 'kbstats.gbkb', 'data-analysis'), { recursive: true });
  await writeFile(path.join(root, 'kbstats.gbkb', 'data-analysis', 'stores.txt'), 'Stores B, L and R.\n');

  harness = await EngineHarness.open();
  const bots: { name: string; scripts: Record<string, string>; config?: Partial<BotConfig>; asPackage?: boolean }[] = [
    {
      name: 'bank',
      scripts: {
        start: 'ADD BOT "loans" WITH TRIGGER "loan, mortgage, empréstimo"\nSET BOT MEMORY "fraud_indicators", "three cards in an hour"\n'
          + 'BOT SHARE MEMORY "fraud_indicators" WITH "loans"\nTALK "Bank menu"\n',
      },
    },
    { name: 'loans', scripts: { start: 'TALK "Loans desk: " + GET BOT MEMORY("fraud_indicators")\nHEAR amount AS NUMBER\nTALK "Loan of " + amount + " noted"\n' } },
    {
      name: 'events',
      scripts: { start: 'a = PUBLISH EVENT "order_processed", #{order: 42}\nORCHESTRATE WORKFLOW "order-processing"\nTALK a\n' },
      config: { 'attendance-chatops-webhook': 'http://127.0.0.1:9/hook', 'attendance-webhook-secret': `whsec_${Buffer.alloc(24, 7).toString('base64')}` },
    },
    { name: 'quiet', scripts: { start: 'TALK PUBLISH EVENT "nobody_listens"\n' } },
    {
      name: 'kbstats',
      scripts: {
        start: 'r = REFRESH "data-analysis"\nTALK "refreshed " + r.documents\nUSE KB "faq"\nstats = KB STATISTICS\ns = JSON PARSE stats\n'
          + 'TALK s.total_collections & " " & s.total_documents & " " & s.documents_added_last_week\nTALK KB DOCUMENTS COUNT & " " & KB DOCUMENTS ADDED SINCE 1\n'
          + 'TALK JOIN(KB LIST COLLECTIONS, ",")\nc = KB COLLECTION STATS "faq"\nTALK c.name & " " & c.points_count & " " & (c.disk_data_size > 0)\n'
          + 'TALK KB STORAGE SIZE >= 0\nx = KB COLLECTION STATS "nope"\n',
      },
    },
    {
      name: 'metrics',
      scripts: {
        start: 'IF first_message = "count" THEN\n  m = QUERY METRICS "messages" FOR "1d"\n  s = QUERY METRICS "active_sessions" FOR "1d" BY "1h"\n'
          + '  y = QUERY METRICS "messages" FOR "1d" OFFSET 1\n  TALK UBOUND(m) + 1 & " " & m[0].count & " " & COUNT(s) & " " & y[0].count\n'
          + '  q = QUERY METRICS "llm_tokens" FOR "1d"\nELSE\n  TALK "noted"\nEND IF\n',
      },
    },
    { name: 'analyst', scripts: { start: 'HEAR user AS LOGIN\nALLOW ROLE "analiseDados"\nTALK "Welcome, " + user.name\n' } },
    {
      name: 'mood',
      scripts: {
        start: 's = ANALYZE SENTIMENT session_id, "This is unacceptable, I want to talk to your manager!"\nTALK s.overall & " " & s.escalation_risk\n'
          + 'h = ANALYZE SENTIMENT "Thank you, great service"\nTALK h.overall\n',
      },
    },
    { name: 'leads', scripts: { start: 'l = AI SCORE LEAD #{email: "ana@acme.com", title: "CTO"}\nTALK l.score & " " & l.grade & " " & l.breakdown.rule_score & " " & l.breakdown.ai_reasoning\n' }, config: { 'llm-url': openai.url, 'http-allow-private-networks': true } },
    {
      name: 'docs',
      scripts: {
        start: 'WRITE "templates/receipt.html", "<h1>Receipt {{n}}</h1><p>{{who}}</p>"\n'
          + 'r = GENERATE PDF "templates/receipt.html", #{n: 7, who: "Ana"}, "receipts/7.pdf"\n'
          + 'm = MERGE PDF [r, r.localName], "receipts/both.pdf"\n'
          + 'TALK r.localName & " " & r.pages & " " & m.pages & " " & (LEN(READ("receipts/both.pdf")) > 0)\n',
      },
    },
    {
      name: 'intake',
      scripts: {
        tables: 'TABLE leads\n  id UUID PRIMARY KEY DEFAULT uuid_generate_v4()\n  name VARCHAR(100) NOT NULL\n  budget NUMBER\nEND TABLE\n',
        start: 'l = SAVE FROM UNSTRUCTURED "leads", "Carla wants a quote, budget about 5000"\nrow = FIND "leads" WHERE name = "Carla" FIRST\n'
          + 'TALK l.name & " " & row.budget & " " & (LEN(row.id) = 36)\n',
      },
      config: { 'llm-url': openai.url, 'http-allow-private-networks': true },
      asPackage: true,
    },
    { name: 'rules', scripts: { start: 'l = AI SCORE LEAD #{email: "ana@acme.com", title: "CTO"}\nTALK l.score & " " & l.grade & " " & ISNULL(l.breakdown.ai_confidence)\n' } },
  ];
  for (const bot of bots) {
    const added = await harness.addBot({ name: bot.name, scripts: bot.scripts, config: bot.config ?? {}, ...(bot.asPackage ? { asPackage: true } : {}) });
    ids.set(added.id, bot.name);
    configs.set(bot.name, added.config);
  }
  const botOf = (id: string) => {
    const name = ids.get(id);
    return name === undefined ? undefined : { name, dir: root, config: configs.get(name) ?? defaultBotConfig() };
  };
  const db = harness.database.db;
  const knowledge = basicKnowledge({ database: db, bot: botOf });
  const clients = createLlmClients();
  const modelOf = (id: string) => {
    const c = botOf(id)?.config;
    return c && clients.forSettings({ ...(c['llm-url'] ? { url: c['llm-url'] } : {}), model: c['llm-model'], timeoutMs: 5000, allowPrivateNetworks: true });
  };
  running = await harness.startEngine({
    adapters: [new TestAdapter('web')],
    capabilities: {
      ...basicCapabilities({
        users: createUsersRepo(db), passwords: testPasswords, files: botDrives({ dataDir: root }), knowledge,
        knowledgeStats: createKnowledgeRepo(db), metrics: createMetricsRepo(db),
        events: { webhooks: createAttendanceWebhooksRepo(db), jobs: { add: async () => 'job' }, config: (id) => configs.get(ids.get(id) ?? ''), now: () => new Date() },
      }),
      llm: basicLlm(createLlmAnswers({ modelOf, knowledge })),
      signInLinks: async () => 'http://127.0.0.1/bot-login/t',
    },
  });
});
afterAll(async () => {
  await harness.close();
  await openai.close();
  await rm(root, { recursive: true, force: true });
});

test('ADD BOT … WITH TRIGGER: a later message with one of the words runs the other bot\'s dialog to its end; BOT SHARE MEMORY gave it the value', async () => {
  expect(await say('bank', 'ana', 'hello')).toEqual(['Bank menu']);
  expect(await say('bank', 'ana', 'I need an Emprestimo please')).toEqual(['Loans desk: three cards in an hour']);
  // The loans bot's HEAR takes the answer (no trigger word needed), then its dialog ends.
  expect(await say('bank', 'ana', '5000')).toEqual(['Loan of 5000 noted']);
  expect(await say('bank', 'ana', 'what about my card?')).toEqual(['Bank menu']);
  // Words match whole words only: "loaner" is no "loan".
  expect(await say('bank', 'ana', 'a loaner car')).toEqual(['Bank menu']);
});

test('ADD BOT of a bot the server does not have stops the script, naming it', async () => {
  await harness.addBot({ name: 'lonely', scripts: { start: 'TALK "before"\nADD BOT "fraud-detector" WITH TRIGGER "fraud"\nTALK "after"\n' } });
  expect(await say('lonely', 'bo', 'hi')).toEqual(['before']);
});

test('PUBLISH EVENT and ORCHESTRATE WORKFLOW are stored for the bot\'s event webhook; without one nothing takes them', async () => {
  expect(await say('events', 'cy', 'go')).toEqual(['true']);
  const pending = (await createAttendanceWebhooksRepo(harness.database.db).listPending()).filter((w) => w.event === 'bot.event');
  expect(pending.map((w) => (w.payload as { data: { name: string; data: unknown } }).data)).toEqual([
    expect.objectContaining({ name: 'order_processed', data: { order: 42 } }),
    expect.objectContaining({ name: 'workflow_started', data: { workflow: 'order-processing' } }),
  ]);
  expect(pending[0]!.url).toBe('http://127.0.0.1:9/hook');
  expect(await say('quiet', 'cy', 'go')).toEqual(['false']);
});

test('the KB statistics count the bot\'s indexed collections; REFRESH indexes one without activating it', async () => {
  expect(await say('kbstats', 'di', 'stats')).toEqual([
    'refreshed 1', '2 3 3', '3 3', 'data-analysis,faq', 'faq 2 true', 'true',
  ]);
});

test('QUERY METRICS counts the bot\'s transcript over the range, per interval, OFFSET ranges back', async () => {
  expect(await say('metrics', 'e1', 'hi')).toEqual(['noted']);
  expect(await say('metrics', 'e2', 'hi')).toEqual(['noted']);
  const [line] = await say('metrics', 'e3', 'count');
  const [buckets, messages, hours, yesterday] = (line ?? '').split(' ').map(Number);
  expect(buckets).toBe(1);
  // Two customers' message and answer; the asking message is stored with its turn, after the script ran.
  expect(messages).toBe(4);
  expect(hours).toBe(24);
  expect(yesterday).toBe(0);
});

test('ALLOW ROLE lets on only a person signed in with an account that has the role now', async () => {
  const users = createUsersRepo(harness.database.db);
  const analyst = await users.insert({ username: 'dora', email: 'dora@example.com', roles: ['analiseDados'], display_name: 'Dora' });
  const clerk = await users.insert({ username: 'ed', email: 'ed@example.com', roles: ['attendant'], display_name: 'Ed' });
  const sessions = createSessionsRepo(harness.database.db);
  for (const [customer, user, expected] of [['f1', analyst, ['Welcome, Dora']], ['f2', clerk, []]] as const) {
    const first = await running.engine.receive(inbound('analyst', 'report', { customer }));
    if (first.status !== 'processed') throw new Error('not processed');
    const session = await sessions.findById(first.session_id);
    const nonce = String(session?.context_data.sign_in_request);
    const outcome = await running.engine.completeSignIn({
      session_id: first.session_id, bot: 'analyst', nonce, user: { id: user.id, username: user.username, email: user.email, name: user.display_name, roles: user.roles },
    });
    expect(outcome).toBe('signed_in');
    const after = await sessions.findById(first.session_id);
    expect(after?.dialog_state ?? null).toBeNull();
    // The bot's messages after the sign-in link: the welcome, or none (the script stopped at ALLOW ROLE).
    const said = (await createMessagesRepo(harness.database.db).listBySession(first.session_id)).filter((m) => m.sender === 'bot').map((m) => m.text);
    expect(said.filter((text) => !text.includes('bot-login'))).toEqual(expected);
  }
});

test('ANALYZE SENTIMENT reads the text with the attendance\'s analyser', async () => {
  expect(await say('mood', 'g', 'hi')).toEqual(['negative high', 'positive']);
});

test('AI SCORE LEAD: the bot\'s model scores the lead, told the rule\'s score; without a model the rule\'s score', async () => {
  openai.answer((request) => {
    const prompt = request.messages.at(-1)?.content ?? '';
    return { json: { score: prompt.includes('"rule_score":45') ? 72 : 0, confidence: 0.8, reasoning: 'Senior buyer' } };
  });
  expect(await say('leads', 'h', 'hi')).toEqual(['72 B 45 Senior buyer']);
  expect(await say('rules', 'h', 'hi')).toEqual(['45 C true']);
});

test('GENERATE PDF writes the filled template to the bot\'s drive as a PDF; MERGE PDF joins it twice', async () => {
  expect(await say('docs', 'p', 'hi')).toEqual(['receipts/7.pdf 1 2 true']);
});

test('SAVE FROM UNSTRUCTURED: the bot\'s model reads free text into the defined columns of the bot\'s table', async () => {
  openai.answer((request) => {
    const prompt = request.messages.at(-1)?.content ?? '';
    return { text: prompt.includes('name: text, budget: number') ? '{"name": "Carla", "budget": 5000, "mood": "keen"}' : 'no' };
  });
  expect(await say('intake', 'c', 'hi')).toEqual(['Carla 5000 true']);
});
