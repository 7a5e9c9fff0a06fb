import { createStandardHost, defineTables, NO_TABLE_DEFINITIONS, type ConversationEffect, type EffectHost, type FileStore, type ObjectValue, type Value } from '../basic-interpreter/index.js';
import { callWebhook } from './call-webhook.js';
import { chartFromPrompt } from './chart-prompt.js';
import { readUnstructuredRow } from './unstructured-row.js';
import { createSite } from './create-site.js';
import { fillDocument, pdfMaker, QR_LIMITS, readQrLink, receiveHearFile } from './host/index.js';
import { botHttp } from './bot-http.js';
import { customerFileFetcher } from './customer-file.js';
import { transferToHuman, type SessionTurn } from '../engine/index.js';
import type { HostContext, ScriptBot } from './script-host-context.js';
import { scheduleScript, scheduleScriptOnce } from './schedule-script.js';
import { watchTableChanges } from './table-triggers.js';
import { addTool, LLM_TOOLS_KEY, scriptTools, storedNames } from './script-tools.js';
import { getSessionKey, setSessionKey } from './session-keys.js';
import { changeContact, getContact } from './script-contact.js';
import { mailboxSettingsOf, noMailboxMessage } from './mailbox-settings.js';
import { lookAtFoldersSoon, scheduleWatch } from './watch-bot.js';
import { aiScoreLead, knowledgeStatistic, queryMetrics } from './script-insights.js';
import { addBotTrigger } from './bot-triggers.js';
import { runWorkflowStep } from './run-workflow-step.js';
import { SIGNED_IN_USER_KEY } from './session-keys.js';

/** The mail or drive change an ON EMAIL / ON CHANGE run was started for, as GET LAST names it. */
export interface WatchEvent {
  name: 'email_received_events' | 'folder_change_events';
  value: ObjectValue;
}

/** Where SET CONTEXT text is kept for later LLM calls. */
export const LLM_CONTEXT_KEY = 'llm_context';
/** The session's answer mode (SET ANSWER MODE), read by every LLM answer. */
export const ANSWER_MODE_KEY = 'answer_mode';

/** Where USE KB / USE WEBSITE keep the session's active knowledge sources for later LLM calls. */
export const KB_SOURCES_KEY = 'kb_sources';

/**
 * The EffectHost of one turn on a session: data, memory and HTTP through basic-interpreter's
 * standard host (database stores, guarded HTTP client with the bot's dialog-max-seconds as its
 * timeout); everything else through {@link performConversationEffect}.
 */
export function createTurnHost(ctx: HostContext, bot: ScriptBot, turn: SessionTurn): EffectHost {
  return createBotHost(ctx, bot, { userId: turn.session.user_id, turn, depth: 0, calls: 0 });
}

/**
 * The host of a run without a conversation (a SET SCHEDULE run): data, memory, HTTP, mail, LLM
 * and scheduling work; effects that need a session are runtime errors.
 */
export function createScheduledHost(ctx: HostContext, bot: ScriptBot): EffectHost {
  return createBotHost(ctx, bot, { depth: 0, calls: 0 });
}

/**
 * The host of a table trigger's handler run (script-host/table-triggers.ts): a scheduled run's, whose
 * own table changes are `depth` handler runs deep.
 */
export function createTriggeredHost(ctx: HostContext, bot: ScriptBot, depth: number): EffectHost {
  return createBotHost(ctx, bot, { depth, calls: 0 });
}

/**
 * The host of an ON EMAIL or ON CHANGE handler's run (script-host/mail-watch.ts, folder-watch.ts): a
 * scheduled run's, whose GET LAST gives the mail or the change it runs for.
 */
export function createWatchHost(ctx: HostContext, bot: ScriptBot, event: WatchEvent): EffectHost {
  return createBotHost(ctx, bot, { depth: 0, calls: 0, event });
}

