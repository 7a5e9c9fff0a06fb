import type { ObjectValue, Value } from '../basic-interpreter/index.js';
import type { InboundMessage } from './messages.js';

/**
 * The engine's outward ports: what the routing rule and the BASIC effects need from other areas
 * (attendance, meetings, mail, language models). Each is an interface with a default that works
 * without the area: attendance records the hand-off and sends nothing, the others answer "not
 * configured". The areas replace them when they exist; the engine never imports them.
 */

/** The session as the attendance side sees it when a message or a transfer reaches it. */
export interface AttendanceSession {
  id: string;
  bot_id: string;
  user_id: string;
  channel: string;
  external_user_id: string;
  needs_human: boolean;
  context_data: Record<string, unknown>;
}

/** Where messages of sessions with a human go (seed 1.2 step 4): queue, notify attendants, relay. */
export interface AttendancePort {
  /**
   * A customer message (already stored in the transcript) for a session that needs a human, or
   * the message during which the bot transferred the session. Called after the turn committed.
   */
  enqueue(session: AttendanceSession, inbound: InboundMessage): Promise<void>;
  /**
   * The customer's message while `context_data[SURVEY_CONTEXT_KEY]` is set (attendance sets it
   * when it resolves and asks for a score): the answer when `inbound` was one — the engine then
   * says `reply`, stores `score` as context `customer_satisfaction`, and the bot does not run —
   * or undefined, and the message goes to the bot. Either way the engine clears the key.
   */
  answerSurvey?(session: AttendanceSession, inbound: InboundMessage): Promise<SurveyAnswer | undefined>;
}

/** Context key that marks a session whose next message may be a satisfaction score. */
export const SURVEY_CONTEXT_KEY = 'satisfaction_survey';

/** A satisfaction score the attendance side accepted, and what to tell the customer. */
export interface SurveyAnswer {
  score: number;
  reply: string;
}

/** One hand-off the recording attendance port saw. */
export interface RecordedHandOff {
  session: AttendanceSession;
  inbound: InboundMessage;
}

/**
 * The attendance port until the attendance area exists: it keeps the most recent hand-offs in
 * memory (bounded, for tests and diagnostics) and sends nothing. The transcript row already
 * holds the message, so an attendance area added later loses nothing.
 */
export function createRecordingAttendance(limit = 1000): AttendancePort & { readonly received: RecordedHandOff[] } {
  const received: RecordedHandOff[] = [];
  return {
    received,
    async enqueue(session, inbound) {
      received.push({ session, inbound });
      if (received.length > limit) received.splice(0, received.length - limit);
    },
  };
}

/** CREATE MEETING (seed 2.13): resolves to `{success, room_id, join_url, …}`. */
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
