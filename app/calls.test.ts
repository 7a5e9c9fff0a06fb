import { defaultBotConfig, type BotConfig, type SipTrunk } from '../config/index.js';
import { phoneSettingsOf } from './calls.js';

// The outbound side of a bot's phone keys (docs/configuration.md, "Phone calls: rtc_sip").
const trunks: SipTrunk[] = [
  { name: 'carrier', addresses: ['192.0.2.0/28'], transport: 'udp', outbound_proxy: 'sip:sbc.carrier.example:5060', credentials: { username: 'acme', password: 'pw' } },
  { name: 'pbx', addresses: ['192.0.2.20'], transport: 'tcp' },
];
const bot = (keys: Partial<BotConfig>) => ({
  name: 'reminders',
  config: { ...defaultBotConfig(), 'sip-enabled': true, 'sip-trunk-name': 'carrier', 'sip-phone-number': ['+15550100'], 'voice-models-url': 'https://voice.example/v1', ...keys },
});

test('calls leave through the bot\'s own trunk by default, with its proxy, transport, credentials and the limits', () => {
  const settings = phoneSettingsOf(bot({ 'sip-outbound-numbers': ['+1555*'] }), trunks, 'sip-trunks.json');
  expect(settings.outbound).toEqual({
    trunk: { name: 'carrier', outboundProxy: 'sip:sbc.carrier.example:5060', transport: 'udp', credentials: { username: 'acme', password: 'pw' } },
    allowed: ['+1555*'], maxCalls: 2, perMinute: 10,
  });
});

test('sip-outbound-route names another trunk; one without an outbound_proxy places no calls', () => {
  expect(phoneSettingsOf(bot({ 'sip-outbound-route': 'pbx' }), trunks, 'sip-trunks.json').outbound).toBeUndefined();
  expect(() => phoneSettingsOf(bot({ 'sip-outbound-route': 'pbx', 'sip-outbound-numbers': ['+1555*'] }), trunks, 'sip-trunks.json'))
    .toThrow('bot reminders: sip-outbound-numbers needs an outbound_proxy on trunk "pbx" of sip-trunks.json');
  expect(() => phoneSettingsOf(bot({ 'sip-outbound-route': 'nowhere' }), trunks, 'sip-trunks.json')).toThrow('sip-outbound-route "nowhere" is no trunk of sip-trunks.json');
});
