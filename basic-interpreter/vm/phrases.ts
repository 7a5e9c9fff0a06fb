/**
 * What the General Bots keyword phrases (parser/phrases.ts) do: a value computed here (NEW OBJECT,
 * FILTER, AGGREGATE…), an effect for the host (READ, SEND EMAIL, CREATE USER…), or, for what this
 * product cannot do, a runtime error "not available: …" naming the missing piece (docs/basic.md,
 * "Compatibility"). Parsing never fails for them.
 */
import { isTruthy, toText } from '../coercion.js';
import type { EffectBody } from '../host/index.js';
import { isFileValue, matchesConditions, parseTableFilter, TABLE_NAME } from '../host/index.js';
import { isObjectValue, type ObjectValue, type Value } from '../values.js';
import type { OutputFile } from './dialog.js';
import { tableName } from './effects.js';
import { outputFile } from './output-file.js';
import { isAccountPath } from './script.js';
import { cloneValue, describeValue, ScriptError } from './operators.js';
import { builtinFunctions, CHART_TYPES, chartSvg, defaultChartPath, parseDueDate, scoreLead, type BuiltinContext, type ChartType } from '../keywords/index.js';

/**
 * A phrase's outcome: a value now, an effect whose result is the value, or a file for the
 * customer (SEND FILE): by its URL, or a drive file (`share`) whose link the host's answer gives.
 */
export type PhraseOutcome =
  | { value: Value }
  /** SEND MESSAGE: a TALK line. */
  | { talk: string }
  /** SET MAX LINES n (the most rows FIND gives for the rest of the dialog), TIMEOUT n (seconds left in this turn). */
  | { setting: 'max_lines' | 'timeout'; amount: number }
  | { effect: EffectBody }
  | { file: OutputFile; caption: string }
  | { share: Extract<EffectBody, { type: 'file.share' }>; caption: string };

/** The arguments of one phrase: values in order, each with its label (`WITH NAME n` → "name"). */
class Args {
  constructor(readonly phrase: string, readonly values: readonly Value[], readonly labels: readonly (string | null)[]) {}

  at(i: number): Value {
    return cloneValue(this.values[i] ?? null);
  }

  text(i: number): string {
    return toText(this.values[i] ?? null);
  }

  /** The value labelled `label`, else the i-th value. */
  named(label: string, i: number): Value {
    const at = this.labels.indexOf(label);
    return at >= 0 ? this.at(at) : this.at(i);
  }

  rows(i: number): ObjectValue[] {
    const value = this.values[i] ?? null;
    if (value === null) return [];
    if (Array.isArray(value)) return value.filter(isObjectValue).map((row) => cloneValue(row) as ObjectValue);
    if (isObjectValue(value)) return [cloneValue(value) as ObjectValue];
    throw new ScriptError(`${this.phrase} needs a list of rows, got ${describeValue(value)}`);
  }
}

/** The names SEND TEMPLATE … VIA takes for the mobile_msg channel, whose templates the provider keeps. */
const TEMPLATE_CHANNELS = new Set(['whatsapp', 'mobile_msg', 'mobile-msg']);

/**
 * SEND TEMPLATE "name" TO recipient VIA "channel" [WITH variables], the reference's other form:
 * through the mobile_msg channel (the reference's "whatsapp") to one number or a list of them, an
 * object of variables naming them, a list giving them in order. The reference's other channels send
 * templates this product does not keep (it has no template store): they are not available.
 */
function templateVia(a: Args): PhraseOutcome {
  const channel = a.text(a.labels.indexOf('via')).trim().toLowerCase();
  if (!TEMPLATE_CHANNELS.has(channel)) {
    throw new ScriptError(`not available: SEND TEMPLATE … VIA "${channel}" (templates are the mobile_msg channel's, VIA "whatsapp"; send text with SEND MAIL or SEND SMS)`);
  }
  const recipients = a.named('to', 1);
  const to = Array.isArray(recipients) ? recipients.map((r) => toText(r)) : toText(recipients);
  const variables = a.labels.includes('with') ? a.named('with', 3) : null;
  const params = variables === null ? [] : Array.isArray(variables) ? variables : [variables];
  return effect({ type: 'template.send', to, template: a.text(0), params });
}

/** TRACK CONVERSION's value: a number, or text that reads as one; anything else is an error the script author sees. */
function conversionValue(value: Value): number | null {
  if (value === null) return null;
  const n = typeof value === 'number' ? value : Number(toText(value).replace(',', '.'));
  if (!Number.isFinite(n)) throw new ScriptError(`TRACK CONVERSION needs a number as its value, got ${describeValue(value)}`);
  return n;
}

