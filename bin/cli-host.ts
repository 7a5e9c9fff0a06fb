import path from 'node:path';
import {
  createInMemoryBotData,
  createInMemoryFileStore,
  createStandardHost,
  type BotDataStores,
  type ConversationEffect,
  type EffectHost,
  type Value,
} from '../basic-interpreter/index.js';
import type { DatabaseHandle } from '../db/index.js';
import { createFolderFileStore, createHttpPerformer, fillDocument, pdfMaker, QR_LIMITS, readQrLink, seedTablesFromCsv } from '../script-host/index.js';

const CLI_BOT = 'cli';
const CLI_USER = '00000000-0000-4000-8000-000000000000';
const HTTP_TIMEOUT_MS = 10_000;

/**
 * The CLI's effect host: real HTTP, tables and memory in memory (or in an embedded database with
 * `--data DIR`, kept between runs), and no attendants, meetings or mail server — those effects
 * are only reported (with `--trace`) and answer what a script needs to go on.
 */
export async function createCliHost(options: {
  dataDir?: string;
  /** A bot package folder whose `.gbdata/*.csv` seed the tables (when they are empty). */
  packageDir?: string;
  trace?: (line: string) => void;
  /** Where PRINT and LOG lines go: the command's standard error. */
  log: (line: string) => void;
}): Promise<{ host: EffectHost; close(): Promise<void> }> {
  let database: DatabaseHandle | undefined;
  let stores: BotDataStores = createInMemoryBotData();
  let botId = CLI_BOT;
  if (options.dataDir) {
    // Loaded only with --data: the embedded database is the slow part of starting the CLI.
    const { createBotDataRepo, createBotsRepo, openDatabase } = await import('../db/index.js');
    database = await openDatabase({ pgliteDir: path.resolve(options.dataDir) });
    await database.migrate();
    botId = (await createBotsRepo(database.db).ensure(CLI_BOT)).id;
    stores = createBotDataRepo(database.db);
  }
  const tables = stores.tables(botId);
  if (options.packageDir) await seedTablesFromCsv(options.packageDir, tables, { onlyIfEmpty: true });
  const session = new Map<string, Value>();
  const host = createStandardHost({
    tables,
    botMemory: stores.botMemory(botId),
    userMemory: stores.userMemory(botId, CLI_USER),
    // `switchboard run` is the author's own machine and script: local services stay reachable.
    http: createHttpPerformer({ timeoutMs: HTTP_TIMEOUT_MS, allowPrivateNetworks: true }),
    // With --data the bot's drive is a folder there; otherwise it lives in memory for one run.
    files: options.dataDir ? createFolderFileStore(path.join(path.resolve(options.dataDir), 'drive')) : createInMemoryFileStore(),
    fillDocument,
    pdf: pdfMaker,
    observe: options.trace ? (effect) => options.trace!(JSON.stringify({ effect })) : undefined,
    conversation: async (effect: ConversationEffect) =>
      // HEAR AS QRCODE reads the picture as the server does (script-host/host/read-qr-link.ts).
      effect.type === 'qrcode.read'
        ? readQrLink(createHttpPerformer({ timeoutMs: HTTP_TIMEOUT_MS, allowPrivateNetworks: true, maxResponseBytes: QR_LIMITS.maxBytes }), effect.url, (problem) => options.trace?.(JSON.stringify({ qrcode: problem })))
        : simulate(effect, session, options.log),
  });
  return { host, close: async () => database?.close() };
}