/**
 * The host of a WEBHOOK or form run (docs/basic.md, "Webhooks and forms"): a scheduled run's,
 * `calls` CALL "/name" runs deep (0 for an HTTP request).
 */
export function createEndpointHost(ctx: HostContext, bot: ScriptBot, calls: number): EffectHost {
  return createBotHost(ctx, bot, { depth: 0, calls });
}

/**
 * What a host serves: a conversation's turn, or none; `depth`: table-handler runs that led here;
 * `calls`: CALL "/name" runs that led here; `event`: the mail or change an ON EMAIL / ON CHANGE run is for.
 */
interface HostRun {
  userId?: string;
  turn?: SessionTurn;
  depth: number;
  calls: number;
  event?: WatchEvent;
  /** Workflow steps (STEP n: BOT) that led here: a step's bot runs one deeper. */
  steps?: number;
}

function createBotHost(ctx: HostContext, bot: ScriptBot, run: HostRun): EffectHost {
  const stores = ctx.repos.botData;
  const { userId } = run;
  return createStandardHost({
    tables: defineTables(watchTableChanges(ctx, bot, run.depth), bot.dialogs.tables ?? NO_TABLE_DEFINITIONS),
    botMemory: stores.botMemory(bot.id),
    userMemory: userId ? stores.userMemory(bot.id, userId) : noUserMemory,
    http: botHttp(bot),
    files: watchDriveWrites(ctx, bot, ctx.files(bot)),
    ...(ctx.fileLinks ? { links: ctx.fileLinks(bot) } : {}),
    fillDocument,
    pdf: pdfMaker,
    conversation: (effect) => {
      // CALL "/name": the bot's WEBHOOK script in process, on a host one call deeper.
      if (effect.type === 'webhook.call') return callWebhook(ctx, bot, effect, run.calls + 1, createEndpointHost(ctx, bot, run.calls + 1));
      return performConversationEffect(ctx, bot, run, effect);
    },
  });
}

/** The drive, telling ON CHANGE of each write a script makes (docs/basic.md, "Event handlers"). */
function watchDriveWrites(ctx: HostContext, bot: ScriptBot, files: FileStore): FileStore {
  const after = async <T>(done: Promise<T>): Promise<T> => {
    const result = await done;
    lookAtFoldersSoon(ctx, bot);
    return result;
  };
  return {
    read: (path) => files.read(path),
    list: (folder) => files.list(folder),
    ...(files.describe ? { describe: (folder: string) => files.describe!(folder) } : {}),
    write: (path, bytes) => after(files.write(path, bytes)),
    copy: (from, to) => after(files.copy(from, to)),
    move: (from, to) => after(files.move(from, to)),
    delete: (path) => after(files.delete(path)),
  };
}

/** ON EMAIL / ON CHANGE run as a statement: refused when this bot cannot watch it, else the watch is polled. */
async function checkWatch(ctx: HostContext, bot: ScriptBot, effect: Extract<ConversationEffect, { type: 'watch.check' }>): Promise<Value> {
  if (effect.kind === 'mail') {
    const mailbox = mailboxSettingsOf(bot.config);
    if ('missing' in mailbox) throw new Error(noMailboxMessage(mailbox.missing));
  }
  await scheduleWatch(ctx, bot);
  return null;
}

/** GET LAST "email_received_events" / "folder_change_events": the run's mail or change. */
function lastEvent(event: WatchEvent | undefined, name: string): Value {
  if (event?.name === name) return event.value;
  if (name === 'email_received_events' || name === 'folder_change_events') {
    throw new Error(`GET LAST "${name}": only a run started by ${name === 'email_received_events' ? 'ON EMAIL' : 'ON CHANGE'} has one`);
  }
  throw new Error(`GET LAST "${name}": only "email_received_events" (in an ON EMAIL run) and "folder_change_events" (in an ON CHANGE run) are known`);
}

