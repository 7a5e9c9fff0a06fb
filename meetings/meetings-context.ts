/**
 * What every meetings use case works with, built once by the composition root
 * (app/meetings.ts): the rooms repository, the settings of each bot, the clock, the public
 * address of the join page and the ports to the rest of the service.
 */
import type { MeetingsRepo, SessionRow } from '../db/index.js';
import type { OutboundMessage } from '../engine/index.js';
import type { MeetingEventLog, MeetingSettings } from './ports.js';

export interface MeetingsContext {
  repo: MeetingsRepo;
  /** A bot's meeting settings (by id); `null` gives the defaults of rooms that belong to no bot. */
  settings(botId: string | null): MeetingSettings;
  /** The bot id of an id or a name; undefined when no such bot runs. */
  botId(idOrName: string): string | undefined;
  /** Base URL of the join links (PUBLIC_URL, or where the server listens). */
  publicUrl(): string;
  now(): Date;
  events: MeetingEventLog;
  /** Conversations the rooms are started from, and their call keys. */
  sessions: {
    findById(id: string): Promise<SessionRow | undefined>;
    update(id: string, changes: { context_patch?: Record<string, unknown>; call_type?: string | null }): Promise<unknown>;
  };
  /** A message to the customer on their channel, through the engine (transcript, outbox). */
  customers: { send(messages: readonly OutboundMessage[]): Promise<unknown> };
  /** Invitations by email; undefined without SMTP_URL (invite says so). */
  mail?: { send(mail: { to: string; subject: string; text: string }): Promise<unknown> };
}

/**
 * What creating a room needs: everything but the customers' channel. CREATE MEETING runs inside
 * the engine's turns, so its port is built before the engine, which `customers` goes through.
 */
export type RoomsContext = Omit<MeetingsContext, 'customers'>;