function simulate(effect: Exclude<ConversationEffect, { type: 'qrcode.read' }>, session: Map<string, Value>, log: (line: string) => void): Value {
  switch (effect.type) {
    case 'session.set':
      session.set(effect.key, effect.value);
      return null;
    case 'session.get':
      return session.get(effect.key) ?? null;
    case 'transfer':
      return {
        success: false,
        status: 'unavailable',
        queue_position: null,
        assigned_to: null,
        assigned_to_name: null,
        estimated_wait_seconds: null,
        message: 'The CLI has no attendants: the transfer was not sent.',
      };
    case 'meeting.create':
      return { success: false, room_id: null, join_url: null, message: 'Meetings are not available in the CLI.' };
    case 'llm':
      throw new Error('No language model is configured in the CLI.');
    case 'site.create':
      throw new Error('CREATE SITE: no language model is configured in the CLI.');
    case 'chart.prompt':
      throw new Error('CHART PROMPT: no language model is configured in the CLI.');
    case 'unstructured.read':
      throw new Error('SAVE FROM UNSTRUCTURED: no language model is configured in the CLI (an object or JSON text needs none).');
    case 'webhook.call':
      throw new Error(`not available: CALL "/${effect.name}" (the CLI serves no webhooks)`);
    case 'campaign.add':
    case 'campaign.conversion':
    case 'campaign.stats':
      throw new Error('not available: the campaign keywords need the server\'s CRM (the CLI has none)');
    case 'hear.file':
      // The CLI's answers are typed lines: no message of it carries a file.
      throw new Error('not available: a file sent to HEAR (the CLI reads typed lines)');
    case 'log':
      log(effect.text);
      return null;
    case 'user.create':
      throw new Error('not available: CREATE USER (the CLI has no users service)');
    case 'task.create':
      throw new Error('not available: CREATE TASK (the CLI has no tasks store)');
    case 'draft.create':
      throw new Error('not available: CREATE DRAFT (the CLI has no mail archive)');
    case 'attendants.list':
      throw new Error('not available: GET ATTENDANTS (the CLI has no attendance service)');
    case 'contact.get':
    case 'contact.set':
    case 'contact.tag':
      throw new Error('not available: GET CONTACT / SET CONTACT / ADD TAG (the CLI has no CRM)');
    case 'sms.send':
      throw new Error('not available: SEND SMS (the CLI has no sms channel)');
    case 'template.send':
      throw new Error('not available: SEND TEMPLATE (the CLI has no mobile_msg channel)');
    case 'kb':
      throw new Error(`not available: ${effect.action === 'refresh' ? 'REFRESH' : 'USE KB / USE WEBSITE'} (the CLI has no knowledge base)`);
    case 'tools':
      throw new Error('not available: ADD TOOL / USE TOOL (the CLI has no language model)');
    // The CLI runs no handlers (docs/basic.md, "Event handlers"): ON CHANGE declares, ON EMAIL has no mailbox to read.
    case 'watch.check':
      if (effect.kind === 'mail') throw new Error('not available: ON EMAIL (the CLI has no mailbox)');
      return null;
    case 'event.last':
      throw new Error(`GET LAST "${effect.name}": the CLI runs no ON EMAIL or ON CHANGE handlers`);
    // Without a model, AI SCORE LEAD is the scoring rule's score, as on a server bot without one.
    case 'lead.score':
      return { ...effect.rule, breakdown: { ...(effect.rule.breakdown as Record<string, Value>), ai_confidence: null, ai_reasoning: null } };
    case 'sentiment':
      throw new Error('not available: ANALYZE SENTIMENT (the CLI has no attendance analyser)');
    case 'kb.stats':
      throw new Error('not available: the KB statistics (the CLI has no knowledge base)');
    case 'metrics.query':
      throw new Error('not available: QUERY METRICS (the CLI keeps no conversations)');
    case 'bot.memory.share':
      throw new Error('not available: BOT SHARE MEMORY (the CLI runs one bot)');
    case 'bot.add':
      throw new Error('not available: ADD BOT (the CLI runs one bot)');
    case 'bot.run':
      throw new Error(`not available: STEP ${effect.step}: BOT (the CLI runs one bot)`);
    case 'role.allow':
      throw new Error('not available: ALLOW ROLE / SET ROLE (the CLI has no sign-in)');
    // The CLI has no event bus: the event goes to the trace log only.
    case 'event.publish':
      log(`event ${effect.name}`);
      return null;
    case 'mail.send':
    case 'talk.to':
    case 'context.set':
    case 'mode.set':
    case 'schedule.set':
    case 'hear.failed':
      return null;
  }
}
