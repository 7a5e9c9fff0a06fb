import { createHmac } from 'node:crypto';
import { defaultBotConfig, type BotConfig } from '../config/index.js';
import { createAttendanceEventsRepo, createMeetingsRepo, createSessionsRepo, type Database } from '../db/index.js';
import { voiceModelsOf, type EngineService } from '../engine/index.js';
import type { Logger } from '../infra/logger.js';
import type { Mailer } from '../infra/mail/index.js';
import {
  createEmbeddedTokens, createMeetingSettings, createMeetingsService, createScriptMeetings, rtcSettingsOf, type MeetingsService, type RoomsContext,
} from '../meetings/index.js';

export interface MeetingsWiring {
  db: Database;
  /** The service's signing secret; meeting tokens use a key derived from it, so they are never valid as sign-in tokens. */
  secret: Uint8Array;
  config(botId: string): BotConfig | undefined;
  botId(idOrName: string): string | undefined;
  publicUrl(): string;
  mailer: Mailer;
  logger: Logger;
  now(): Date;
}

/** Meetings in two steps: CREATE MEETING's port before the engine, the service once the engine exists. */
export interface MeetingsWired {
  /** CREATE MEETING (the script host's port): rooms only, no message to a customer. */
  script: ReturnType<typeof createScriptMeetings>;
  /** The meetings service, whose invitations reach customers through the engine. */
  service(customers: Pick<EngineService, 'send'>): MeetingsService;
}

/**
 * Meetings (docs/meetings.md): rooms in the database, the provider of each bot (embedded, or rtc
 * when its `rtc-*` settings are set), meeting events into the attendance log for the video KPIs.
 * CREATE MEETING runs in the engine's turns and invitations go out through the engine, so the
 * rooms are wired first and the service is completed with the engine once it is built.
 */
export function wireMeetings(deps: MeetingsWiring): MeetingsWired {
  const tokens = createEmbeddedTokens(createHmac('sha256', deps.secret).update('switchboard meetings').digest());
  const sessions = createSessionsRepo(deps.db);
  const defaults = defaultBotConfig();
  const rooms: RoomsContext = {
    repo: createMeetingsRepo(deps.db),
    settings: createMeetingSettings({
      config: deps.config, defaults, tokens,
      speechFor: (config) => {
        const voice = voiceModelsOf(config);
        if (!voice) return undefined;
        return { transcribe: ({ data, mimeType, language }) => voice.transcribe({ data, mimeType }, { language }) };
      },
    }),
    botId: deps.botId,
    publicUrl: deps.publicUrl,
    now: deps.now,
    events: createAttendanceEventsRepo(deps.db),
    sessions: { findById: (id) => sessions.findById(id), update: (id, changes) => sessions.update(id, changes) },
    ...(deps.mailer.configured ? { mail: { send: (m: { to: string; subject: string; text: string }) => deps.mailer.send(m) } } : {}),
  };
  return {
    script: createScriptMeetings(rooms),
    service: (customers) => createMeetingsService({
      tokens,
      logger: deps.logger,
      rtcOf: (botId) => {
        const config = deps.config(botId);
        return config && rtcSettingsOf(config);
      },
      context: { ...rooms, customers: { send: (messages) => customers.send(messages) } },
    }),
  };
}