/** Why a phrase cannot run here: the capability this product does not have (yet). */
const UNAVAILABLE: Record<string, string> = {
  'CREATE LANDING PAGE': 'the reference names it as a planned keyword without a meaning: use CREATE SITE',
  'SET USER': 'a script cannot change who the customer is',
  'GROUP BY': 'not implemented yet',
  'ADD MEMBER': 'there are no groups a script can change',
  'ON ERROR RESUME NEXT': 'errors cannot be trapped: a runtime error ends the dialog',
  'ON ERROR GOTO 0': 'errors cannot be trapped: a runtime error ends the dialog',
  'CLEAR ERROR': 'errors cannot be trapped: a runtime error ends the dialog',
  'ERROR MESSAGE': 'errors cannot be trapped: a runtime error ends the dialog',
  'USE MODEL': 'the model is the bot\'s, set by llm-model in config.csv',
  'USE ACCOUNT': 'there are no connected accounts',
  'USE MCP': 'there is no MCP client',
  'SCHEDULE POST': 'there is no social media publishing',
  'POST TO': 'there is no social media publishing',
  ON: 'the reference names no events for ON "event" CALL; handlers here are ON INSERT/UPDATE/DELETE OF "table", ON EMAIL, ON CHANGE and ON FORM SUBMIT, a conversation runs start.bas, timed runs use SET SCHEDULE',
  WEBHOOK: 'the endpoint name must be a string in quotes at the top of the script: WEBHOOK "order-received"',
  BOOK: 'there is no calendar',
  WEATHER: 'there is no weather service',
  GRAPHQL: 'not implemented yet (use POST with a JSON body)',
  SOAP: 'there is no SOAP client',
  PIVOT: 'not implemented yet',
  COMPRESS: 'there is no archive support',
  EXTRACT: 'there is no archive support',
  SCRAPE: 'there is no web scraper',
  'SCRAPE ALL': 'there is no web scraper',
  'SCRAPE_ALL': 'there is no web scraper',
  'GET IMAGE': 'there is no image generator',
  SEE: 'there is no image description: ask LLM with the image URL',
  REWRITE: 'use LLM "Rewrite: " + text',
  'HUMAN APPROVAL': 'there is no approval inbox for a person named by e-mail: TRANSFER TO HUMAN hands the conversation to an attendant; '
    + 'SEND MAIL tells the approver',
};

type Handler = (args: Args, headers: Record<string, string>, ctx: BuiltinContext) => PhraseOutcome;

/**
 * GENERATE PDF template, data, path; the templates' `GENERATE PDF path WITH TEMPLATE "name" DATA
 * data`; and `GENERATE PDF template TO path` (no data). The reference's `… TO path WITH name = v, …`
 * cannot be read (each `name = v` is a comparison by then): the error says to pass an object.
 */
function generatePdf(a: Args): PhraseOutcome {
  const template = a.labels.indexOf('template');
  if (template > 0) return effect({ type: 'file.pdf', template: a.text(template), data: a.named('data', template + 1), path: a.text(0) });
  if (a.labels.includes('with')) {
    throw new ScriptError('GENERATE PDF … WITH name = value is not read here: give the data as an object, GENERATE PDF "templates/x.html", #{name: value}, "out.pdf"');
  }
  if (a.labels[1] === 'to' && a.values.length === 2) return effect({ type: 'file.pdf', template: a.text(0), data: {}, path: a.text(1) });
  if (a.values.length !== 3) {
    throw new ScriptError(`GENERATE PDF takes the template, its data and the PDF's path: GENERATE PDF "templates/invoice.html", data, "invoices/1.pdf" (got ${a.values.length} values)`);
  }
  return effect({ type: 'file.pdf', template: a.text(0), data: a.at(1), path: a.text(2) });
}

/** A PDF MERGE PDF takes: a drive path, or GENERATE PDF's result (its `localName`). */
function pdfPath(item: Value): string {
  if (isObjectValue(item) && typeof item.localName === 'string') return item.localName;
  if (isObjectValue(item) && typeof item.path === 'string') return item.path;
  return toText(item);
}

/**
 * SAVE FROM UNSTRUCTURED "table", text (the templates write `FORMAT x AS JSON` for the text, which
 * reads here as x itself). The table comes first, as in the reference's data keywords; the book's
 * other order (a file, then the table) is refused with the way to write it.
 */
function saveFromUnstructured(a: Args): PhraseOutcome {
  const format = a.labels.indexOf('format');
  const source = format >= 0 ? a.at(format) : a.at(1);
  if (a.values.length < 2) throw new ScriptError('SAVE FROM UNSTRUCTURED takes the table and the text: SAVE FROM UNSTRUCTURED "contacts", text');
  if (!TABLE_NAME.test(a.text(0)) && typeof a.values[1] === 'string' && TABLE_NAME.test(a.text(1))) {
    throw new ScriptError(`SAVE FROM UNSTRUCTURED takes the table first: SAVE FROM UNSTRUCTURED "${a.text(1)}", text (READ a drive file's text first)`);
  }
  return effect({ type: 'table.extract', table: tableName(a.values, 0), source });
}

const effect = (body: EffectBody): PhraseOutcome => ({ effect: body });

/** A value in a table filter, quoted so that AND or a quote inside it stays part of it (host/table-filter.ts). */
const filterValue = (value: Value): string => `'${toText(value).replaceAll("'", "''")}'`;

