import type { FileStore, ObjectValue, Value } from '../basic-interpreter/index.js';

/**
 * The engine's outward ports: what the BASIC effects need from other areas (meetings, mail,
 * language models). Each is an interface with a default that answers "not configured"; the
 * areas replace them when they exist, and the engine never imports them. Attendance is no port:
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

/** `r = LLM prompt`; `context` is what SET CONTEXT gave in this session, if anything. */
export interface LlmPort {
  complete(request: { prompt: string; context?: string; bot_id: string }): Promise<string>;
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
};

// ---------------------------------------------------------------- BASIC capabilities (docs/basic.md, "Compatibility")

/** CREATE USER email WITH NAME name: a user of the product, made through the users service. */
export interface UsersPort {
  create(request: { email: string; name?: string; bot_id: string }): Promise<Value>;
}

/** The bot's drive behind READ, WRITE, COPY, MOVE, DELETE FILE, LIST, UPLOAD and DOWNLOAD … , path. */
export type FilesPort = (bot: { id: string; name: string }) => FileStore;

/**
 * Keywords whose capability is built by other areas (the sms and mobile_msg channels, a knowledge
 * base, model tool calling). Until one is wired here its keywords stop the script with
 * "not available: …".
 */
export interface ScriptCapabilitiesPort {
  sendSms(request: { to: string; text: string; bot_id: string }): Promise<Value>;
  sendTemplate(request: { to: string; template: string; params: Value[]; bot_id: string }): Promise<Value>;
  knowledge(request: { action: 'use' | 'clear' | 'website'; name: string; bot_id: string; session_id?: string }): Promise<Value>;
  tools(request: { action: 'add' | 'use' | 'clear'; name: string; bot_id: string; session_id?: string }): Promise<Value>;
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

export const capabilitiesNotConfigured: ScriptCapabilitiesPort = {
  async sendSms() {
    throw new Error('not available: SEND SMS (no sms channel is wired to scripts on this server)');
  },
  async sendTemplate() {
    throw new Error('not available: SEND TEMPLATE (no mobile_msg template sender is wired to scripts on this server)');
  },
  async knowledge({ action }) {
    const keyword = action === 'website' ? 'USE WEBSITE' : action === 'use' ? 'USE KB' : 'CLEAR KB';
    throw new Error(`not available: ${keyword} (there is no knowledge base on this server)`);
  },
  async tools({ action }) {
    const keyword = action === 'clear' ? 'CLEAR TOOLS' : `${action.toUpperCase()} TOOL`;
    throw new Error(`not available: ${keyword} (model tool calling is not wired to scripts on this server)`);
  },
};
