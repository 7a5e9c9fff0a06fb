import { startRtcSipChannel, type OutboundCallSettings, type RtcSipBotSettings, type RtcSipChannel } from '../adapters/index.js';
import { loadSipTrunks, type ProcessSettings, type SipTrunk } from '../config/index.js';
import { voiceModelsOf, type Engine } from '../engine/index.js';
import type { Logger } from '../infra/logger.js';
import type { RateLimiter } from '../infra/rate-limit/index.js';
import type { BotRegistry, RunnableBot } from './bots.js';

/** A bot's phone settings that cannot work; the start stops with this message (docs/configuration.md, "Phone calls: rtc_sip"). */
export class PhoneSettingsError extends Error {}

/**
 * Phone calls (docs/channels/rtc-sip.md): when any bot has `sip-enabled`, the trunks of
 * SIP_TRUNKS_FILE are read, each such bot's keys are checked, and the SIP user agent listens on
 * SIP_HOST:SIP_PORT. No bot with calls: nothing listens.
 */
export async function startPhoneCalls(deps: { settings: ProcessSettings; bots: BotRegistry; engine: Pick<Engine, 'receive' | 'close'>; rateLimiter: RateLimiter; logger: Logger }): Promise<RtcSipChannel | undefined> {
  const { settings, logger } = deps;
  const callers = deps.bots.all.filter((bot) => bot.config['sip-enabled']);
  if (callers.length === 0) return undefined;
  const trunks = await loadSipTrunks(settings.SIP_TRUNKS_FILE);
  const phoneBots = callers.map((bot) => phoneSettingsOf(bot, trunks, settings.SIP_TRUNKS_FILE));
  const numbers = new Map<string, string>();
  for (const bot of phoneBots) {
    for (const number of bot.numbers) {
      const other = numbers.get(number);
      if (other) throw new PhoneSettingsError(`sip-phone-number: ${number} is both ${other}'s and ${bot.bot}'s; a number belongs to one bot`);
      numbers.set(number, bot.bot);
    }
  }
  const host = settings.SIP_HOST ?? settings.HOST;
  const channel = await startRtcSipChannel({
    host, udpPort: settings.SIP_PORT,
    ...(settings.SIP_TCP_PORT === 'off' ? {} : { tcpPort: settings.SIP_TCP_PORT ?? settings.SIP_PORT }),
    ...(settings.SIP_PUBLIC_ADDRESS ? { publicAddress: settings.SIP_PUBLIC_ADDRESS } : {}),
    rtpPorts: { min: settings.RTP_PORT_MIN, max: settings.RTP_PORT_MAX },
    bots: () => phoneBots, engine: deps.engine, rateLimiter: deps.rateLimiter, logger,
  });
  logger.info({ host, udp: channel.udpPort, tcp: channel.tcpPort, bots: phoneBots.map((b) => b.bot) }, 'phone calls: SIP listening');
  return channel;
}

/** A bot's sip-* keys as the channel's settings, or the error naming what is missing. */
export function phoneSettingsOf(bot: Pick<RunnableBot, 'name' | 'config'>, trunks: readonly SipTrunk[], trunksFile: string): RtcSipBotSettings {
  const { config } = bot;
  const fail = (message: string) => new PhoneSettingsError(`bot ${bot.name}: ${message}`);
  const trunkName = config['sip-trunk-name'];
  if (!trunkName) throw fail('sip-enabled needs sip-trunk-name');
  const trunk = trunks.find((t) => t.name === trunkName);
  if (!trunk) throw fail(`sip-trunk-name "${trunkName}" is no trunk of ${trunksFile}`);
  if (config['sip-phone-number'].length === 0) throw fail('sip-enabled needs sip-phone-number');
  const voice = voiceModelsOf(config);
  if (!voice) throw fail('sip-enabled needs voice-models-url (calls are spoken and heard through it)');
  const route = config['sip-inbound-route'];
  const outbound = outboundSettingsOf(config, trunks, trunksFile, fail);
  return {
    bot: bot.name,
    trunk: { name: trunk.name, addresses: trunk.addresses, ...(trunk.credentials ? { credentials: trunk.credentials } : {}) },
    numbers: config['sip-phone-number'],
    inboundRoute: route.toLowerCase().startsWith('queue:') ? { kind: 'queue', queue: route.slice('queue:'.length).trim() } : { kind: 'bot' },
    maxCalls: config['sip-max-calls'],
    endSilenceMs: config['sip-end-silence-ms'],
    noInputMs: config['sip-no-input-seconds'] * 1000,
    maxHoldMs: config['attendance-max-wait-seconds'] * 1000,
    language: config.language,
    transcriptionLanguage: config['transcription-language'],
    voice,
    ...(outbound ? { outbound } : {}),
  };
}

/**
 * A bot's outbound calls (docs/channels/rtc-sip.md, "Outbound calls"): through the trunk of
 * `sip-outbound-route` (default `sip-trunk-name`), which needs an `outbound_proxy` once the bot
 * allows any number. No trunk able to place calls and no numbers allowed: the bot places none.
 */
function outboundSettingsOf(config: RunnableBot['config'], trunks: readonly SipTrunk[], trunksFile: string, fail: (message: string) => Error): OutboundCallSettings | undefined {
  const name = config['sip-outbound-route'] ?? config['sip-trunk-name'];
  const trunk = trunks.find((t) => t.name === name);
  if (!trunk) throw fail(`sip-outbound-route "${name}" is no trunk of ${trunksFile}`);
  const allowed = config['sip-outbound-numbers'];
  if (!trunk.outbound_proxy) {
    if (allowed.length > 0) throw fail(`sip-outbound-numbers needs an outbound_proxy on trunk "${trunk.name}" of ${trunksFile}: calls leave through it`);
    return undefined;
  }
  return {
    trunk: { name: trunk.name, outboundProxy: trunk.outbound_proxy, transport: trunk.transport, ...(trunk.credentials ? { credentials: trunk.credentials } : {}) },
    allowed, maxCalls: config['sip-outbound-max-calls'], perMinute: config['sip-outbound-calls-per-minute'],
  };
}