/** How FIND … ORDER BY compares two column values: numbers as numbers, the rest as text, case-insensitively. */
function compareCells(a: Value | undefined, b: Value | undefined): number {
  const x = typeof a === 'number' ? a : Number(toText(a ?? null));
  const y = typeof b === 'number' ? b : Number(toText(b ?? null));
  if (toText(a ?? null) !== '' && toText(b ?? null) !== '' && Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return toText(a ?? null).toLowerCase().localeCompare(toText(b ?? null).toLowerCase());
}

const HANDLERS: Record<string, Handler> = {
  // Internal phrases the parser builds (parser/where-filter.ts, FIND's ORDER BY / LIMIT / FIRST).
  'CREATE OBJECT': () => ({ value: {} }),
  // GENERATE CODE n: n random digits as text (a one-time code to send and compare).
  'GENERATE CODE': (a) => {
    const length = Math.min(32, Math.max(1, Math.trunc(Number(a.text(0)) || 6)));
    return { value: Array.from({ length }, () => String(Math.floor(Math.random() * 10))).join('') };
  },
  'CACHE GET': (a) => effect({ type: 'memory.bot.get', key: a.text(0) }),
  'CACHE SET': (a) => effect({ type: 'memory.bot.set', key: a.text(0), value: a.at(1) }),
  'GET USER MEMORY': (a) => effect({ type: 'memory.user.get', key: a.text(0) }),
  'SET USER MEMORY': (a) => effect({ type: 'memory.user.set', key: a.text(0), value: a.at(1) }),
  // QR codes only: the reader behind HEAR … AS QRCODE.
  'SCAN BARCODE': (a) => effect({ type: 'qrcode.read', url: a.text(0) }),
  DIR: (a) => effect({ type: 'file.list', path: a.text(0) }),
  // Built-in functions written without parentheses: FIRST list, DATEADD today, "days", 3.
  FIRST: (a, _headers, ctx) => ({ value: builtinFunctions.first!(a.values.map(cloneValue), ctx) }),
  DATEDIFF: (a, _headers, ctx) => ({ value: builtinFunctions.datediff!(a.values.map(cloneValue), ctx) }),
  LAST: (a, _headers, ctx) => ({ value: builtinFunctions.last!(a.values.map(cloneValue), ctx) }),
  // DATEADD date, "days", n (the templates' order) or DATEADD date, n, "days".
  DATEADD: (a, _headers, ctx) => {
    const [date = null, second = null, third = null] = a.values.map(cloneValue);
    const unitFirst = typeof second === 'string' && Number.isNaN(Number(second));
    return { value: builtinFunctions.dateadd!(unitFirst ? [date, third, second] : [date, second, third], ctx) };
  },
  // MAX a, b and MIN a, b: the built-ins without parentheses.
  MAX: (a, _headers, ctx) => ({ value: builtinFunctions.max!(a.values.map(cloneValue), ctx) }),
  MIN: (a, _headers, ctx) => ({ value: builtinFunctions.min!(a.values.map(cloneValue), ctx) }),
  // PUSH list, v: PUSH(list, v); standing alone it sets the list (parser/ast-builder.ts).
  PUSH: (a, _headers, ctx) => ({ value: builtinFunctions.push!(a.values.map(cloneValue), ctx) }),
  // GENERATE SECURE LINK path [EXPIRES n DAYS]: the drive file's signed link (the builder takes its `url`), as SEND FILE gives it.
  'GENERATE SECURE LINK': (a) => effect({ type: 'file.share', path: a.text(0) }),
  'JSON PARSE': (a, _headers, ctx) => ({ value: builtinFunctions.fromjson!([a.at(0)], ctx) }),
  'SEARCH PRODUCTS': (a) => {
    const limit = a.values.length > 1 ? Number(a.values[1]) : 10;
    if (!Number.isFinite(limit) || limit < 1) throw new ScriptError(`SEARCH PRODUCTS: the limit must be a positive number, got ${a.text(1)}`);
    return effect({ type: 'table.search', table: 'products', query: a.text(0), limit });
  },
  // ANSWER question: the bot's model answers, with the conversation's active knowledge, as LLM does.
  ANSWER: (a) => effect({ type: 'llm', prompt: a.text(0) }),
  QUERY: (a) => effect(sqlQuery(a.text(0))),
  // SET "table", filter, "field=value"… (parser/ast-builder.ts): the rows the filter finds get those fields.
  'UPDATE FIELDS': (a) => {
    const values: ObjectValue = {};
    for (let i = 2; i < a.values.length; i++) {
      const assignment = a.text(i);
      const at = assignment.indexOf('=');
      const field = assignment.slice(0, at).trim().toLowerCase();
      if (at < 0 || !/^[a-z_][a-z0-9_]*$/.test(field)) throw new ScriptError(`SET "${a.text(0)}": "${assignment}" is not field=value (write SET "${a.text(0)}", filter, "field=" + value)`);
      values[field] = assignment.slice(at + 1);
    }
    return effect({ type: 'table.update', table: tableName(a.values, 0), filter: a.text(1), values });
  },
  WHERE: (a) => ({ value: a.labels.map((label, i) => `${label ?? ''} ${filterValue(a.values[i] ?? null)}`).join(' AND ') }),
  'FIND ROWS': (a) => {
    let rows = a.rows(0);
    const order = a.labels.findIndex((l) => l === 'asc' || l === 'desc');
    if (order >= 0) {
      const column = a.text(order);
      const sign = a.labels[order] === 'desc' ? -1 : 1;
      rows = rows.map((row, i) => ({ row, i })).sort((p, q) => sign * compareCells(p.row[column], q.row[column]) || p.i - q.i).map((p) => p.row);
    }
    const limit = a.labels.indexOf('limit');
    if (limit >= 0) rows = rows.slice(0, Math.max(0, Math.trunc(Number(a.text(limit)) || 0)));
    if (a.labels.includes('first')) return { value: rows[0] ?? null };
    return { value: rows };
  },
  // The templates' further keywords (docs/basic.md, "Compatibility"): SEND MESSAGE is TALK.
  'SEND MESSAGE': (a) => ({ talk: a.values.map((v) => toText(v)).join('') }),
  'SET MAX LINES': (a) => {
    const lines = Math.trunc(Number(a.text(0)));
    if (!Number.isFinite(lines) || lines < 1) throw new ScriptError(`SET MAX LINES needs a positive number of rows, got ${a.text(0) || 'nothing'}`);
    return { setting: 'max_lines', amount: lines };
  },
  TIMEOUT: (a) => {
    const seconds = Number(a.text(0));
    if (a.text(0).trim() === '' || !Number.isFinite(seconds) || seconds < 0) throw new ScriptError(`TIMEOUT needs a number of seconds, got ${a.text(0) || 'nothing'}`);
    return { setting: 'timeout', amount: seconds };
  },
  // PRODUCT id: the row of the bot's products table with that id, or NULL.
  PRODUCT: (a) => effect({ type: 'table.find', table: 'products', filter: `id = ${filterValue(a.at(0))}`, first: true }),
  'SCORE LEAD': (a) => ({ value: scoreLead(a.at(0)) }),
  'AI SCORE LEAD': (a) => effect({ type: 'lead.score', lead: a.at(0), rule: scoreLead(a.at(0)) }),
  // ANALYZE SENTIMENT [session, ] text: the last argument is what is read (a list of messages is read as one text).
  'ANALYZE SENTIMENT': (a) => effect({ type: 'sentiment', text: sentimentText(a.at(a.values.length - 1)) }),
  'KB STATISTICS': () => effect({ type: 'kb.stats', stat: 'statistics' }),
  'KB DOCUMENTS COUNT': () => effect({ type: 'kb.stats', stat: 'documents' }),
  'KB DOCUMENTS ADDED SINCE': (a) => {
    const days = Number(a.text(0));
    if (!Number.isFinite(days) || days < 0) throw new ScriptError(`KB DOCUMENTS ADDED SINCE needs a number of days, got ${a.text(0) || 'nothing'}`);
    return effect({ type: 'kb.stats', stat: 'added_since', days });
  },
  'KB LIST COLLECTIONS': () => effect({ type: 'kb.stats', stat: 'collections' }),
  'KB STORAGE SIZE': () => effect({ type: 'kb.stats', stat: 'storage' }),
  'KB COLLECTION STATS': (a) => effect({ type: 'kb.stats', stat: 'collection', collection: a.text(0).trim() }),
  // REFRESH "name": index the bot's knowledge collection again when its files changed, without making it active.
  REFRESH: (a) => effect({ type: 'kb', action: 'refresh', name: a.text(0).trim() }),
  'QUERY METRICS': (a) => {
    const metric = a.text(0).trim().toLowerCase();
    const range = a.labels.indexOf('for');
    const by = a.labels.indexOf('by');
    const offset = a.labels.indexOf('offset');
    return effect({
      type: 'metrics.query', metric, range: range >= 0 ? a.text(range).trim() : '1d', offset: offset >= 0 ? Math.trunc(Number(a.text(offset)) || 0) : 0,
      ...(by >= 0 ? { interval: a.text(by).trim() } : {}),
    });
  },
  'BOT SHARE MEMORY': (a) => {
    const bot = a.named('with', 1);
    if (a.text(0).trim() === '' || bot === null) throw new ScriptError('BOT SHARE MEMORY needs a key and a bot: BOT SHARE MEMORY "key" WITH "other-bot"');
    return effect({ type: 'bot.memory.share', key: a.text(0), bot: toText(bot).trim() });
  },
  'PUBLISH EVENT': (a) => {
    const name = a.text(0).trim();
    if (name === '') throw new ScriptError('PUBLISH EVENT needs a name: PUBLISH EVENT "order_processed"');
    return effect({ type: 'event.publish', name, data: a.values.length > 1 ? a.at(1) : null });
  },
  // ORCHESTRATE WORKFLOW "name": the workflow's start, published as the event workflow_started.
  'ORCHESTRATE WORKFLOW': (a) => effect({ type: 'event.publish', name: 'workflow_started', data: { workflow: a.text(0).trim() } }),
  // The workflow language (parser/workflow-steps.ts): each branch's bot runs its dialog with the task; the result is step_<n>.
  'STEP BOT': (a) => effect({ type: 'bot.run', step: Number(a.at(0)), branches: [{ name: null, bot: a.text(1).trim(), task: a.text(2) }] }),
  PARALLEL: (a) => {
    const branches: { name: string | null; bot: string; task: string }[] = [];
    for (let i = 1; i + 1 < a.values.length; i += 2) branches.push({ name: a.labels[i] ?? null, bot: a.text(i).trim(), task: a.text(i + 1) });
    return effect({ type: 'bot.run', step: Number(a.at(0)), branches });
  },
  'ALLOW ROLE': (a) => roleEffect(a),
  'SET ROLE': (a) => roleEffect(a),
  'ADD BOT': (a) => {
    const bot = a.text(0).trim();
    const trigger = a.labels.indexOf('trigger');
    if (bot === '' || trigger < 0) throw new ScriptError('ADD BOT needs a bot and its words: ADD BOT "sales" WITH TRIGGER "price, quote"');
    const words = a.text(trigger).split(',').map((w) => w.trim()).filter((w) => w !== '');
    if (words.length === 0) throw new ScriptError(`ADD BOT "${bot}": WITH TRIGGER needs at least one word`);
    return effect({ type: 'bot.add', bot, words });
  },
  'SEND EMAIL': (a) => effect({ type: 'mail.send', to: a.text(0), subject: a.text(1), body: a.text(2) }),
  'SEND MAIL TO': (a) => effect({ type: 'mail.send', to: a.text(0), subject: a.text(1), body: a.text(2) }),
  // The declarations are read when the script loads (compiler/event-watches.ts); run as a statement, the host checks it can watch.
  'ON EMAIL': () => effect({ type: 'watch.check', kind: 'mail' }),
  'ON EMAIL FROM': () => effect({ type: 'watch.check', kind: 'mail' }),
  'ON CHANGE': (a) => {
    const folder = a.text(0).trim();
    if (isAccountPath(folder)) throw new ScriptError(`not available: ON CHANGE of "${folder}" (there are no connected accounts: ON CHANGE watches a folder of the bot's drive)`);
    return effect({ type: 'watch.check', kind: 'folder', folder });
  },
  'GET LAST': (a) => effect({ type: 'event.last', name: a.text(0).trim().toLowerCase() }),
  'SEND SMS': (a) => effect({ type: 'sms.send', to: a.text(0), text: a.text(1) }),
  'SEND TEMPLATE': (a) => (a.labels.includes('via') ? templateVia(a) : effect({ type: 'template.send', to: a.text(0), template: a.text(1), params: a.values.slice(2).map(cloneValue) })),
  'SEND TEMPLATE TO': (a) => effect({ type: 'template.send', to: a.text(0), template: a.text(1), params: a.values.slice(2).map(cloneValue) }),
  'CREATE USER': (a) => {
    const name = a.named('name', 1);
    return effect({ type: 'user.create', email: a.text(0), ...(name === null ? {} : { name: toText(name) }) });
  },
  // The reference's order: title, description, assignee, due_date, priority (all but the title may be left out).
  'CREATE TASK': (a, _headers, ctx) => {
    const title = a.text(0).trim();
    if (title === '') throw new ScriptError('CREATE TASK needs a title');
    const due = a.text(3).trim();
    const due_at = due === '' ? undefined : parseDueDate(due, ctx.now());
    if (due !== '' && due_at === undefined) throw new ScriptError(`CREATE TASK: "${due}" is not a due date (use 2024-12-31, 31/12/2024, today, tomorrow or next week)`);
    return effect({ type: 'task.create', title, description: a.text(1), assignee: a.text(2).trim(), priority: a.text(4).trim(), ...(due_at ? { due_at } : {}) });
  },
  // CHART type, values, labels [TO path]: an SVG image written to the drive; the value is its path.
  CHART: (a) => {
    const type = a.text(0).trim().toLowerCase() as ChartType;
    if (!CHART_TYPES.includes(type)) throw new ScriptError(`CHART: "${a.text(0)}" is not a chart type (${CHART_TYPES.join(', ')})`);
    const values = a.at(1);
    if (!Array.isArray(values)) throw new ScriptError(`CHART needs a list of numbers, got ${describeValue(values)}`);
    const numbers = values.map((v) => Number(v));
    if (numbers.some((n) => !Number.isFinite(n))) throw new ScriptError('CHART: every value must be a number');
    const labels = a.text(2) === '' ? [] : a.text(2).split(';').map((l) => l.trim());
    const svg = chartSvg(type, numbers, labels);
    const path = a.named('to', 3);
    const target = path === null ? defaultChartPath(type, svg) : toText(path);
    return effect({ type: 'file.write', path: target, content: svg });
  },
  // CHART PROMPT prompt [, data] [TO path]: the bot's model picks the chart; the host draws it as CHART does.
  'CHART PROMPT': (a) => {
    const prompt = a.text(0).trim();
    if (prompt === '') throw new ScriptError('CHART PROMPT needs a prompt');
    const toAt = a.labels.indexOf('to');
    const data = toAt === 1 ? null : a.at(1);
    const path = toAt >= 0 ? a.text(toAt) : a.values.length > 2 ? a.text(2) : '';
    return effect({ type: 'chart.prompt', prompt, data, ...(path.trim() === '' ? {} : { path: path.trim() }) });
  },
  // CREATE SITE alias, template_dir, prompt (also `alias WITH TEMPLATE dir USING PROMPT text`): the site is the bot's
  // model's page, kept in the drive under sites/<alias>/ and served publicly; the value is its URL.
  'CREATE SITE': (a) => {
    const alias = a.text(0).trim();
    if (!SITE_ALIAS.test(alias)) {
      throw new ScriptError(`CREATE SITE: "${alias}" is not a site name (letters, digits, - and _, starting with a letter or digit, at most 64)`);
    }
    const template = toText(a.named('template', 1)).trim();
    const prompt = toText(a.named('prompt', 2)).trim();
    if (template === '') throw new ScriptError('CREATE SITE needs the folder of its HTML templates');
    if (prompt === '') throw new ScriptError('CREATE SITE needs a prompt');
    return effect({ type: 'site.create', alias: alias.toLowerCase(), template, prompt });
  },
  // CALL "/name[?query]" [, body]: the bot's WEBHOOK script `name`, in process (docs/basic.md, "Webhooks and forms").
  CALL: (a) => {
    const target = a.text(0);
    if (a.values.length > 2) throw new ScriptError(`CALL "${target}" takes at most one argument, the body`);
    const url = new URL(target, 'http://endpoint');
    const name = decodeURIComponent(url.pathname.slice(1));
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(name)) throw new ScriptError(`CALL "${target}": "${name}" is not an endpoint name (CALL "/order-received")`);
    return effect({ type: 'webhook.call', name: name.toLowerCase(), params: Object.fromEntries(url.searchParams), body: a.values.length > 1 ? a.at(1) : null });
  },
  SEARCH: (a) => {
    const limit = a.values.length > 2 ? Number(a.values[2]) : 10;
    if (!Number.isFinite(limit) || limit < 1) throw new ScriptError(`SEARCH: the limit must be a positive number, got ${a.text(2)}`);
    return effect({ type: 'table.search', table: tableName(a.values, 0), query: a.text(1), limit });
  },
  FILL: (a) => {
    const path = a.named('to', 2);
    return effect({ type: 'file.fill', template: a.text(0), data: a.at(1), ...(path === null ? {} : { path: toText(path) }) });
  },
  'GENERATE PDF': generatePdf,
  'MERGE PDF': (a) => {
    if (a.values.length !== 2) throw new ScriptError(`MERGE PDF takes the list of PDFs and the path of the merged one: MERGE PDF files, "merged.pdf" (got ${a.values.length} values)`);
    const list = a.at(0);
    return effect({ type: 'file.pdf_merge', files: (Array.isArray(list) ? list : [list]).map(pdfPath), path: a.text(1) });
  },
  'SAVE FROM UNSTRUCTURED': saveFromUnstructured,
  'SET ANSWER MODE': (a) => modeEffect(a, 'answer_mode'),
  'SET PAGE MODE': (a) => modeEffect(a, 'page_mode'),
  'PAGE MODE': (a) => modeEffect(a, 'page_mode'),
  // SEND FILE file [, caption]: channels carry attachments by URL (docs/channels/README.md, "Attachments");
  // a drive path or a file value goes by the signed link the host makes for it (docs/content.md, "The bot drive").
  'SEND FILE': (a) => {
    const file = a.at(0);
    const caption = a.text(1);
    if (isFileValue(file)) return { share: { type: 'file.share', content: file }, caption };
    if (file === null || typeof file === 'object') throw new ScriptError(`SEND FILE needs a URL, a drive path or a file value, got ${describeValue(file)}`);
    const target = toText(file).trim();
    if (target === '') throw new ScriptError('SEND FILE needs a URL, a drive path or a file value');
    if (!/^https?:\/\/\S+$/i.test(target)) return { share: { type: 'file.share', path: target }, caption };
    return { file: outputFile(target, decodeURIComponent(new URL(target).pathname.split('/').pop() ?? '') || 'file'), caption };
  },
  'CREATE DRAFT': (a) => {
    const to = a.text(0).trim();
    if (to === '') throw new ScriptError('CREATE DRAFT needs a recipient');
    return effect({ type: 'draft.create', to, subject: a.text(1), body: a.text(2) });
  },
  // An optional status (online, busy, away, offline) keeps only the attendants in it.
  'GET ATTENDANTS': (a) => {
    const status = a.values.length > 0 ? a.text(0).trim().toLowerCase() : '';
    return effect({ type: 'attendants.list', ...(status === '' ? {} : { status }) });
  },
  'GET CONTACT': () => effect({ type: 'contact.get' }),
  'SET CONTACT': (a) => {
    const field = a.text(0).trim().toLowerCase();
    if (field === '' || a.values.length < 2) throw new ScriptError('SET CONTACT needs a field and a value: SET CONTACT "tier", "gold"');
    return effect({ type: 'contact.set', field, value: a.at(1) });
  },
  'ADD TAG': (a) => {
    const tag = a.text(0).trim();
    if (tag === '') throw new ScriptError('ADD TAG needs a tag: ADD TAG "vip"');
    return effect({ type: 'contact.tag', tag });
  },
  // The campaign keywords (docs/basic.md, "Campaigns"): a campaign by its ref, name or id.
  'ADD TO CAMPAIGN': (a) => effect({ type: 'campaign.add', campaign: a.text(0), contact: a.values.length > 1 ? a.text(1) : '' }),
  'TRACK CONVERSION': (a) => effect({
    type: 'campaign.conversion', campaign: a.text(0), name: a.values.length > 1 ? a.text(1) : '', value: a.values.length > 2 ? conversionValue(a.at(2)) : null,
  }),
  'GET CAMPAIGN STATS': (a) => effect({ type: 'campaign.stats', campaign: a.text(0) }),
  'USE KB': (a) => effect({ type: 'kb', action: 'use', name: a.text(0) }),
  // The templates' other spellings of USE KB (docs/basic.md, "Compatibility").
  'ADD KB': (a) => effect({ type: 'kb', action: 'use', name: a.text(0) }),
  'SET KB': (a) => effect({ type: 'kb', action: 'use', name: a.text(0) }),
  'CLEAR KB': (a) => effect({ type: 'kb', action: 'clear', name: a.text(0) }),
  'USE WEBSITE': (a) => effect({ type: 'kb', action: 'website', name: a.text(0), ...(a.values.length > 1 ? { refresh: a.text(1) } : {}) }),
  'ADD TOOL': (a) => effect({ type: 'tools', action: 'add', name: a.text(0) }),
  'USE TOOL': (a) => effect({ type: 'tools', action: 'use', name: a.text(0) }),
  'CLEAR TOOLS': () => effect({ type: 'tools', action: 'clear', name: '' }),
  PRINT: (a) => effect({ type: 'log', level: 'debug', text: a.values.map((v) => toText(v)).join(' ') }),
  LOG: (a) => effect({ type: 'log', level: 'info', text: a.values.map((v) => toText(v)).join(' ') }),
  READ: (a) => effect({ type: 'file.read', path: a.text(0) }),
  WRITE: (a) => effect({ type: 'file.write', path: a.text(0), content: a.at(1) }),
  UPLOAD: (a) => effect({ type: 'file.write', path: a.text(1), content: a.at(0) }),
  COPY: (a) => effect({ type: 'file.copy', from: a.text(0), to: a.text(1) }),
  MOVE: (a) => effect({ type: 'file.move', from: a.text(0), to: a.text(1) }),
  'DELETE FILE': (a) => effect({ type: 'file.delete', path: a.text(0) }),
  LIST: (a) => effect({ type: 'file.list', path: a.text(0) }),
  DOWNLOAD: (a, headers) => {
    const url = a.text(0);
    if (url === '') throw new ScriptError('DOWNLOAD needs a URL');
    return effect({ type: 'file.download', url, headers: { ...headers }, ...(a.values.length > 1 ? { path: a.text(1) } : {}) });
  },
  'DELETE HTTP': (a, headers) => effect({ type: 'http', method: 'DELETE', url: a.text(0), headers: { ...headers } }),
  MERGE: (a) => effect({ type: 'table.merge', table: tableName(a.values, 0), rows: a.rows(1), key: a.text(2) || 'id' }),
  'NEW OBJECT': () => ({ value: {} }),
  'NEW ARRAY': (a) => ({ value: a.values.map(cloneValue) }),
  APPEND: (a) => {
    const list = a.at(0);
    const items = a.values.slice(1).map(cloneValue);
    if (list === null) return { value: items };
    if (!Array.isArray(list)) throw new ScriptError(`APPEND needs a list, got ${describeValue(list)}`);
    return { value: [...list, ...items] };
  },
  FILTER: (a) => {
    const conditions = parseTableFilter(a.text(1));
    const lower = (row: ObjectValue): ObjectValue => Object.fromEntries(Object.entries(row).map(([k, v]) => [k.toLowerCase(), v]));
    return { value: a.rows(0).filter((row) => matchesConditions(lower(row), conditions)) };
  },
  AGGREGATE: (a) => ({ value: aggregate(a.text(0).toUpperCase(), a.rows(1), a.text(2)) }),
  MAP: (a) => {
    const renames = a.text(1).split(',').map((pair) => pair.split('->').map((s) => s.trim()));
    return {
      value: a.rows(0).map((row) => {
        const out: ObjectValue = { ...row };
        for (const [from = '', to = ''] of renames) {
          if (from !== '' && to !== '' && Object.hasOwn(out, from)) {
            out[to] = out[from] ?? null;
            delete out[from];
          }
        }
        return out;
      }),
    };
  },
  // FORMAT value AS "pattern": the FORMAT function with the reference's phrase spelling.
  FORMAT: (a, _headers, ctx) => ({ value: builtinFunctions.format!([a.at(0), a.at(1), ...(a.values.length > 2 ? [a.at(2)] : [])], ctx) }),
  THROW: (a) => {
    throw new ScriptError(a.text(0) || 'THROW');
  },
  ASSERT: (a) => {
    if (!isTruthy(a.values[0] ?? null)) throw new ScriptError(a.values.length > 1 ? a.text(1) : 'ASSERT failed');
    return { value: null };
  },
};

