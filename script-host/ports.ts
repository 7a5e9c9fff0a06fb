import type { FileStore, ObjectValue, ToolSchema, Value } from '../basic-interpreter/index.js';

/**
 * The script host's outward ports: what the BASIC effects need from other areas (meetings, mail,
 * language models). Each is an interface with a default that answers "not configured"; the
 * areas replace them when they exist, and the script host never imports them. Attendance is no port:
 * it hears from the engine through domain events (engine/domain-events.ts).
 */

/** CREATE MEETING: resolves to `{success, room_id, join_url, …}`. */
export interface MeetingsPort {
  create(options: ObjectValue, session: { id: string; bot_id: string }): Promise<Value>;
}

/** SEND MAIL. A rejection becomes a runtime error of the script. */
export interface MailPort {
  send(mail: { to: string; subject: string; body: string; bot_id: string }): Promise<void>;
}

/**
 * `r = LLM prompt`; `context` is what SET CONTEXT gave in this session, if anything; `knowledge`
 * the sources USE KB / USE WEBSITE made active in the session (the model answers from them);
 * `tools` the scripts ADD TOOL / USE TOOL offered to the model (docs/basic.md).
 */
export interface LlmPort {
  complete(request: LlmRequest): Promise<string>;
  /**
   * A keyword's one-off generation (CREATE SITE, CHART PROMPT): the keyword's instructions and the
   * prompt, without the session's context, knowledge or tools. `json` asks for a JSON object and
   * resolves to it parsed; `text` to the answer's text.
   */
  generate(request: LlmGeneration): Promise<unknown>;
}

/** What a keyword asks the bot's model for; `keyword` names it in errors ("CREATE SITE: no language model…"). */
export interface LlmGeneration {
  keyword: string;
  instructions: string;
  prompt: string;
  format: 'text' | 'json';
  bot_id: string;
}

/** What one LLM keyword asks the model. */
export interface LlmRequest {
  prompt: string;
  context?: string;
  /**
   * SET ANSWER MODE of the session: `document` answers only from the context and knowledge,
   * `direct` asks the model alone (no knowledge); any other answers as usual.
   */
  answer_mode?: string;
  bot_id: string;
  knowledge?: string[];
  tools?: ScriptTool[];
}

/** A tool script as the model sees it (its PARAM/DESCRIPTION schema), and its run with the model's arguments. */
export interface ScriptTool {
  schema: ToolSchema;
  run(args: Record<string, unknown>): Promise<Value>;
}

/** Meetings without a real-time service: the script learns it and can tell the customer. */
export const meetingsNotConfigured: MeetingsPort = {
  async create() {
    return { success: false, room_id: null, join_url: null, message: 'Meetings are not configured on this server.' };
  },
};

/** Mail without a mail server: SEND MAIL stops the script with a clear runtime error. */
export const mailNotConfigured: MailPort = {
  async send() {
    throw new Error('SEND MAIL: mail is not configured on this server');
  },
};

/** No language model: `LLM` stops the script with a clear runtime error. */
export const llmNotConfigured: LlmPort = {
  async complete() {
    throw new Error('LLM: no language model is configured on this server');
  },
  async generate({ keyword }) {
    throw new Error(`${keyword}: no language model is configured on this server`);
  },
};

// ---------------------------------------------------------------- BASIC capabilities (docs/basic.md, "Compatibility")

/** CREATE USER email WITH NAME name: a user of the product, made through the users service. */
export interface UsersPort {
  create(request: { email: string; name?: string; bot_id: string }): Promise<Value>;
}

/** The bot's drive behind READ, WRITE, COPY, MOVE, DELETE FILE, LIST, UPLOAD and DOWNLOAD … , path. */
export type FilesPort = (bot: { id: string; name: string }) => FileStore;

/**
 * SEND FILE of a drive file: the link a customer opens to the bot's drive file at `path` (the
 * server's signed, expiring download link, docs/content.md "The bot drive").
 */
export type FileLinksPort = (bot: { id: string; name: string }) => (path: string) => string;

/**
 * HEAR x AS LOGIN: the absolute link to the server's sign-in page for one request of a session
 * (signed, expiring: docs/basic.md "HEAR AS LOGIN"), which the script host sends the customer.
 */
export type SignInLinksPort = (request: { session_id: string; bot: string; nonce: string }) => Promise<string>;

/** Where a bot's mailbox is (its config.csv `email-imap-*` keys): what ON EMAIL's watch reads. */
export interface MailboxSettings {
  host: string;
  port: number;
  /** TLS from the first byte (993); false uses the port as given (STARTTLS when offered). */
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
}

