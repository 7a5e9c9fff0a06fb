import { z } from 'zod';
import {
  decimal, emailAddress, flag, phoneNumbers, phoneNumberPatterns, optionalDecimal, httpUrl, httpUrlWithDefault, languageTag, list, oneOf, optionalLanguageTag, text, textWithDefault, webhookSecret, wholeNumber,
} from './config-values.js';
import { skillRules } from './skill-rules.js';

/** The providers' versioned Graph API, the default `*-api-url` of the Graph-style channels. */
export const GRAPH_API_URL = 'https://graph.facebook.com/v21.0';
/** The workchat provider's OpenID metadata for the tokens it signs (docs/channels/workchat.md). */
export const WORKCHAT_OPENID_METADATA_URL = 'https://login.botframework.com/v1/.well-known/openidconfiguration';
/** The workchat provider's token endpoint for the bot's own calls (multi-tenant app; a tenant id replaces `botframework.com`). */
export const WORKCHAT_TOKEN_URL = 'https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token';

/**
 * Where attendants receive conversations (`attendance-default-destination`, and the destination
 * of TRANSFER TO HUMAN): `web` is the web console, which sees every conversation whatever the choice.
 */
export const ATTENDANT_DESTINATIONS = ['workchat', 'team_chat', 'mobile_msg', 'web'] as const;
export type AttendantDestinationName = (typeof ATTENDANT_DESTINATIONS)[number];

/**
 * Every key a bot's config.csv may set, with its type and default: the attendance
 * configuration plus the identity-federation keys, in the documented
 * kebab-case names. This object is the only place a key or a default is written down; the
 * loader, the `BotConfig` type and the list of known keys all come from it.
 *
 * Where no default makes sense (credentials, addresses, transfer keywords, SIP routes)
 * the value is undefined, or an empty list, meaning "not configured".
 */