/** `SELECT columns FROM table [WHERE conditions]`, the only SQL QUERY reads: the conditions are a table filter (host/table-filter.ts). */
const SELECT_FROM = /^\s*SELECT\s+(?:\*|[A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)\s+FROM\s+("?)([A-Za-z_][A-Za-z0-9_.]*)\1(?:\s+WHERE\s+(.+?))?\s*;?\s*$/is;

/**
 * QUERY "SELECT … FROM t WHERE a = 'x' AND …": FIND "t", "a = 'x' AND …", the rows with all their
 * columns. Anything else (joins, OR, ORDER BY, functions) stops the script, naming how to write it.
 */
function sqlQuery(sql: string): EffectBody {
  const found = SELECT_FROM.exec(sql);
  if (found === null) throw new ScriptError(`QUERY reads only SELECT columns FROM table [WHERE a = x AND …], got "${sql.slice(0, 80)}": use FIND "table" WHERE …`);
  const filter = (found[3] ?? '').trim();
  try {
    parseTableFilter(filter);
  } catch (error) {
    throw new ScriptError(`QUERY: the WHERE of "${sql.slice(0, 80)}" is not a filter this product reads (${error instanceof Error ? error.message : String(error)}): use FIND "table" WHERE a = x AND …`);
  }
  return { type: 'table.find', table: tableName([found[2] ?? ''], 0), filter };
}

/** AGGREGATE "SUM"|"AVG"|"COUNT"|"MIN"|"MAX", rows, "field". */
function aggregate(op: string, rows: readonly ObjectValue[], field: string): Value {
  const key = field.toLowerCase();
  const values = rows.map((row) => row[field] ?? row[key] ?? null).filter((v) => v !== null && v !== '');
  const numbers = values.map(Number).filter((n) => !Number.isNaN(n));
  switch (op) {
    case 'COUNT':
      return values.length;
    case 'SUM':
      return numbers.reduce((s, n) => s + n, 0);
    case 'AVG':
      return numbers.length === 0 ? null : numbers.reduce((s, n) => s + n, 0) / numbers.length;
    case 'MIN':
      return numbers.length === 0 ? null : Math.min(...numbers);
    case 'MAX':
      return numbers.length === 0 ? null : Math.max(...numbers);
    default:
      throw new ScriptError(`AGGREGATE: unknown operation "${op}" (SUM, AVG, COUNT, MIN or MAX)`);
  }
}

/** A site's name is one segment of its URL and its drive folder: nothing to escape, nothing to traverse. */
const SITE_ALIAS = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

function roleEffect(a: Args): PhraseOutcome {
  const role = a.text(0).trim();
  if (role === '') throw new ScriptError(`${a.phrase} needs a role: ${a.phrase} "analyst"`);
  return effect({ type: 'role.allow', role });
}

/** What ANALYZE SENTIMENT reads: text as it is; a list of messages (text, or objects with `text`/`message`) one per line. */
function sentimentText(value: Value): string {
  if (!Array.isArray(value)) return toText(value);
  return value.map((item) => (isObjectValue(item) ? toText(item.text ?? item.message ?? item.content ?? null) : toText(item))).join('\n');
}

function modeEffect(a: Args, setting: 'answer_mode' | 'page_mode'): PhraseOutcome {
  const mode = a.text(0).trim().toLowerCase();
  if (mode === '') throw new ScriptError(`${a.phrase} needs a mode`);
  return effect({ type: 'mode.set', setting, mode });
}

/** Runs one phrase with its argument values; throws ScriptError for "not available: …". */
export function runPhrase(
  phrase: string, values: readonly Value[], labels: readonly (string | null)[], headers: Record<string, string>, ctx: BuiltinContext,
): PhraseOutcome {
  const handler = HANDLERS[phrase];
  if (handler !== undefined) return handler(new Args(phrase, values, labels), headers, ctx);
  throw new ScriptError(`not available: ${phrase} (${UNAVAILABLE[phrase] ?? 'this product has no such capability'})`);
}
