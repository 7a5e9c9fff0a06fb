import type { ObjectValue, Value } from '../values.js';
import type { FileValue } from './file-content.js';
import type { HearFileKind } from '../keywords/hear-files.js';
import type { HearAttachment } from '../keywords/hear-types.js';

/**
 * Effects: everything a script does to the world outside the VM. The VM never performs them; it
 * hands each one to the host (the script host in the server, an in-memory host in the CLI and tests)
 * and continues with the value the host returns. `file` and `line` say where in the script it
 * came from (for `--trace` and logs).
 */
export type Effect = EffectBody & { file: string; line: number };

export type EffectBody =
  /**
   * `r = GET url` etc. `headers` are those set by SET HEADER. Resolves to the parsed JSON body, or
   * the text; with `binary` (DOWNLOAD), a 2xx body is a file value (file-content.ts).
   */
  | { type: 'http'; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: Value; headers: Record<string, string>; binary?: boolean }
  /** SAVE and INSERT: add one row. Resolves to null. */
  | { type: 'table.insert'; table: string; row: ObjectValue }
  /** FIND: resolves to an array of row objects. `filter` is the text as written, e.g. "age>=18 AND city=Lisbon". */
  | { type: 'table.find'; table: string; filter: string; first?: boolean; limit?: number }
  /** UPDATE: resolves to the number of rows changed. */
  | { type: 'table.update'; table: string; filter: string; values: ObjectValue }
  /** DELETE "table", "filter": resolves to the number of rows removed. */
  | { type: 'table.delete'; table: string; filter: string }
  /** SET BOT MEMORY / GET BOT MEMORY(k): per bot. get resolves to the value or null. */
  | { type: 'memory.bot.set'; key: string; value: Value }
  | { type: 'memory.bot.get'; key: string }
  /** REMEMBER / RECALL(k): per user of the bot. */
  | { type: 'memory.user.set'; key: string; value: Value }
  | { type: 'memory.user.get'; key: string }
  /** SET SESSION / GET SESSION(k): the session keys a script may set (docs/basic.md). */
  | { type: 'session.set'; key: string; value: Value }
  | { type: 'session.get'; key: string }
  /** SET CONTEXT text: background for later LLM calls. */
  | { type: 'context.set'; text: string }
  /**
   * SET ANSWER MODE mode, PAGE MODE mode (SET PAGE MODE): a setting of the session, lower-case;
   * the answer mode is what the bot's LLM answers read (docs/basic.md, "Compatibility").
   */
  | { type: 'mode.set'; setting: 'answer_mode' | 'page_mode'; mode: string }
  /** TRANSFER TO HUMAN. Resolves to {success, status, queue_position, assigned_to, assigned_to_name, estimated_wait_seconds, message}. */
  | { type: 'transfer'; target?: string; department?: string; priority?: string; reason?: string; destination?: string; skills?: string }
  /** CREATE MEETING options. Resolves to {success, room_id, join_url}. */
  | { type: 'meeting.create'; options: ObjectValue }
  | { type: 'mail.send'; to: string; subject: string; body: string }
  /** TALK TO address, text: a message to someone other than the current customer. */
  | { type: 'talk.to'; address: string; text: string }
  /** r = LLM prompt: resolves to the model's text. */
  | { type: 'llm'; prompt: string }
  /**
   * CREATE SITE alias, template_dir, prompt: the bot's model writes `sites/<alias>/index.html` in
   * the drive from the `.html` templates of `template` and the prompt. Resolves to the site's URL.
   */
  | { type: 'site.create'; alias: string; template: string; prompt: string }
  /**
   * CHART PROMPT prompt [, data] [TO path]: the bot's model picks the chart (type, values,
   * labels) for the prompt and data; drawn as CHART draws. Resolves to the SVG's drive path.
   */
  | { type: 'chart.prompt'; prompt: string; data: Value; path?: string }
  /**
   * SAVE FROM UNSTRUCTURED's free text: the bot's model reads `text` into one record of `table`,
   * keyed by `columns` when its TABLE block defines them. Resolves to the JSON object it answers.
   */
  | { type: 'unstructured.read'; table: string; columns?: { name: string; type: string }[]; text: string }
  /**
   * ON EMAIL / ON CHANGE "folder" run as a statement: the host checks it can watch (a mailbox
   * configured for the bot; a folder of the drive) and answers null, or refuses with "not available".
   * The declaration itself is read when the script loads (compiler/event-watches.ts).
   */
  | { type: 'watch.check'; kind: 'mail' }
  | { type: 'watch.check'; kind: 'folder'; folder: string }
  /**
   * GET LAST "email_received_events" / "folder_change_events": the mail or the drive change this
   * ON EMAIL / ON CHANGE run was started for (docs/basic.md, "Event handlers").
   */
  | { type: 'event.last'; name: string }
  /**
   * CALL "/name" [, body]: the bot's WEBHOOK script `name` run in process, as a request with
   * these query `params` and `body` would run it. Resolves to its JSON answer, or
   * `{status, error, body}` when it answers a status of 400 or more.
   */
  | { type: 'webhook.call'; name: string; params: Record<string, string>; body: Value }
  /**
   * SET SCHEDULE "cron" [, "script.bas"]: run this script (or that one of the bot) on that schedule;
   * SET SCHEDULE date, "script.bas": run it once at `at` (ISO 8601).
   */
  | { type: 'schedule.set'; cron: string; script?: string }
  | { type: 'schedule.set'; at: string; script?: string }
  /**
   * HEAR x AS QRCODE: the text of the QR code in the picture at `url` (the customer's answer, a
   * link to the file the channel received). Resolves to that text, or null when there is none
   * (not an image, too large, no readable code), which asks the customer again.
   */
  | { type: 'qrcode.read'; url: string }
  /**
   * HEAR x AS IMAGE, AUDIO, VIDEO, FILE, DOCUMENT or QRCODE answered with a file the message
   * carries: the host keeps it in the bot's drive and resolves to its link, or for `qrcode` to the
   * text of the QR code in the picture; null (asked again) when the file cannot be had or read.
   */
  | { type: 'hear.file'; kind: HearFileKind; attachment: HearAttachment }
  /** An answer to HEAR was invalid 3 times in a row: the session's failed-attempt counter grows. */
  | { type: 'hear.failed'; variable: string }
  /** PRINT / LOG text: a line in the bot's log (the CLI's stderr). Resolves to null. */
  | { type: 'log'; level: 'debug' | 'info'; text: string }
  /** The bot's file store (READ, WRITE, COPY, MOVE, DELETE FILE, LIST, UPLOAD, DOWNLOAD): see file-content.ts. */
  | { type: 'file.read'; path: string }
  | { type: 'file.write'; path: string; content: Value }
  | { type: 'file.copy'; from: string; to: string }
  | { type: 'file.move'; from: string; to: string }
  | { type: 'file.delete'; path: string }
  | { type: 'file.list'; path: string }
  /** DOWNLOAD url [, path]: the body as a file value, or written to `path` (resolves to the path). */
  | { type: 'file.download'; url: string; path?: string; headers: Record<string, string> }
  /**
   * FILL template, data [TO path]: the drive's template with its `{{placeholders}}` filled from
   * `data`, written to `path` when given. Resolves to `{path, content, size}` for a text template,
   * to a file value with `path` for a Word, Excel or PDF one.
   */
  | { type: 'file.fill'; template: string; data: Value; path?: string }
  /**
   * GENERATE PDF template, data, path: the drive's HTML, Markdown or text template filled as FILL
   * fills it, laid out as a PDF and written to `path`. Resolves to `{url, localName, path, name, size, pages}`.
   */
  | { type: 'file.pdf'; template: string; data: Value; path: string }
  /** MERGE PDF files, path: the drive's PDFs, their pages in the order given, as one PDF at `path`. Resolves as GENERATE PDF. */
  | { type: 'file.pdf_merge'; files: string[]; path: string }
  /**
   * SAVE FROM UNSTRUCTURED "table", source: a row of `table` from an object, from text holding a
   * JSON object, or from free text the bot's model reads; inserted, and the row is the result.
   */
  | { type: 'table.extract'; table: string; source: Value }
  /**
   * SEND FILE of a drive path, or of a file value (which is written to the drive first, under
   * `sent/<hash>/<name>`): resolves to `{url, name}`, a link the customer can open to that file.
   */
  | { type: 'file.share'; path: string }
  | { type: 'file.share'; content: FileValue }
  /** SEARCH "table", query [, limit]: the rows holding every word of the query, best first. */
  | { type: 'table.search'; table: string; query: string; limit: number }
  /** MERGE "table", rows, "key": update the row with the same key, else insert. Resolves to the rows merged. */
  | { type: 'table.merge'; table: string; rows: ObjectValue[]; key: string }
  /** CREATE USER email WITH NAME name: a user of the product. Resolves to {success, user_id, username, email}. */
  | { type: 'user.create'; email: string; name?: string }
  /**
   * CREATE TASK title, description, assignee, due_date, priority: a task in the product's tasks
   * store; `due_at` is already an ISO date or timestamp. Resolves to the task.
   */
  | { type: 'task.create'; title: string; description: string; assignee: string; due_at?: string; priority: string }
  /**
   * GET ATTENDANTS [status]: the human attendants of the bot's attendance, each
   * `{id, name, username, channel, department, preferences, status, active_conversations, queues}`,
   * only those with `status` when given. Resolves to the list.
   */
  | { type: 'attendants.list'; status?: string }
  /**
   * The conversation's CRM contact (docs/basic.md, "The customer's contact"): GET CONTACT resolves
   * to it as an object, or null when the conversation has none; SET CONTACT field, value and
   * ADD TAG tag change it (making it first when the conversation has none) and resolve to it.
   */
  | { type: 'contact.get' }
  | { type: 'contact.set'; field: string; value: Value }
  | { type: 'contact.tag'; tag: string }
  /** CREATE DRAFT to, subject, body: a draft in the product's mail archive. Resolves to the draft. */
  | { type: 'draft.create'; to: string; subject: string; body: string }
  /** SEND SMS to, text: through the sms channel. */
  | { type: 'sms.send'; to: string; text: string }
  /**
   * SEND TEMPLATE to, template, params… (or "template" TO to VIA "whatsapp" WITH params): a template
   * message of the mobile_msg channel; to a list of numbers, one message each, answering a list.
   */
  | { type: 'template.send'; to: string | string[]; template: string; params: Value[] }
  /** ADD TO CAMPAIGN campaign[, contact]: the contact (the session's when left out) joins a proactive campaign. Resolves to true when added. */
  | { type: 'campaign.add'; campaign: string; contact: string }
  /** TRACK CONVERSION campaign[, name[, value]]: a won deal of the campaign. Resolves to the deal's id. */
  | { type: 'campaign.conversion'; campaign: string; name: string; value: number | null }
  /** GET CAMPAIGN STATS campaign: the campaign's results (sent, delivered, replied, handed_off, deals_won…). */
  | { type: 'campaign.stats'; campaign: string }
  /** USE KB name, CLEAR KB [name], USE WEBSITE url [REFRESH "1d"]: the knowledge the model answers from. */
  | { type: 'kb'; action: 'use' | 'clear' | 'website' | 'refresh'; name: string; refresh?: string }
  /**
   * KB STATISTICS, KB DOCUMENTS COUNT, KB DOCUMENTS ADDED SINCE days, KB LIST COLLECTIONS, KB STORAGE
   * SIZE, KB COLLECTION STATS name: the bot's knowledge base in numbers (docs/basic.md, "Knowledge base statistics").
   */
  | { type: 'kb.stats'; stat: 'statistics' | 'documents' | 'added_since' | 'collections' | 'storage' | 'collection'; days?: number; collection?: string }
  /** ANALYZE SENTIMENT text: `{overall, score, emotions, escalation_risk, urgency}`. */
  | { type: 'sentiment'; text: string }
  /** AI SCORE LEAD lead: the scoring rule's result (`rule`), weighed again by the bot's model when it has one. */
  | { type: 'lead.score'; lead: Value; rule: ObjectValue }
  /** QUERY METRICS "name" FOR range [BY interval] [OFFSET n]: counts of the bot's conversations, per interval. */
  | { type: 'metrics.query'; metric: string; range: string; interval?: string; offset: number }
  /** BOT SHARE MEMORY key WITH bot: the key's value of this bot's memory, written to the other bot's. */
  | { type: 'bot.memory.share'; key: string; bot: string }
  /** PUBLISH EVENT name [, data] (and ORCHESTRATE WORKFLOW): an event on the bot's event bus. */
  | { type: 'event.publish'; name: string; data: Value }
  /** ALLOW ROLE role, SET ROLE role: the conversation goes on only for a signed-in person with that role. */
  | { type: 'role.allow'; role: string }
  /**
   * STEP n: BOT "bot" "task" (one branch, name null) and STEP n: PARALLEL's BRANCH lines: each bot
   * of the package runs its dialog with the task; the value is the step's result (docs/basic.md, "The workflow language").
   */
  | { type: 'bot.run'; step: number; branches: { name: string | null; bot: string; task: string }[] }
  /** ADD BOT name WITH TRIGGER words: the conversation's later messages with one of the words go to that bot. */
  | { type: 'bot.add'; bot: string; words: string[] }
  /** ADD TOOL name, USE TOOL name, CLEAR TOOLS: the tools the model may call. */
  | { type: 'tools'; action: 'add' | 'use' | 'clear'; name: string };

/** Carries out effects. A rejection becomes a runtime error of the script at that line. */
export interface EffectHost {
  perform(effect: Effect): Promise<Value>;
}
