import type { ObjectValue, Value } from '../basic-interpreter/index.js';

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
