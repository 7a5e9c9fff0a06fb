/** The `sms` channel (Twilio): docs/channels/sms.md. */
export { createSmsAdapter, SIGNATURE_HEADER, type SmsAdapter, type SmsAdapterDeps, type SmsOptOuts } from './sms-adapter.js';
export type { SmsSettings, SmsSettingsOf } from './sms-settings.js';
export { HELP_KEYWORDS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, smsKeywordOf } from './sms-keywords.js';