/**
 * BOT SHARE MEMORY key WITH bot (docs/basic.md, "BOT SHARE MEMORY"): the key's value in this bot's
 * memory is written under the same key to the other bot's memory; resolves to the value shared.
 */
async function shareMemory(ctx: HostContext, bot: ScriptBot, key: string, other: string): Promise<Value> {
  const target = ctx.bots(other);
  if (!target) throw new Error(`BOT SHARE MEMORY: there is no bot "${other}" on this server`);
  const value = await ctx.repos.botData.botMemory(bot.id).get(key);
  await ctx.repos.botData.botMemory(target.id).set(key, value);
  return value;
}

/**
 * ALLOW ROLE role (docs/basic.md, "ALLOW ROLE"): the script goes on when the person of the
 * conversation signed in (HEAR x AS LOGIN) with an account that has the role now; otherwise it stops.
 */
async function allowRole(ctx: HostContext, turn: SessionTurn, role: string): Promise<Value> {
  const userId = turn.context[SIGNED_IN_USER_KEY];
  if (typeof userId !== 'string') throw new Error(`ALLOW ROLE "${role}": no one signed in to this conversation (HEAR user AS LOGIN first)`);
  const roles = await ctx.capabilities.userRoles({ user_id: userId });
  if (!roles?.some((r) => r.toLowerCase() === role.toLowerCase())) throw new Error(`ALLOW ROLE "${role}": the signed-in account does not have this role`);
  return true;
}

const noUserMemory = {
  get: () => Promise.reject(new Error('RECALL needs a conversation; a scheduled run has none')),
  set: () => Promise.reject(new Error('REMEMBER needs a conversation; a scheduled run has none')),
};

