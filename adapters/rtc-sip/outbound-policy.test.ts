import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../infra/errors.js';
import { allowOutboundCall } from './outbound-policy.js';
import type { OutboundCallSettings, RtcSipBotSettings } from './rtc-sip-settings.js';

const outbound: OutboundCallSettings = {
  trunk: { name: 'carrier', outboundProxy: 'sip:192.0.2.10', transport: 'udp' }, allowed: ['+1555555*', '+442079460958'], maxCalls: 2, perMinute: 10,
};
const bot = (name: string, settings?: OutboundCallSettings) => ({
  bot: name, numbers: ['+15550100', '+15550101'], ...(settings ? { outbound: settings } : {}),
}) as unknown as RtcSipBotSettings;
const bots = [bot('reminders', outbound), bot('inbound-only'), bot('closed', { ...outbound, allowed: [] })];
const none = () => 0;

test('a number of the allow list, from the bot\'s first number unless it names another of its own', () => {
  expect(allowOutboundCall(bots, { bot: 'reminders', to: '+1 (555) 555-0199' }, none)).toMatchObject({ to: '+15555550199', callerId: '+15550100' });
  expect(allowOutboundCall(bots, { bot: 'reminders', to: '+44 20 7946 0958', from: '+15550101' }, none)).toMatchObject({ to: '+442079460958', callerId: '+15550101' });
});

test('outside the allow list: refused, naming the number and the key', () => {
  expect(() => allowOutboundCall(bots, { bot: 'reminders', to: '+15565550199' }, none)).toThrow(ForbiddenError);
  expect(() => allowOutboundCall(bots, { bot: 'reminders', to: '+442079460959' }, none)).toThrow('+442079460959 is not in bot reminders\'s sip-outbound-numbers');
});

test('the default, an empty allow list, refuses every number', () => {
  expect(() => allowOutboundCall(bots, { bot: 'closed', to: '+15555550199' }, none)).toThrow(ForbiddenError);
});

test('no such bot, or a bot without an outbound trunk: not found', () => {
  expect(() => allowOutboundCall(bots, { bot: 'nobody', to: '+15555550199' }, none)).toThrow(NotFoundError);
  expect(() => allowOutboundCall(bots, { bot: 'inbound-only', to: '+15555550199' }, none)).toThrow(expect.objectContaining({ code: 'outbound_calls_off' }) as Error);
});

test('a number that is not international, or a caller ID that is not the bot\'s: invalid', () => {
  expect(() => allowOutboundCall(bots, { bot: 'reminders', to: '555 555 0199' }, none)).toThrow(ValidationError);
  expect(() => allowOutboundCall(bots, { bot: 'reminders', to: '+15555550199', from: '+15559999999' }, none)).toThrow(ValidationError);
});

test('sip-outbound-max-calls: refused while that many of the bot\'s calls are up, counted per bot', () => {
  const up = (name: string) => (name === 'reminders' ? 2 : 0);
  expect(() => allowOutboundCall(bots, { bot: 'reminders', to: '+15555550199' }, up)).toThrow(ConflictError);
  expect(() => allowOutboundCall(bots, { bot: 'reminders', to: '+15555550199' }, up)).toThrow(expect.objectContaining({ code: 'too_many_calls', details: { max_calls: 2 } }) as Error);
  expect(allowOutboundCall(bots, { bot: 'reminders', to: '+15555550199' }, (name) => (name === 'reminders' ? 1 : 5)).to).toBe('+15555550199');
});
