import { readFileSync } from 'node:fs';
import { configSchema, defaultBotConfig, isConfigKey, type BotConfig } from './config-keys.js';

/** Parses one key's raw value the way the loader does; returns the value or the error text. */
function parseKey(key: keyof BotConfig, raw: string): unknown {
  const result = configSchema.shape[key].safeParse(raw);
  return result.success ? result.data : `error: ${result.error.issues.map((issue) => issue.message).join('; ')}`;
}

describe('config keys', () => {
  it('has every key with its default', () => {
    const expected: BotConfig = {
      'crm-enabled': true,
      'crm-create-contacts': false,
      'crm-default-country': undefined,
      'attendance-enabled': true,
      'attendance-queue-size': 50,
      'attendance-max-wait-seconds': 600,
      'attendance-priority-default': 'normal',
      'attendance-auto-assign': true,
      'attendance-skill-rules': [],
      'attendance-skills-widen-seconds': 120,
      'attendance-chatops-webhook': undefined,
      'attendance-webhook-secret': undefined,
      'attendance-mobile-msg-commands': true,
      'attendance-bot-msg-commands': true,
      'attendance-bypass-mode': false,
      'attendance-auto-transfer': false,
      'attendance-transfer-keywords': [],
      'attendance-queues': [],
      'attendant-llm-tips': true,
      'attendant-polish-message': true,
      'attendant-smart-replies': true,
      'attendant-auto-summary': true,
      'attendant-sentiment-analysis': true,
      'attendance-crm-logging': true,
      'attendance-customer-fields': ['name', 'email', 'phone', 'tier', 'ltv'],
      'attendance-log-fields': ['session_id', 'customer_id', 'attendant_id', 'start_time', 'end_time', 'sentiment'],
      'attendance-email-notify': false,
      'cobrowse-keep-recordings': false,
      'attendance-email-template': undefined,
      'attendance-email-recipient': undefined,
      'attendance-email-bcc': undefined,
      'attendance-default-destination': 'workchat',
      'mobile-msg-voice-response': true,
      'voice-models-url': undefined,
      'voice-models-api-key': undefined,
      'workchat-enabled': true,
      'workchat-voice-enabled': true,
      'workchat-meeting-enabled': true,
      'workchat-app-id': undefined,
      'workchat-app-password': undefined,
      'workchat-tenant-id': undefined,
      'workchat-bot-id': undefined,
      'workchat-openid-metadata-url': 'https://login.botframework.com/v1/.well-known/openidconfiguration',
      'workchat-token-url': 'https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token',
      'rtc-url': undefined,
      'rtc-api-key': undefined,
      'rtc-api-secret': undefined,
      'rtc-room-prefix': 'attendance-',
      'rtc-turn-url': undefined,
      'rtc-turn-username': undefined,
      'rtc-turn-credential': undefined,
      'rtc-max-participants': 4,
      'sip-enabled': false,
      'sip-trunk-name': undefined,
      'sip-phone-number': [],
      'sip-inbound-route': 'bot',
      'sip-outbound-route': undefined,
      'sip-outbound-numbers': [],
      'sip-outbound-max-calls': 2,
      'sip-outbound-calls-per-minute': 10,
      'sip-max-calls': 20,
      'sip-end-silence-ms': 800,
      'sip-no-input-seconds': 6,
      'sip-hold-music': undefined,
      'sip-hold-announce-seconds': 30,
      'sip-voicemail-max-seconds': 120,
      'sip-voicemail-end-silence-seconds': 4,
      'rtc-recording-enabled': true,
      'rtc-storage-bucket': 'recordings',
      'rtc-transcription-enabled': true,
      'transcription-language': 'pt-BR',
      'language': undefined,
      'oidc-provider-url': undefined,
      'oidc-client-id': undefined,
      'oidc-client-secret': undefined,
      'oidc-retire-local-password': false,
      'scim-token': undefined,
      'dialog-max-steps': 1_000_000,
      'dialog-max-seconds': 30,
      'dialog-max-http-calls': 10,
      'dialog-max-output-chars': 100_000,
      'web-rate-limit': 30,
      'web-rate-window-seconds': 60,
      'web-prechat-form': false,
      'webhook-secret': undefined,
      'webhook-rate-limit': 120,
      'webhook-rate-window-seconds': 60,
      'attendance-satisfaction-survey': true,
      'attendance-satisfaction-question': undefined,
      'attendance-sales-ticket-deal': true,
      'attendance-customer-waiting-seconds': 300,
      'attendance-queue-alert-threshold': 10,
      'attendance-email-resolved': false,
      'llm-url': undefined,
      'llm-key': undefined,
      'llm-model': 'gpt-4o-mini',
      'llm-timeout-seconds': 15,
      'kb-language': 'english',
      'kb-crawl-max-pages': 20,
      'kb-crawl-max-depth': 2,
      'attendance-smart-transfer': true,
      'attendance-complexity-llm': true,
      'attendance-complexity-threshold': undefined,
      'attendance-transfer-failed-attempts': 3,
      'attendance-transfer-sentiment-threshold': -0.5,
      'attendance-escalate-keywords': [
        'manager', 'supervisor', 'complaint', 'complain', 'lawyer', 'attorney', 'legal action', 'sue you',
        'gerente', 'supervisora', 'reclamação', 'reclamar', 'advogado', 'processo judicial', 'ação judicial', 'procon', 'ouvidoria',
      ],
      'mobile-msg-enabled': true,
      'mobile-msg-phone-number-id': undefined,
      'mobile-msg-access-token': undefined,
      'mobile-msg-app-secret': undefined,
      'mobile-msg-webhook-verify-token': undefined,
      'mobile-msg-api-url': 'https://graph.facebook.com/v21.0',
      'mobile-msg-reengage-template': undefined,
      'mobile-msg-reengage-language': 'en_US',
      'mobile-msg-template-language': 'en_US',
      'social-dm-enabled': true,
      'social-dm-access-token': undefined,
      'social-dm-app-secret': undefined,
      'social-dm-webhook-verify-token': undefined,
      'social-dm-api-url': 'https://graph.facebook.com/v21.0',
      'page-msg-enabled': true,
      'page-msg-access-token': undefined,
      'page-msg-app-secret': undefined,
      'page-msg-webhook-verify-token': undefined,
      'page-msg-api-url': 'https://graph.facebook.com/v21.0',
      'web-allowed-origins': [],
      'web-session-ttl-days': 30,
      'http-allow-private-networks': false,
      'bot-msg-enabled': true,
      'bot-msg-token': undefined,
      'bot-msg-webhook-secret': undefined,
      'bot-msg-api-url': 'https://api.telegram.org',
      'bot-msg-voice-response': true,
      'sms-enabled': true,
      'sms-account-sid': undefined,
      'sms-auth-token': undefined,
      'sms-from': undefined,
      'sms-api-url': 'https://api.twilio.com',
      'sms-help-text': 'Reply STOP to stop receiving messages, START to receive them again.',
      'team-chat-bot-token': undefined,
      'team-chat-signing-secret': undefined,
      'team-chat-channel': undefined,
      'team-chat-api-url': 'https://slack.com/api/',
      'email-imap-host': undefined,
      'email-imap-port': 993,
      'email-imap-tls': true,
      'email-imap-user': undefined,
      'email-imap-password': undefined,
      'email-imap-mailbox': 'INBOX',
      'watch-poll-seconds': 60,
    };
    expect(Object.keys(configSchema.shape).sort()).toEqual(Object.keys(expected).sort());
    expect(defaultBotConfig()).toEqual(expected); // keys without a default are absent (undefined)
  });

  it('gives each bot its own copy of list defaults', () => {
    defaultBotConfig()['attendance-customer-fields'].push('changed');
    expect(defaultBotConfig()['attendance-customer-fields']).toEqual(['name', 'email', 'phone', 'tier', 'ltv']);
  });

  it('reads booleans as true/false, yes/no, on/off and 1/0 in any case', () => {
    for (const raw of ['true', 'TRUE', 'Yes', 'on', '1']) expect(parseKey('attendance-bypass-mode', raw)).toBe(true);
    for (const raw of ['false', 'False', 'NO', 'off', '0']) expect(parseKey('crm-enabled', raw)).toBe(false);
    expect(parseKey('crm-default-country', ' br ')).toBe('BR');
    expect(parseKey('crm-default-country', 'Brazil')).toBe('error: expected a two-letter country code such as BR or US');
    expect(parseKey('crm-enabled', 'maybe')).toBe('error: expected true or false (yes/no, on/off and 1/0 also work)');
  });

  it('reads decimals within their range (the sentiment threshold)', () => {
    expect(parseKey('attendance-transfer-sentiment-threshold', '-0.7')).toBe(-0.7);
    expect(parseKey('attendance-transfer-sentiment-threshold', '1')).toBe(1);
    expect(parseKey('attendance-transfer-sentiment-threshold', '-1.5')).toBe('error: expected a number from -1 to 1');
    expect(parseKey('attendance-transfer-sentiment-threshold', 'low')).toBe('error: expected a number from -1 to 1');
  });

  it('reads whole numbers and rejects words, decimals, signs and zero', () => {
    expect(parseKey('attendance-queue-size', '120')).toBe(120);
    expect(parseKey('attendance-max-wait-seconds', '007')).toBe(7);
    for (const raw of ['abc', '1.5', '-3', '+3', '0', '1e3', '99999999999999999999']) {
      expect(parseKey('attendance-queue-size', raw)).toBe('error: expected a whole number of at least 1');
    }
  });

  it('reads lists as comma-separated, trimmed, non-empty items', () => {
    expect(parseKey('attendance-transfer-keywords', ' human , agent,,person, ')).toEqual(['human', 'agent', 'person']);
  });

  it('accepts http(s) URLs only', () => {
    expect(parseKey('attendance-chatops-webhook', 'https://chat.example.com/hooks/1?x=a,b')).toBe('https://chat.example.com/hooks/1?x=a,b');
    expect(parseKey('oidc-provider-url', 'http://127.0.0.1:8080/realms/main')).toBe('http://127.0.0.1:8080/realms/main');
    for (const raw of ['not a url', 'ftp://files.example.com', 'example.com']) {
      expect(parseKey('rtc-url', raw)).toBe('error: expected an http:// or https:// URL');
    }
  });

  it('accepts the four priority names in any case', () => {
    expect(parseKey('attendance-priority-default', 'URGENT')).toBe('urgent');
    expect(parseKey('attendance-priority-default', 'critical')).toBe('error: expected one of low, normal, high, urgent');
  });

  it('checks destinations, the bcc address and the transcription language', () => {
    expect(parseKey('attendance-default-destination', 'web')).toBe('web');
    expect(parseKey('attendance-default-destination', 'fax')).toBe('error: expected one of workchat, team_chat, mobile_msg, web');
    expect(parseKey('attendance-email-bcc', 'audit@example.com')).toBe('audit@example.com');
    expect(parseKey('attendance-email-bcc', 'audit')).toBe('error: expected an email address');
    expect(parseKey('transcription-language', 'en-US')).toBe('en-US');
    expect(parseKey('transcription-language', 'not a language')).toBe('error: expected a language tag such as pt-BR or en-US');
    expect(parseKey('language', 'es-MX')).toBe('es-MX');
    expect(parseKey('language', 'português')).toBe('error: expected a language tag such as pt-BR or en-US');
  });

  it('checks the attendance webhook secret is a Standard Webhooks secret', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(parseKey('attendance-webhook-secret', secret)).toBe(secret);
    expect(parseKey('attendance-webhook-secret', secret.slice('whsec_'.length))).toBe(secret.slice('whsec_'.length));
    expect(parseKey('attendance-webhook-secret', 'whsec_c2hvcnQ=')).toMatch(/^error: expected whsec_ followed by the base64 of 24 to 64/);
    expect(parseKey('attendance-webhook-secret', 'not base64!')).toMatch(/^error: expected whsec_/);
  });

  it('keeps credentials and names as written', () => {
    expect(parseKey('workchat-app-password', 'p@ss, "word"')).toBe('p@ss, "word"');
  });

  it('tells table keys from other names', () => {
    expect(isConfigKey('attendance-queue-size')).toBe(true);
    expect(isConfigKey('param-greeting')).toBe(false);
    expect(isConfigKey('constructor')).toBe(false);
  });

  it('is the table of docs/configuration.md: every key once, with its default', () => {
    const page = readFileSync(new URL('../docs/configuration.md', import.meta.url), 'utf8');
    const rows = [...page.matchAll(/^\| `([a-z0-9-]+)` \| [^|]+ \| ([^|]+) \|/gm)].map(([, key, cell]) => [key, cell!.trim()]);
    const shown = (value: unknown) =>
      value === undefined ? 'none'
      : Array.isArray(value) ? (value.length === 0 ? 'empty' : `\`${value.join(', ')}\``)
      : `\`${String(value)}\``;
    const defaults = defaultBotConfig() as Record<string, unknown>;
    expect(rows.map(([key]) => key).sort()).toEqual(Object.keys(configSchema.shape).sort());
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.keys(configSchema.shape).map((key) => [key, shown(defaults[key])])));
  });
});

describe('attendance-skill-rules', () => {
  test('source:value=skill[:level] entries, lower-cased; level 1 when left out', () => {
    expect(parseKey('attendance-skill-rules', 'channel:rtc_sip=phone:2, Language:ES=Spanish:3, tier:gold=VIP')).toEqual([
      { source: 'channel', value: 'rtc_sip', skill: 'phone', min_level: 2 },
      { source: 'language', value: 'es', skill: 'spanish', min_level: 3 },
      { source: 'tier', value: 'gold', skill: 'vip', min_level: 1 },
    ]);
  });

  test('an unknown source, a level outside 1–5 or a missing skill fails, quoting the entry', () => {
    for (const entry of ['country:br=portuguese', 'topic:billing=billing:6', 'topic:billing=', 'billing:3']) {
      expect(parseKey('attendance-skill-rules', entry)).toMatch(new RegExp(`^error: expected entries like .*got "${entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"$`));
    }
  });

  test('the widening wait takes 0 (never)', () => {
    expect(parseKey('attendance-skills-widen-seconds', '0')).toBe(0);
    expect(parseKey('attendance-skills-widen-seconds', '90')).toBe(90);
  });
});
