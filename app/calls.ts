import { readFile } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { startCallSharing, startDeliveryRelay, startRtcSipChannel, type CallPorts, type CallRegistry, type CallSharing, type OutboundCallSettings, type RtcSipAdapter, type RtcSipBotSettings, type RtcSipChannel } from '../adapters/index.js';
import { loadSipTrunks, type ProcessSettings, type SipTrunk } from '../config/index.js';
import { voiceModelsOf, type Engine } from '../engine/index.js';
import type { EventBus } from '../infra/events/index.js';
import type { EachTenant } from '../infra/jobs/index.js';
import type { Logger } from '../infra/logger.js';
import type { RateLimiter } from '../infra/rate-limit/index.js';
import { wavToPcm8k } from '../telephony/index.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../tenancy/index.js';
import type { BotRegistry } from './bot-registry.js';
import type { RunnableBot } from './bots.js';

/** The SIP channel, with its share in the calls of every instance when a registry was given. */
export type PhoneCalls = RtcSipChannel & { readonly sharing?: CallSharing };

/** A bot's phone settings that cannot work; the start stops with this message (docs/configuration.md, "Phone calls: rtc_sip"). */
export class PhoneSettingsError extends Error {}

/**
 * Phone calls (docs/channels/rtc-sip.md): when any bot has `sip-enabled`, the trunks of
 * SIP_TRUNKS_FILE are read, each such bot's keys are checked, and the SIP user agent listens on
 * SIP_HOST:SIP_PORT. No bot with calls: nothing listens.
 */
export async function startPhoneCalls(deps: {
  settings: ProcessSettings; bots: BotRegistry; engine: Pick<Engine, 'receive' | 'close' | 'send'>; rateLimiter: RateLimiter; logger: Logger;
  /** The rtc_sip adapter of the one map: its `send` speaks on the calls answered here. */
  adapter?: RtcSipAdapter;
  ports?: CallPorts;
  /** The calls of every instance (db/live-calls-repo.ts): this instance's are written there, and dropped ones called back. */
  registry?: CallRegistry;
  /** How the instances pass each other the messages to say on their calls (adapters/rtc-sip/relay-deliveries.ts). */
  bus?: Pick<EventBus, 'publish' | 'subscribe'>;
  /** Each tenant's scope in turn: the sweep for dead instances' calls runs in each (docs/operations/tenants.md, "Phone calls"). */
  eachTenant?: EachTenant;
}): Promise<PhoneCalls | undefined> {
  const { settings, logger } = deps;
  const callers = deps.bots.all.filter((bot) => bot.config['sip-enabled']);
  if (callers.length === 0) return undefined;
  const trunks = await loadSipTrunks(settings.SIP_TRUNKS_FILE);
  const phoneBots = await Promise.all(callers.map(async (bot) => {
    const phone = phoneSettingsOf(bot, trunks, settings.SIP_TRUNKS_FILE);
    const music = await holdMusicOf(bot);
    return music ? { ...phone, holdMusic: music } : phone;
  }));
  const tenantOfBot = phoneBotTenants(callers);
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
    ...(settings.SIP_TLS_PORT === undefined ? {} : { tls: await tlsSettings(settings.SIP_TLS_PORT, settings.SIP_TLS_CERT_FILE, settings.SIP_TLS_KEY_FILE) }),
    ...(settings.SIP_PUBLIC_ADDRESS ? { publicAddress: settings.SIP_PUBLIC_ADDRESS } : {}),
    rtpPorts: { min: settings.RTP_PORT_MIN, max: settings.RTP_PORT_MAX }, mediaThread: settings.SIP_MEDIA_THREAD,
    bots: () => phoneBots, engine: deps.engine, rateLimiter: deps.rateLimiter, logger,
    ...(deps.adapter ? { liveCalls: deps.adapter.liveCalls } : {}), ...(deps.ports ? { ports: deps.ports } : {}),
    // An answered call is its bot's tenant's work: its session, transcript and queue are that tenant's.
    inBotScope: (bot, work) => runAsTenant(tenantOfBot.get(bot) ?? DEFAULT_TENANT_ID, work),
  });
  logger.info({ host, udp: channel.udpPort, tcp: channel.tcpPort, tls: channel.tlsPort, bots: phoneBots.map((b) => b.bot) }, 'phone calls: SIP listening');
  // Attendance's `/call back` places calls through the adapter, which serves them from now on.
  const { adapter } = deps;
  adapter?.serveOutboundCalls(channel.outbound);
  const stopChannel = async () => {
    adapter?.serveOutboundCalls(undefined);
    await channel.close();
  };
  if (!deps.registry || !adapter) return { ...channel, close: stopChannel };
  // Several instances behind Kamailio (docs/operations/kamailio.md): calls shared, dropped ones called back.
  const reachable = settings.SIP_PUBLIC_ADDRESS ?? (host === '0.0.0.0' || host === '::' ? os.hostname() : host);
  const instance = { id: randomUUID(), sip_address: `${reachable}:${channel.udpPort}`, http_url: `http://${reachable}:${settings.PORT}` };
  const sharing = await startCallSharing({
    registry: deps.registry, liveCalls: adapter.liveCalls, deadAfterSeconds: settings.SIP_INSTANCE_TIMEOUT_SECONDS,
    instance, bots: () => phoneBots, outbound: channel.outbound, engine: deps.engine, logger,
    ...(deps.eachTenant ? { eachTenant: deps.eachTenant } : {}),
  });
  // A message to say on a call another instance holds (an attendant's line, a WAIT's) is said there.
  const relay = deps.bus && await startDeliveryRelay({
    bus: deps.bus, liveCalls: adapter.liveCalls, instanceId: instance.id, holder: (sessionId) => sharing.holder({ sessionId }), logger,
  });
  adapter.relayDeliveries(relay);
  return {
    ...channel, sharing,
    activeCalls: () => channel.activeCalls(),
    async close() {
      adapter.relayDeliveries(undefined);
      await relay?.stop();
      await stopChannel();
      await sharing.stop();
    },
  };
}

