import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestBots } from './bot-packages.js';

/** A phone bot of a test or bench (docs/channels/rtc-sip.md, "A minimal phone bot"). */
export interface PhoneBot {
  /** Its package name; default `phone`. */
  name?: string;
  /** The number it answers, in E.164. */
  number: string;
  /** The voice service it speaks and hears through (test/support/fake-voice.ts). */
  voiceUrl: string;
  /** Its start.bas. */
  script: string;
  /** More keys of its config.csv, or other values for the ones set here. */
  keys?: Record<string, string>;
  /** Files copied into its package folder: the path in the package → the file to copy (a `sip-hold-music` WAV). */
  files?: Record<string, string>;
  /** The tenant's slug whose bot it is (`bots/tenants/<slug>/`); the default tenant's without one. */
  tenant?: string;
  /** Where the one trunk's INVITEs come from; default 127.0.0.1. */
  trunkAddresses?: string[];
}

/**
 * Adds a bot that answers `number` from the trunk `local`, in English, and writes the one-trunk
 * SIP_TRUNKS_FILE (`<dir>/sip-trunks.json`) its calls come by. Resolves to that file's path.
 */
export async function addPhoneBot(bots: TestBots, dir: string, bot: PhoneBot): Promise<string> {
  const name = bot.name ?? 'phone';
  await bots.add(name, {
    'sip-enabled': 'true', 'sip-trunk-name': 'local', 'sip-phone-number': bot.number, 'voice-models-url': bot.voiceUrl,
    'http-allow-private-networks': 'true', 'language': 'en', 'transcription-language': 'en', ...bot.keys,
  }, bot.script, bot.tenant ? { tenant: bot.tenant } : {});
  const packageDir = path.join(bots.dir, ...(bot.tenant ? ['tenants', bot.tenant] : []), `${name}.gbai`);
  for (const [inPackage, source] of Object.entries(bot.files ?? {})) await copyFile(source, path.join(packageDir, inPackage));
  const trunks = path.join(dir, 'sip-trunks.json');
  await writeFile(trunks, JSON.stringify({ trunks: [{ name: 'local', addresses: bot.trunkAddresses ?? ['127.0.0.1'] }] }));
  return trunks;
}
