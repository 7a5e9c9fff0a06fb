import { createHmac } from 'node:crypto';
import { defaultBotConfig, type BotConfig } from '../config/index.js';
import { createAttendanceEventsRepo, createMeetingsRepo, createSessionsRepo, type Database } from '../db/index.js';
import { voiceModelsOf, type EngineService } from '../engine/index.js';
import type { Logger } from '../infra/logger.js';
import type { Mailer } from '../infra/mail/index.js';
import { createEmbeddedTokens, createMeetingSettings, createMeetingsService, rtcSettingsOf, type MeetingsService } from '../meetings/index.js';

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

/**
 * Meetings (docs/meetings.md): rooms in the database, the provider of each bot (embedded, or rtc
 * when its `rtc-*` settings are set), meeting events into the attendance log for the video KPIs.
 * The engine is handed in later (`customers`), as CREATE MEETING is one of the engine's own ports.
 */
export function wireMeetings(deps: MeetingsWiring, customers: () => Pick<EngineService, 'send'>): MeetingsService {
  const tokens = createEmbeddedTokens(createHmac('sha256', deps.secret).update('switchboard meetings').digest());
  const sessions = createSessionsRepo(deps.db);
  const defaults = defaultBotConfig();
  return createMeetingsService({
    tokens,
    logger: deps.logger,
    rtcOf: (botId) => {
      const config = deps.config(botId);
      return config && rtcSettingsOf(config);
    },
    context: {
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
      customers: { send: (messages) => customers().send(messages) },
      ...(deps.mailer.configured ? { mail: { send: (m: { to: string; subject: string; text: string }) => deps.mailer.send(m) } } : {}),
    },
  });
}