/**
 * The tenant of each phone bot, by its name. A call's messages name its bot, so a phone bot's name
 * is one tenant's (docs/operations/tenants.md, "Phone calls"): two tenants' bots of one name with
 * `sip-enabled` stop the start.
 */
export function phoneBotTenants(callers: readonly Pick<RunnableBot, 'name' | 'tenantId'>[]): ReadonlyMap<string, string> {
  const tenantOfBot = new Map<string, string>();
  for (const bot of callers) {
    if (tenantOfBot.has(bot.name)) throw new PhoneSettingsError(`bot ${bot.name}: two tenants have a bot of this name with sip-enabled; a phone bot's name belongs to one tenant`);
    tenantOfBot.set(bot.name, bot.tenantId);
  }
  return tenantOfBot;
}

/** SIP over TLS's certificate and key, read at start; a file that cannot be read stops it, naming the setting. */
async function tlsSettings(port: number, certFile: string | undefined, keyFile: string | undefined): Promise<{ port: number; cert: Buffer; key: Buffer }> {
  const read = async (file: string | undefined, setting: string) => {
    try {
      return await readFile(file ?? '');
    } catch (error) {
      throw new PhoneSettingsError(`${setting}: cannot read ${file ?? '(unset)'} (${(error as Error).message})`);
    }
  };
  return { port, cert: await read(certFile, 'SIP_TLS_CERT_FILE'), key: await read(keyFile, 'SIP_TLS_KEY_FILE') };
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
    holdAnnounceMs: config['sip-hold-announce-seconds'] * 1000,
    ...(config['sip-voicemail-max-seconds'] > 0
      ? { voicemail: { maxMs: config['sip-voicemail-max-seconds'] * 1000, endSilenceMs: config['sip-voicemail-end-silence-seconds'] * 1000 } }
      : {}),
    // Recording and the attended call's transcript follow the meetings' keys (docs/attendance/calls.md, "Recording").
    ...(config['rtc-recording-enabled'] ? { recording: { folder: config['rtc-storage-bucket'] } } : {}),
    transcribeAttended: config['rtc-transcription-enabled'],
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
  if (trunk.transport === 'tls') {
    if (allowed.length > 0) throw fail(`trunk "${trunk.name}" of ${trunksFile} has transport tls: calls are placed over udp or tcp only`);
    return undefined;
  }
  return {
    trunk: { name: trunk.name, outboundProxy: trunk.outbound_proxy, transport: trunk.transport, ...(trunk.credentials ? { credentials: trunk.credentials } : {}) },
    allowed, maxCalls: config['sip-outbound-max-calls'], perMinute: config['sip-outbound-calls-per-minute'],
  };
}

/**
 * The bot's `sip-hold-music`, a WAV in its package, as the call plays it (8 kHz mono), converted
 * once here; none when unset. A file outside the package, missing or not a WAV stops the start.
 */
export async function holdMusicOf(bot: Pick<RunnableBot, 'name' | 'dir' | 'config'>): Promise<Int16Array | undefined> {
  const file = bot.config['sip-hold-music'];
  if (!file) return undefined;
  const fail = (why: string) => new PhoneSettingsError(`bot ${bot.name}: sip-hold-music "${file}" ${why}`);
  const full = path.resolve(bot.dir, file);
  if (path.relative(bot.dir, full).startsWith('..') || path.isAbsolute(path.relative(bot.dir, full))) throw fail('is outside the bot package');
  let bytes: Buffer;
  try {
    bytes = await readFile(full);
  } catch {
    throw fail('cannot be read');
  }
  try {
    return wavToPcm8k(bytes);
  } catch (error) {
    throw fail(`is not a WAV file a call can play (${error instanceof Error ? error.message : String(error)})`);
  }
}
