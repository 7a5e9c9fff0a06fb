import type { BotMsgAdapterDeps, SmsAdapterDeps, SmsOptOuts, WorkchatAdapterDeps } from '../adapters/index.js';
import type { BotConfig, ProcessSettings } from '../config/index.js';
import { createSmsOptOutsRepo, createWorkchatConversationsRepo, type Database } from '../db/index.js';
import type { DeliveryStatusUpdate } from '../engine/index.js';
import type { Logger } from '../infra/logger.js';
import { botMsgSettingsOf, smsSettingsOf, workchatSettingsOf } from './channel-settings.js';

/** What the provider channels are wired from at the composition root. */
export interface ProviderChannelWiring {
  database: Database;
  settings: Pick<ProcessSettings, 'PUBLIC_URL'>;
  logger: Logger;
  /** A loaded bot's configuration by name. */
  configOf(bot: string): BotConfig | undefined;
  /** The bot's name of a session (sessions-repo `botNameOf`). */
  botOfSession(sessionId: string): Promise<string | undefined>;
  /** Providers' delivery receipts (the engine's createDeliveryReceipts, built before the adapters). */
  recordDeliveryStatus(update: DeliveryStatusUpdate): Promise<boolean>;
  /** What else an SMS STOP does (the CRM unsubscribes the number's contacts from campaigns). */
  onSmsOptOut?(phone: string): Promise<unknown>;
}

/**
 * The deps of the bot_msg, sms and workchat adapters (docs/channels/): each bot's `bot-msg-*`,
 * `sms-*` and `workchat-*` keys as the adapters' settings (app/channel-settings.ts) —
 * undefined, so the channel is off and its webhook answers 404, when the bot disables it or lacks
 * the credentials.
 */
export function providerChannelDeps(wiring: ProviderChannelWiring): { botMsg: BotMsgAdapterDeps; sms: SmsAdapterDeps; workchat: WorkchatAdapterDeps } {
  const { configOf, botOfSession, logger } = wiring;
  return {
    botMsg: { botOfSession, logger, settingsOf: (bot) => botMsgSettingsOf(configOf(bot)) },
    workchat: {
      botOfSession, logger, settingsOf: (bot) => workchatSettingsOf(configOf(bot)),
      conversations: createWorkchatConversationsRepo(wiring.database),
    },
    sms: {
      botOfSession, logger,
      publicUrl: wiring.settings.PUBLIC_URL,
      optOuts: withOptOutHook(createSmsOptOutsRepo(wiring.database), wiring.onSmsOptOut),
      deliveryStatus: (update) => wiring.recordDeliveryStatus(update),
      settingsOf: (bot) => smsSettingsOf(configOf(bot)),
    },
  };
}

function withOptOutHook(optOuts: SmsOptOuts, onOptOut: ((phone: string) => Promise<unknown>) | undefined): SmsOptOuts {
  if (!onOptOut) return optOuts;
  return {
    ...optOuts,
    async optOut(phone, keyword) {
      await optOuts.optOut(phone, keyword);
      await onOptOut(phone);
    },
  };
}