/** Where the watch of one mailbox stands: the mailbox's UIDVALIDITY and the last UID handled. */
export interface MailboxCursor {
  validity: string;
  uid: number;
}

/** One mail as ON EMAIL's handlers get it (docs/basic.md, "Event handlers"). */
export interface ReceivedMail {
  uid: number;
  message_id: string | null;
  from_address: string;
  to_addresses: string[];
  cc_addresses: string[];
  subject: string;
  /** ISO 8601, from the Date header; null without one. */
  date: string | null;
  /** The first text/plain part, decoded. */
  body: string;
  attachments: { filename: string; mime_type: string; size: number }[];
}

/**
 * ON EMAIL: a bot's mailbox read over IMAP. Without a cursor (or with one of another
 * UIDVALIDITY) it answers where the mailbox stands now and no mail: what is there already is not
 * new. With one, the mails whose UID is above it, oldest first, at most `limit`.
 */
export interface MailboxPort {
  poll(settings: MailboxSettings, cursor: MailboxCursor | undefined, limit: number): Promise<{ cursor: MailboxCursor; mails: ReceivedMail[] }>;
}

/**
 * Keywords whose capability is built by other areas (the sms and mobile_msg channels, the
 * knowledge base). Until one is wired here its keywords stop the script with "not available: …".
 */
export interface ScriptCapabilitiesPort {
  /** SEND SMS: resolves to `{success, message_id}`. */
  sendSms(request: { to: string; text: string; bot_id: string }): Promise<Value>;
  /** SEND TEMPLATE: a mobile_msg template message; resolves to `{success, message_id}`. */
  sendTemplate(request: { to: string; template: string; params: Value[]; bot_id: string }): Promise<Value>;
  /**
   * USE KB name (a collection of the bot's .gbkb folder) and USE WEBSITE url: indexes the source
   * when it is new or stale and names it, for the script host to make it active in the session.
   */
  knowledge(request: { action: 'use' | 'website'; name: string; refresh?: string; bot_id: string }): Promise<KnowledgeSource>;
  /** CREATE TASK: a task in the tasks store; resolves to the task (`{success, id, title, notes, due_at, status, owner_id}`). */
  createTask(request: { title: string; description: string; assignee: string; due_at?: string; priority: string; bot_id: string }): Promise<Value>;
  /** CREATE DRAFT: a draft in the mail archive (folder Drafts); resolves to `{success, uid, folder, to, subject, owner_id}`. */
  createDraft(request: { to: string; subject: string; body: string; bot_id: string }): Promise<Value>;
  /** GET ATTENDANTS: the attendants with their presence and the bot's queues they serve; resolves to the list. */
  attendants(request: { status?: string; bot_id: string }): Promise<Value>;
  /**
   * ADD TO CAMPAIGN, TRACK CONVERSION and GET CAMPAIGN STATS (docs/basic.md, "Campaigns"): the CRM's
   * campaigns, named by ref, name or id; `session` is the conversation the keyword runs in, if any.
   */
  campaign(request: CampaignRequest): Promise<Value>;
  /** ANALYZE SENTIMENT: the attendance's analyser; resolves to `{overall, score, emotions, escalation_risk, urgency}`. */
  sentiment(request: { text: string; bot_id: string }): Promise<Value>;
  /** The KB statistics keywords (docs/basic.md, "Knowledge base statistics"): the bot's indexed sources in numbers. */
  knowledgeStats(request: { bot_id: string }): Promise<KnowledgeStats>;
  /** QUERY METRICS: the bot's conversations counted per interval over a range (docs/basic.md, "QUERY METRICS"). */
  metrics(request: MetricsQuery & { bot_id: string }): Promise<Value>;
  /** PUBLISH EVENT: the event for the bot's subscribers (its event webhook); resolves to whether one took it. */
  publishEvent(request: { name: string; data: Value; bot_id: string; session_id: string | null }): Promise<boolean>;
  /** ALLOW ROLE: the roles of the account a person signed in with (HEAR x AS LOGIN), as they are now; undefined when it is gone. */
  userRoles(request: { user_id: string }): Promise<string[] | undefined>;
}

/** One indexed source of the bot's knowledge base, in numbers. */
export interface KnowledgeSourceStats {
  source: string;
  kind: string;
  documents: number;
  chunks: number;
  /** Characters of text indexed (UTF-8 bytes of the passages). */
  bytes: number;
  indexed_at: Date;
}

/** The bot's knowledge base in numbers: its sources, as indexed now. */
export interface KnowledgeStats {
  sources: KnowledgeSourceStats[];
}

/** QUERY METRICS' question: which count, over which time, in which steps. */
export interface MetricsQuery {
  metric: 'messages' | 'active_sessions';
  from: Date;
  to: Date;
  /** The length of one bucket, in seconds. */
  step_seconds: number;
}