/** The effects that belong to the conversation, carried out through the session and the ports. */
async function performConversationEffect(
  ctx: HostContext,
  bot: ScriptBot,
  run: HostRun,
  effect: Exclude<ConversationEffect, { type: 'webhook.call' }>,
): Promise<Value> {
  const { turn } = run;
  const session = (keyword: string): SessionTurn => {
    if (!turn) throw new Error(`${keyword} needs a conversation; a scheduled run has none`);
    return turn;
  };
  switch (effect.type) {
    case 'transfer': {
      const { type: _type, file: _file, line: _line, ...request } = effect;
      return transferToHuman(session('TRANSFER TO HUMAN'), request, ctx.now());
    }
    case 'session.set':
      setSessionKey(session('SET SESSION'), effect.key, effect.value);
      return null;
    case 'session.get':
      return getSessionKey(session('GET SESSION'), effect.key);
    case 'context.set':
      session('SET CONTEXT').setContext(LLM_CONTEXT_KEY, effect.text);
      return null;
    case 'mode.set':
      session(effect.setting === 'answer_mode' ? 'SET ANSWER MODE' : 'PAGE MODE').setContext(effect.setting, effect.mode);
      return null;
    case 'talk.to':
      session('TALK TO').talkTo(effect.address, effect.text);
      return null;
    case 'qrcode.read': {
      // The customer's picture through the bot's guarded client, at most the reader's byte limit.
      return readQrLink(botHttp(bot, QR_LIMITS.maxBytes), effect.url, (problem, detail) => {
        ctx.logger.info({ bot: bot.name, file: effect.file, line: effect.line, problem, ...(detail ? { detail } : {}) }, 'HEAR AS QRCODE: no code read');
      });
    }
    case 'hear.file': {
      const current = session('HEAR');
      return receiveHearFile({
        fetch: customerFileFetcher(ctx, bot, current.session.channel, current.session.external_user_id),
        drive: watchDriveWrites(ctx, bot, ctx.files(bot)),
        ...(ctx.fileLinks ? { link: ctx.fileLinks(bot) } : {}),
        sessionId: current.id,
        now: ctx.now,
        onProblem: (problem, detail) => {
          ctx.logger.info({ bot: bot.name, file: effect.file, line: effect.line, problem, ...(detail ? { detail } : {}) }, `HEAR AS ${effect.kind.toUpperCase()}: the customer's file gave no answer`);
        },
      }, effect.kind, effect.attachment);
    }
    case 'hear.failed': {
      const current = session('HEAR');
      const failed = current.context.failed_attempts;
      current.setContext('failed_attempts', (typeof failed === 'number' ? failed : 0) + 1);
      return null;
    }
    case 'meeting.create': {
      const current = session('CREATE MEETING');
      const result = await ctx.meetings.create(effect.options, { id: current.id, bot_id: bot.id });
      // The room and its link stay on the session for the rest of the conversation (docs/meetings.md, "CREATE MEETING").
      if (result && typeof result === 'object' && !Array.isArray(result) && result.success === true) {
        setSessionKey(current, 'meeting_room', result.room_id ?? null);
        setSessionKey(current, 'meeting_url', result.join_url ?? null);
      }
      return result;
    }
    case 'mail.send':
      await ctx.mail.send({ to: effect.to, subject: effect.subject, body: effect.body, bot_id: bot.id });
      return null;
    case 'llm': {
      const context = turn?.context[LLM_CONTEXT_KEY];
      const knowledge = storedNames(turn?.context[KB_SOURCES_KEY]);
      const tools = turn ? scriptTools(bot, storedNames(turn.context[LLM_TOOLS_KEY]), () => createTurnHost(ctx, bot, turn), (text) => turn.outbound.push(turn.botMessage(text))) : [];
      const answerMode = turn?.context[ANSWER_MODE_KEY];
      return ctx.llm.complete({
        prompt: effect.prompt, bot_id: bot.id, ...(typeof context === 'string' ? { context } : {}),
        ...(typeof answerMode === 'string' ? { answer_mode: answerMode } : {}),
        ...(knowledge.length ? { knowledge } : {}), ...(tools.length ? { tools } : {}),
      });
    }
    case 'site.create':
      return createSite(ctx, bot, effect);
    case 'chart.prompt':
      return chartFromPrompt(ctx, bot, effect);
    case 'unstructured.read':
      return readUnstructuredRow(ctx, bot, effect);
    case 'schedule.set':
      if ('cron' in effect) await scheduleScript(ctx, bot, effect.script ?? effect.file, effect.cron);
      else await scheduleScriptOnce(ctx, bot, effect.script ?? effect.file, effect.at);
      return null;
    case 'watch.check':
      return checkWatch(ctx, bot, effect);
    case 'event.last':
      return lastEvent(run.event, effect.name);
    case 'log':
      ctx.logger[effect.level]({ bot: bot.name, file: effect.file, line: effect.line }, effect.text);
      return null;
    case 'user.create':
      return ctx.users.create({ email: effect.email, ...(effect.name === undefined ? {} : { name: effect.name }), bot_id: bot.id });
    case 'task.create':
      return ctx.capabilities.createTask({
        title: effect.title, description: effect.description, assignee: effect.assignee, priority: effect.priority,
        ...(effect.due_at === undefined ? {} : { due_at: effect.due_at }), bot_id: bot.id,
      });
    case 'draft.create':
      return ctx.capabilities.createDraft({ to: effect.to, subject: effect.subject, body: effect.body, bot_id: bot.id });
    case 'contact.get':
      return getContact(ctx, bot, session('GET CONTACT'));
    case 'contact.set':
      return changeContact(ctx, bot, session('SET CONTACT'), { field: effect.field, value: effect.value });
    case 'contact.tag':
      return changeContact(ctx, bot, session('ADD TAG'), { tag: effect.tag });
    case 'campaign.add':
    case 'campaign.conversion':
    case 'campaign.stats': {
      const session = turn && {
        channel: turn.session.channel, external_user_id: turn.session.external_user_id, customer_id: turn.session.customer_id, context: { ...turn.context },
      };
      const request = effect.type === 'campaign.add' ? { action: 'add' as const, campaign: effect.campaign, contact: effect.contact }
        : effect.type === 'campaign.conversion' ? { action: 'conversion' as const, campaign: effect.campaign, name: effect.name, value: effect.value }
        : { action: 'stats' as const, campaign: effect.campaign };
      return ctx.capabilities.campaign({ ...request, bot_id: bot.id, ...(session ? { session } : {}) });
    }
    case 'attendants.list':
      return ctx.capabilities.attendants({ ...(effect.status === undefined ? {} : { status: effect.status }), bot_id: bot.id });
    case 'sms.send':
      return ctx.capabilities.sendSms({ to: effect.to, text: effect.text, bot_id: bot.id });
    case 'template.send': {
      const send = (to: string) => ctx.capabilities.sendTemplate({ to, template: effect.template, params: effect.params, bot_id: bot.id });
      if (typeof effect.to === 'string') return send(effect.to);
      const answers: Value[] = [];
      for (const to of effect.to) answers.push(await send(to)); // in order, as the script listed them
      return answers;
    }
    case 'kb': {
      // The session keeps which sources are active; the knowledge area keeps what they hold.
      const active = storedNames(turn?.context[KB_SOURCES_KEY]);
      if (effect.action === 'clear') {
        const name = effect.name.trim().toLowerCase();
        session('CLEAR KB').setContext(KB_SOURCES_KEY, name === '' ? [] : active.filter((s) => s.toLowerCase() !== name));
        return null;
      }
      // REFRESH "name" indexes the collection again when its files changed, activating nothing.
      const refresh = effect.action === 'refresh';
      const indexed = await ctx.capabilities.knowledge({
        action: effect.action === 'website' ? 'website' : 'use', name: effect.name, bot_id: bot.id, ...(effect.refresh === undefined ? {} : { refresh: effect.refresh }),
      });
      if (refresh) return { success: true, source: indexed.source, documents: indexed.documents, chunks: indexed.chunks };
      // A SET SCHEDULE run has no session: it indexes (USE WEBSITE on a schedule refreshes a site) without activating.
      if (turn && !active.includes(indexed.source)) turn.setContext(KB_SOURCES_KEY, [...active, indexed.source]);
      return { success: true, source: indexed.source, documents: indexed.documents, chunks: indexed.chunks };
    }
    case 'sentiment':
      return ctx.capabilities.sentiment({ text: effect.text, bot_id: bot.id });
    case 'lead.score':
      return aiScoreLead(ctx, bot, effect);
    case 'kb.stats':
      return knowledgeStatistic(ctx, bot, effect);
    case 'metrics.query':
      return queryMetrics(ctx, bot, effect);
    case 'bot.memory.share':
      return shareMemory(ctx, bot, effect.key, effect.bot);
    case 'event.publish':
      return ctx.capabilities.publishEvent({ name: effect.name, data: effect.data, bot_id: bot.id, session_id: turn?.id ?? null });
    case 'role.allow':
      return allowRole(ctx, session('ALLOW ROLE'), effect.role);
    case 'bot.add':
      return addBotTrigger(ctx, bot, session('ADD BOT'), { bot: effect.bot, words: effect.words });
    case 'bot.run': {
      const steps = (run.steps ?? 0) + 1;
      return runWorkflowStep(ctx, effect, steps - 1, (stepBot) => createBotHost(ctx, stepBot, { depth: 0, calls: 0, steps }));
    }
    case 'tools': {
      const current = session(effect.action === 'clear' ? 'CLEAR TOOLS' : `${effect.action.toUpperCase()} TOOL`);
      current.setContext(LLM_TOOLS_KEY, effect.action === 'clear' ? [] : addTool(bot, current.context[LLM_TOOLS_KEY], effect.name));
      return null;
    }
  }
}