export const configSchema = z.object({
  'crm-enabled': flag(true),
  // A customer no CRM contact matches becomes one on their first message (docs/crm.md, "Matching a conversation to its contact").
  'crm-create-contacts': flag(false),
  // The country of CRM phone numbers written without + (ISO 3166 two letters, e.g. BR); unset, such numbers are refused (docs/crm.md).
  'crm-default-country': z.string().trim().regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code such as BR or US')
    .transform((code) => code.toUpperCase()).optional(),
  'attendance-enabled': flag(true),
  'attendance-queue-size': wholeNumber(50, 1),
  'attendance-max-wait-seconds': wholeNumber(600, 1),
  'attendance-priority-default': oneOf(['low', 'normal', 'high', 'urgent'], 'normal'),
  'attendance-auto-assign': flag(true),
  // Skills-based routing (docs/attendance/skills-routing.md): what a conversation needs by its
  // channel, language, tier or topic, and after how long a wait the requirement widens (0: never).
  'attendance-skill-rules': skillRules(),
  'attendance-skills-widen-seconds': wholeNumber(120, 0),
  'attendance-chatops-webhook': httpUrl(),
  // Signs what is POSTed to attendance-chatops-webhook (Standard Webhooks); without it nothing is sent (docs/attendance/webhooks.md).
  'attendance-webhook-secret': webhookSecret(),
  'attendance-mobile-msg-commands': flag(true),
  'attendance-bot-msg-commands': flag(true),
  'attendance-bypass-mode': flag(false),
  'attendance-auto-transfer': flag(false),
  // No default trigger words: so auto-transfer stays inert until words are set.
  'attendance-transfer-keywords': list([]),
  // Queue names the package declares; app/bots.ts has attendance create the missing ones at start-up.
  'attendance-queues': list([]),
  'attendant-llm-tips': flag(true),
  'attendant-polish-message': flag(true),
  'attendant-smart-replies': flag(true),
  'attendant-auto-summary': flag(true),
  'attendant-sentiment-analysis': flag(true),
  'attendance-crm-logging': flag(true),
  'attendance-customer-fields': list(['name', 'email', 'phone', 'tier', 'ltv']),
  'attendance-log-fields': list(['session_id', 'customer_id', 'attendant_id', 'start_time', 'end_time', 'sentiment']),
  'attendance-email-notify': flag(false),
  // Co-browses are kept in the bot's drive only when this is on (docs/attendance/co-browse.md, "Storage").
  'cobrowse-keep-recordings': flag(false),
  'attendance-email-template': text(),
  // "Recipient kind"; the kinds of email recipient (attendant, supervisor, manager,
  // customer) are not pinned as the only values, so this stays free text.
  'attendance-email-recipient': text(),
  'attendance-email-bcc': emailAddress(),
  // Where attendants work; "web" is the web console (docs/attendance/README.md, "Destinations").
  'attendance-default-destination': oneOf(ATTENDANT_DESTINATIONS, 'workchat'),
  'mobile-msg-voice-response': flag(true),
  'voice-models-url': httpUrl(),
  'voice-models-api-key': text(),
  'workchat-enabled': flag(true),
  'workchat-voice-enabled': flag(true),
  'workchat-meeting-enabled': flag(true),
  'workchat-app-id': text(),
  'workchat-app-password': text(),
  'workchat-tenant-id': text(),
  'workchat-bot-id': text(),
  'workchat-openid-metadata-url': httpUrlWithDefault(WORKCHAT_OPENID_METADATA_URL),
  'workchat-token-url': httpUrlWithDefault(WORKCHAT_TOKEN_URL),
  'rtc-url': httpUrl(),
  'rtc-api-key': text(),
  'rtc-api-secret': text(),
  'rtc-room-prefix': textWithDefault('attendance-'),
  // Embedded meetings (docs/meetings.md): a TURN relay for browsers behind strict NATs, and the mesh size.
  'rtc-turn-url': text(),
  'rtc-turn-username': text(),
  'rtc-turn-credential': text(),
  'rtc-max-participants': wholeNumber(4, 2),
  // Phone calls (docs/channels/rtc-sip.md): the trunk is one of SIP_TRUNKS_FILE's, the numbers E.164.
  'sip-enabled': flag(false),
  'sip-trunk-name': text(),
  'sip-phone-number': phoneNumbers(),
  'sip-inbound-route': z.string().trim().regex(/^(bot|queue:.+)$/i, 'expected bot, or queue:<queue name>').default('bot'),
  // Outbound calls (docs/channels/rtc-sip.md, "Outbound calls"): only to numbers the bot allows; none by default.
  'sip-outbound-route': text(),
  'sip-outbound-numbers': phoneNumberPatterns(),
  'sip-outbound-max-calls': wholeNumber(2, 1),
  'sip-outbound-calls-per-minute': wholeNumber(10, 1),
  'sip-max-calls': wholeNumber(20, 1),
  'sip-end-silence-ms': wholeNumber(800, 200),
  'sip-no-input-seconds': wholeNumber(6, 1),
  // Waiting on hold and voicemail (docs/channels/rtc-sip.md, "Waiting for a person").
  'sip-hold-music': text(),
  'sip-hold-announce-seconds': wholeNumber(30, 0),
  'sip-voicemail-max-seconds': wholeNumber(120, 0),
  'sip-voicemail-end-silence-seconds': wholeNumber(4, 1),
  'rtc-recording-enabled': flag(true),
  'rtc-storage-bucket': textWithDefault('recordings'),
  'rtc-transcription-enabled': flag(true),
  'transcription-language': languageTag('pt-BR'),
  // The language the system speaks to customers (queue, wait, survey, errors) and the web widget's, as a
  // BCP 47 tag: en, pt-BR (pt-*) or es (es-*); anything else reads English. Unset: English on the
  // server, the visitor's browser languages in the widget (docs/configuration.md, "Languages").
  'language': optionalLanguageTag(),
  'oidc-provider-url': httpUrl(),
  'oidc-client-id': text(),
  'oidc-client-secret': text(),
  // Identity migration (docs/migration/identity.md): after a user's first federated sign-in their
  // local password stops working; off = hybrid, both keep working.
  'oidc-retire-local-password': flag(false),
  // The bearer token of the SCIM service at /scim/v2, separate from users' tokens; unset = SCIM off.
  'scim-token': text(),
  // Limits of one dialog turn (our own). Defaults match DEFAULT_TURN_LIMITS of
  // basic-interpreter/vm/dialog.ts, which the CLI also applies.
  'dialog-max-steps': wholeNumber(1_000_000, 1),
  'dialog-max-seconds': wholeNumber(30, 1),
  'dialog-max-http-calls': wholeNumber(10, 1),
  'dialog-max-output-chars': wholeNumber(100_000, 1),
  // Per-visitor limit of the web channel : messages per window.
  'web-rate-limit': wholeNumber(30, 1),
  'web-rate-window-seconds': wholeNumber(60, 1),
  // The widget asks a new visitor's name and e-mail before the chat (docs/channels/web.md, "The visitor's name").
  'web-prechat-form': flag(false),
  // The bot's WEBHOOK scripts and forms (docs/basic.md, "Webhooks and forms"): the secret a
  // webhook request must carry (unset: none), and requests per window per client address.
  'webhook-secret': text(),
  'webhook-rate-limit': wholeNumber(120, 1),
  'webhook-rate-window-seconds': wholeNumber(60, 1),
  // Attendance settings of our own design; see docs/attendance/README.md.
  // After a resolve the customer is asked for a 0–10 score, stored as customer_satisfaction.
  'attendance-satisfaction-survey': flag(true),
  // Unset: the catalogue's question in the bot's language (locales/<language>/server.json, survey.question).
  'attendance-satisfaction-question': text(),
  // Resolving a ticket of category sales creates a CRM deal for the customer .
  'attendance-sales-ticket-deal': flag(true),
  // docs/attendance/email.md: customer_waiting after 5 minutes, queue_alert above 10 waiting; resolved mail is optional.
  'attendance-customer-waiting-seconds': wholeNumber(300, 1),
  'attendance-queue-alert-threshold': wholeNumber(10, 1),
  'attendance-email-resolved': flag(false),
  // The language model for attendant assist, the BASIC LLM keyword and transfer triggers
  // (docs/attendance/assist.md): any OpenAI-compatible endpoint. No URL and no key means no model: assist falls back.
  'llm-url': httpUrl(),
  'llm-key': text(),
  'llm-model': textWithDefault('gpt-4o-mini'),
  'llm-timeout-seconds': wholeNumber(15, 1),
  // The knowledge base of USE KB / USE WEBSITE (docs/basic.md, "Knowledge base"): the PostgreSQL
  // text search configuration its passages are indexed and searched with, and how far a crawl goes.
  'kb-language': oneOf(['simple', 'english', 'portuguese', 'spanish', 'french', 'german', 'italian', 'dutch'], 'english'),
  'kb-crawl-max-pages': wholeNumber(20, 1),
  'kb-crawl-max-depth': wholeNumber(2, 0),
  // Bot-side transfer triggers: failed attempts while the customer is upset, or an
  // escalate intent, hand the session to a human.
  'attendance-smart-transfer': flag(true),
  'attendance-transfer-failed-attempts': wholeNumber(3, 1),
  'attendance-transfer-sentiment-threshold': decimal(-0.5, -1, 1),
  // Complexity trigger (docs/attendance/smart-transfer.md, "Complexity"): a customer message scoring above
  // this (0–1) goes to a human; not set, no message is scored. The score is the bot's model's when it has one
  // and attendance-complexity-llm is on (one call per message), else the offline heuristic.
  'attendance-complexity-threshold': optionalDecimal(0, 1),
  'attendance-complexity-llm': flag(true),
  // Escalate intent: asking for a manager, a complaint or legal action transfers at
  // once while attendance-smart-transfer is on (whole words, case and accents ignored).
  'attendance-escalate-keywords': list([
    'manager', 'supervisor', 'complaint', 'complain', 'lawyer', 'attorney', 'legal action', 'sue you',
    'gerente', 'supervisora', 'reclamação', 'reclamar', 'advogado', 'processo judicial', 'ação judicial', 'procon', 'ouvidoria',
  ]),
  // The Graph-style channels (docs/channels/): each is on when enabled and its credentials are set.
  'mobile-msg-enabled': flag(true),
  'mobile-msg-phone-number-id': text(),
  'mobile-msg-access-token': text(),
  'mobile-msg-app-secret': text(),
  'mobile-msg-webhook-verify-token': text(),
  'mobile-msg-api-url': httpUrlWithDefault(GRAPH_API_URL),
  'mobile-msg-reengage-template': text(),
  'mobile-msg-reengage-language': textWithDefault('en_US'),
  // SEND TEMPLATE's language code (docs/basic.md).
  'mobile-msg-template-language': textWithDefault('en_US'),
  'social-dm-enabled': flag(true),
  'social-dm-access-token': text(),
  'social-dm-app-secret': text(),
  'social-dm-webhook-verify-token': text(),
  'social-dm-api-url': httpUrlWithDefault(GRAPH_API_URL),
  'page-msg-enabled': flag(true),
  'page-msg-access-token': text(),
  'page-msg-app-secret': text(),
  'page-msg-webhook-verify-token': text(),
  'page-msg-api-url': httpUrlWithDefault(GRAPH_API_URL),
  // Hardening (README, "Security model"): browsers that may call the web channel, how long a
  // visitor's token lives without use, and whether the bot's HTTP calls and model may reach
  // loopback and private networks.
  'web-allowed-origins': list([]),
  'web-session-ttl-days': wholeNumber(30, 1),
  'http-allow-private-networks': flag(false),
  // Channels bot_msg (Telegram Bot API) and sms (Twilio): docs/channels/bot_msg.md, docs/channels/sms.md.
  // A channel is on for a bot when enabled and its credentials are set; off, its webhook answers 404.
  'bot-msg-enabled': flag(true),
  'bot-msg-token': text(),
  'bot-msg-webhook-secret': text(),
  'bot-msg-api-url': httpUrlWithDefault('https://api.telegram.org'),
  // Replies to a voice or video note, and all once `/voice on`, also go out as a voice note (docs/channels/bot_msg.md).
  'bot-msg-voice-response': flag(true),
  'sms-enabled': flag(true),
  'sms-account-sid': text(),
  'sms-auth-token': text(),
  'sms-from': text(),
  'sms-api-url': httpUrlWithDefault('https://api.twilio.com'),
  'sms-help-text': textWithDefault('Reply STOP to stop receiving messages, START to receive them again.'),
  // The team_chat destination (Slack-style, docs/channels/team-chat.md): on when the token, the signing secret and
  // the channel are set. The API URL ends with a slash, as the Web API client joins method names to it.
  'team-chat-bot-token': text(),
  'team-chat-signing-secret': text(),
  'team-chat-channel': text(),
  'team-chat-api-url': httpUrlWithDefault('https://slack.com/api/'),
  // The bot's mailbox, read by ON EMAIL (docs/basic.md, "Event handlers"): IMAP, TLS from the first byte
  // unless email-imap-tls is false. Host, user and password unset = no mailbox.
  'email-imap-host': text(),
  'email-imap-port': wholeNumber(993, 1),
  'email-imap-tls': flag(true),
  'email-imap-user': text(),
  'email-imap-password': text(),
  'email-imap-mailbox': textWithDefault('INBOX'),
  // How often the bot's ON EMAIL mailbox and ON CHANGE folders are looked at.
  'watch-poll-seconds': wholeNumber(60, 1),
});

/** A bot's typed configuration, e.g. `config['attendance-queue-size']: number`. */
export type BotConfig = z.infer<typeof configSchema>;

/** One of the known key names. */
export type ConfigKey = keyof BotConfig;

/** Whether `key` (already lower-cased) is in the table, as opposed to a param- or unknown key. */
export function isConfigKey(key: string): key is ConfigKey {
  return Object.hasOwn(configSchema.shape, key);
}

/** The configuration of a bot whose config.csv sets nothing: every default of the table. */
export function defaultBotConfig(): BotConfig {
  return configSchema.parse({});
}