/** What a script changes on the conversation's contact: a field (SET CONTACT) or a tag (ADD TAG). */
export type ContactChange = { field: string; value: Value } | { tag: string };

/** The conversation's customer, for the contact a SET CONTACT or ADD TAG makes when the session has none. */
export interface ContactCustomer {
  channel: string;
  external_id: string;
  display_name?: string;
}

/**
 * GET CONTACT, SET CONTACT and ADD TAG (docs/basic.md, "The customer's contact"): the CRM
 * contact of the conversation (`sessions.customer_id`), as an object
 * `{id, name, first_name, last_name, email, phone, tier, ltv, last_purchase, tags, note, custom_fields}`.
 * Refusals (a bad email, a tier not in the list, a phone another contact has) are errors whose
 * message the script sees.
 */
export interface ContactsPort {
  /** The contact, or null when it is gone or belongs to another bot. */
  get(request: { bot_id: string; contact_id: string }): Promise<ObjectValue | null>;
  /** Changes the contact, or makes it (with the customer's channel identity) when `contact_id` is null; resolves to it. */
  change(request: { bot_id: string; contact_id: string | null; customer: ContactCustomer; change: ContactChange }): Promise<ObjectValue & { id: string }>;
}

export const contactsNotConfigured: ContactsPort = {
  async get() {
    throw new Error('not available: GET CONTACT (no CRM is wired to scripts on this server)');
  },
  async change() {
    throw new Error('not available: SET CONTACT / ADD TAG (no CRM is wired to scripts on this server)');
  },
};

/** A campaign keyword's request, with the session it runs in. */
export type CampaignRequest = (
  | { action: 'add'; campaign: string; contact: string }
  | { action: 'conversion'; campaign: string; name: string; value: number | null }
  | { action: 'stats'; campaign: string }
) & {
  bot_id: string;
  session?: { channel: string; external_user_id: string; customer_id: string | null; context: Record<string, unknown> };
};

/** An indexed knowledge source, as USE KB and USE WEBSITE report it to the script. */
export interface KnowledgeSource {
  /** The collection's name, or the site's normalised URL: what the session keeps active. */
  source: string;
  documents: number;
  chunks: number;
}

export const usersNotConfigured: UsersPort = {
  async create() {
    throw new Error('not available: CREATE USER (no users service is wired to the engine)');
  },
};

export const filesNotConfigured: FilesPort = () => {
  const refuse = async (): Promise<never> => {
    throw new Error('not available: file keywords (no file store is wired to the engine)');
  };
  return { read: refuse, write: refuse, copy: refuse, move: refuse, delete: refuse, list: refuse };
};

export const mailboxNotConfigured: MailboxPort = {
  async poll() {
    throw new Error('not available: ON EMAIL (no mailbox reader is wired to the engine)');
  },
};

export const capabilitiesNotConfigured: ScriptCapabilitiesPort = {
  async sendSms() {
    throw new Error('not available: SEND SMS (no sms channel is wired to scripts on this server)');
  },
  async sendTemplate() {
    throw new Error('not available: SEND TEMPLATE (no mobile_msg template sender is wired to scripts on this server)');
  },
  async knowledge({ action }) {
    throw new Error(`not available: ${action === 'website' ? 'USE WEBSITE' : 'USE KB'} (there is no knowledge base on this server)`);
  },
  async createTask() {
    throw new Error('not available: CREATE TASK (no tasks store is wired to the engine)');
  },
  async createDraft() {
    throw new Error('not available: CREATE DRAFT (no mail archive is wired to the engine)');
  },
  async campaign({ action }) {
    const keyword = action === 'add' ? 'ADD TO CAMPAIGN' : action === 'conversion' ? 'TRACK CONVERSION' : 'GET CAMPAIGN STATS';
    throw new Error(`not available: ${keyword} (no CRM campaigns are wired to scripts on this server)`);
  },
  async attendants() {
    throw new Error('not available: GET ATTENDANTS (no attendance service is wired to the engine)');
  },
  async sentiment() {
    throw new Error('not available: ANALYZE SENTIMENT (no sentiment analyser is wired to scripts on this server)');
  },
  async knowledgeStats() {
    throw new Error('not available: the KB statistics (there is no knowledge base on this server)');
  },
  async metrics() {
    throw new Error('not available: QUERY METRICS (no conversation metrics are wired to scripts on this server)');
  },
  async publishEvent() {
    return false;
  },
  async userRoles() {
    throw new Error('not available: ALLOW ROLE (no users service is wired to scripts on this server)');
  },
};
