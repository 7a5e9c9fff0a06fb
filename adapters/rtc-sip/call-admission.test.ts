import { addressMatches, admitCall, normaliseDialled, type InviteFacts } from './call-admission.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';

const bot = (name: string, numbers: string[], trunk: Partial<RtcSipBotSettings['trunk']> = {}, maxCalls = 2): RtcSipBotSettings => ({
  bot: name, numbers, trunk: { name: 'carrier', addresses: ['203.0.113.0/24'], ...trunk }, inboundRoute: { kind: 'bot' }, maxCalls,
  endSilenceMs: 800, noInputMs: 6000, maxHoldMs: 60_000, holdAnnounceMs: 30_000, language: 'en', transcriptionLanguage: 'en', voice: { transcribe: async () => '', speak: async () => ({ data: Buffer.alloc(0), mimeType: 'audio/wav' }) },
});
const bots = [bot('sales', ['+15550100']), bot('support', ['+15550200'], { addresses: ['198.51.100.7'], credentials: { username: 'acme', password: 'pw' } })];
const facts = (over: Partial<InviteFacts> = {}): InviteFacts => ({
  sourceAddress: '203.0.113.9', dialled: '+15550100', activeCalls: () => 0, hasValidDigest: () => false, ...over,
});

test('a call to a bot\'s number from its trunk is answered by that bot', () => {
  expect(admitCall(bots, facts())).toMatchObject({ kind: 'accept', bot: { bot: 'sales' } });
  expect(admitCall(bots, facts({ dialled: '15550100' }))).toMatchObject({ kind: 'accept', bot: { bot: 'sales' } });
});

test('from outside the trunk: 403, whether the number exists or not', () => {
  expect(admitCall(bots, facts({ sourceAddress: '192.0.2.1' }))).toEqual({ kind: 'reject', status: 403, reason: 'Forbidden' });
  expect(admitCall(bots, facts({ sourceAddress: '192.0.2.1', dialled: '+19990000' }))).toMatchObject({ status: 403 });
  // Another bot's trunk is not this bot's.
  expect(admitCall(bots, facts({ sourceAddress: '198.51.100.7' }))).toMatchObject({ status: 403 });
});

test('from a trunk, a number nobody answers is 404', () => {
  expect(admitCall(bots, facts({ dialled: '+19990000' }))).toEqual({ kind: 'reject', status: 404, reason: 'Not Found' });
  expect(admitCall(bots, facts({ dialled: 'alice' }))).toMatchObject({ status: 404 });
});

test('a trunk with credentials challenges until the digest is valid', () => {
  const call = facts({ sourceAddress: '198.51.100.7', dialled: '+15550200' });
  expect(admitCall(bots, call)).toEqual({ kind: 'challenge' });
  const seen: unknown[] = [];
  expect(admitCall(bots, { ...call, hasValidDigest: (c) => (seen.push(c), true) })).toMatchObject({ kind: 'accept', bot: { bot: 'support' } });
  expect(seen).toEqual([{ username: 'acme', password: 'pw' }]);
});

test('beyond the bot\'s concurrent calls: 486', () => {
  expect(admitCall(bots, facts({ activeCalls: () => 2 }))).toEqual({ kind: 'reject', status: 486, reason: 'Busy Here' });
});

test('addresses and ranges, IPv4-mapped IPv6 included; garbage never matches', () => {
  expect(addressMatches(['203.0.113.0/24'], '::ffff:203.0.113.5')).toBe(true);
  expect(addressMatches(['203.0.113.0/24'], '203.0.114.5')).toBe(false);
  expect(addressMatches(['2001:db8::/32', '10.0.0.1'], '2001:db8::1')).toBe(true);
  expect(addressMatches(['10.0.0.1'], '10.0.0.1')).toBe(true);
  expect(addressMatches(['10.0.0.1'], 'not an address')).toBe(false);
});

test('dialled numbers in E.164, with or without +, escaped or spaced', () => {
  expect(normaliseDialled('%2B15550100')).toBe('+15550100');
  expect(normaliseDialled('+1 (555) 0100')).toBe('+15550100');
  expect(normaliseDialled('0800')).toBeUndefined();
  expect(normaliseDialled(undefined)).toBeUndefined();
});
