import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultBotConfig, type BotConfig, type SipTrunk } from '../config/index.js';
import { pcm8kToWav } from '../telephony/index.js';
import { DEFAULT_TENANT_ID } from '../tenancy/index.js';
import { holdMusicOf, phoneBotTenants, phoneSettingsOf, PhoneSettingsError } from './calls.js';

// A bot's sip-hold-music (docs/configuration.md, "Phone calls: rtc_sip"): a WAV in its package, converted once at start.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-hold-music-'));
  await writeFile(path.join(dir, 'hold.wav'), pcm8kToWav(new Int16Array(800).fill(1000)));
  await writeFile(path.join(dir, 'notes.txt'), 'not audio');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const bot = (file: string | undefined) => ({ name: 'desk', dir, config: { ...defaultBotConfig(), ...(file ? { 'sip-hold-music': file } : {}) } });

test('the file is read from the bot package as 8 kHz samples; unset, there is none', async () => {
  expect((await holdMusicOf(bot('hold.wav')))?.length).toBe(800);
  expect(await holdMusicOf(bot(undefined))).toBeUndefined();
});

test('a file outside the package, missing or not a WAV stops the start, naming the key', async () => {
  await expect(holdMusicOf(bot('../elsewhere.wav'))).rejects.toThrow(/sip-hold-music "..\/elsewhere.wav" is outside the bot package/);
  await expect(holdMusicOf(bot('missing.wav'))).rejects.toThrow(/cannot be read/);
  await expect(holdMusicOf(bot('notes.txt'))).rejects.toBeInstanceOf(PhoneSettingsError);
});

// The outbound side of a bot's phone keys (docs/configuration.md, "Phone calls: rtc_sip").
const trunks: SipTrunk[] = [
  { name: 'carrier', addresses: ['192.0.2.0/28'], transport: 'udp', outbound_proxy: 'sip:sbc.carrier.example:5060', credentials: { username: 'acme', password: 'pw' } },
  { name: 'pbx', addresses: ['192.0.2.20'], transport: 'tcp' },
  { name: 'secure', addresses: ['192.0.2.30'], transport: 'tls', outbound_proxy: 'sip:sbc.secure.example:5061' },
];
const phoneBot = (keys: Partial<BotConfig>) => ({
  name: 'reminders',
  config: { ...defaultBotConfig(), 'sip-enabled': true, 'sip-trunk-name': 'carrier', 'sip-phone-number': ['+15550100'], 'voice-models-url': 'https://voice.example/v1', ...keys },
});

test('calls leave through the bot\'s own trunk by default, with its proxy, transport, credentials and the limits', () => {
  const settings = phoneSettingsOf(phoneBot({ 'sip-outbound-numbers': ['+1555*'] }), trunks, 'sip-trunks.json');
  expect(settings.outbound).toEqual({
    trunk: { name: 'carrier', outboundProxy: 'sip:sbc.carrier.example:5060', transport: 'udp', credentials: { username: 'acme', password: 'pw' } },
    allowed: ['+1555*'], maxCalls: 2, perMinute: 10,
  });
});

test('sip-outbound-route names another trunk; one without an outbound_proxy places no calls', () => {
  expect(phoneSettingsOf(phoneBot({ 'sip-outbound-route': 'pbx' }), trunks, 'sip-trunks.json').outbound).toBeUndefined();
  expect(() => phoneSettingsOf(phoneBot({ 'sip-outbound-route': 'pbx', 'sip-outbound-numbers': ['+1555*'] }), trunks, 'sip-trunks.json'))
    .toThrow('bot reminders: sip-outbound-numbers needs an outbound_proxy on trunk "pbx" of sip-trunks.json');
  expect(() => phoneSettingsOf(phoneBot({ 'sip-outbound-route': 'nowhere' }), trunks, 'sip-trunks.json')).toThrow('sip-outbound-route "nowhere" is no trunk of sip-trunks.json');
});

test('a trunk on TLS places no calls: allowing numbers through it stops the start', () => {
  expect(phoneSettingsOf(phoneBot({ 'sip-outbound-route': 'secure' }), trunks, 'sip-trunks.json').outbound).toBeUndefined();
  expect(() => phoneSettingsOf(phoneBot({ 'sip-outbound-route': 'secure', 'sip-outbound-numbers': ['+1555*'] }), trunks, 'sip-trunks.json'))
    .toThrow('trunk "secure" of sip-trunks.json has transport tls: calls are placed over udp or tcp only');
});

// Phone calls of tenants' bots (docs/operations/tenants.md, "Phone calls").
test('each phone bot answers as its tenant\'s; two tenants\' phone bots of one name stop the start', () => {
  const acme = '7d1f0c8e-2b7a-4a52-9d61-0e3f4b5a6c7d';
  expect([...phoneBotTenants([{ name: 'desk', tenantId: DEFAULT_TENANT_ID }, { name: 'acme-desk', tenantId: acme }])]).toEqual([['desk', DEFAULT_TENANT_ID], ['acme-desk', acme]]);
  expect(() => phoneBotTenants([{ name: 'desk', tenantId: DEFAULT_TENANT_ID }, { name: 'desk', tenantId: acme }]))
    .toThrow('bot desk: two tenants have a bot of this name with sip-enabled; a phone bot\'s name belongs to one tenant');
});
