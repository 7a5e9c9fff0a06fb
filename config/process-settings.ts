import path from 'node:path';
import { z } from 'zod';
import { TrustProxySchema } from './trust-proxy.js';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * The process's own settings, read from environment variables (README lists each). Bot settings
 * live in each bot's config.csv instead. Parsed once at start-up so a bad value stops the
 * service before it listens, with a message naming the variable.
 */
export const ProcessSettingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // This machine only until the operator says otherwise: a first start prints a fresh admin password (README, "Configuration").
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  BOTS_DIR: z.string().default('./bots'),
  // Derived data a start can rebuild (README, "Configuration"): unset, <DATA_DIR>/cache.
  CACHE_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  // Unset: switchboard:<first 8 digits of the deployment's id> (docs/operations/high-availability.md).
  REDIS_PREFIX: optionalString,
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(8 * 3600),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional()),
  ADMIN_USERNAME: optionalString,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Argon2id memory per password hash (auth/password-hasher.ts); the library's minimum is 1024. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).default(65_536),
  // Mail (attendance notices, SEND MAIL): smtp://user:pass@host:port or smtps://…; unset = no mail.
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().trim().min(1).default('Switchboard <no-reply@localhost>'),
  // Metrics (docs/metrics.md): unset = GET /metrics on PORT for admins; set = a token-free listener on METRICS_HOST only.
  METRICS_PORT: optionalString.pipe(z.coerce.number<string>().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  // The externally visible base URL (https://bots.example.com): provider webhooks are registered
  // with it and their signatures checked against it behind a proxy (docs/channels/sms.md).
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // The outbound guard (docs/architecture.md, "Outbound requests"): deployment-wide URLs (web push endpoints,
  // notification webhooks, the chat-ops hook, the identity provider, FCM, object storage) may reach loopback and
  // private networks only when this is true; metadata and link-local addresses never.
  OUTBOUND_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  // Whose X-Forwarded-For is believed (docs/operations/reverse-proxy.md): unset = nobody's.
  TRUST_PROXY: TrustProxySchema,
  // Strict-Transport-Security on every answer (http/browser-security.ts); unset: on when PUBLIC_URL is https.
  HSTS: optionalString.pipe(z.enum(['on', 'off']).optional()),
  // Notifications (docs/notifications.md, "Limits"): the limits, and PUBLIC_URL (above) is the base of click-tracking links.
  NOTIFICATIONS_SEND_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(100),
  NOTIFICATIONS_BROADCAST_LIMIT_PER_DAY: z.coerce.number().int().positive().default(10),
  NOTIFICATIONS_TEMPLATE_LIMIT_PER_DAY: z.coerce.number().int().positive().default(20),
  WEB_PUSH_SUBJECT: z.string().trim().regex(/^(mailto:|https:)/, 'WEB_PUSH_SUBJECT must be a mailto: or https: URL').default('mailto:admin@localhost'),
  WEB_PUSH_CA_FILE: optionalString,
  // Notification sms: the bot whose sms-* keys (Twilio account, sender) send them; unset = sms not configured.
  NOTIFICATIONS_SMS_BOT: optionalString,
  // Mobile push (FCM HTTP v1): a service-account key file; the project defaults to the file's project_id.
  FCM_CREDENTIALS_FILE: optionalString,
  FCM_PROJECT_ID: optionalString,
  FCM_API_URL: z.url({ protocol: /^https?$/ }).default('https://fcm.googleapis.com'),
  // The built console, widget and demo page (npm run build, vite.config.ts); served at /console/, /widget.js, /demo/{bot}.
  WEB_DIR: z.string().default('./dist/web'),
  // `production` refuses bots whose channels would accept unsigned requests (docs/channels/workchat.md).
  NODE_ENV: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // Groups (docs/groups.md): the identity provider every group operation is forwarded to.
  IDP: z.enum(['embedded', 'keycloak', 'zitadel', 'ldap']).default('embedded'),
  IDP_URL: optionalString.pipe(z.url({ protocol: /^(https?|ldaps?)$/ }).optional()),
  IDP_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  KEYCLOAK_REALM: optionalString,
  KEYCLOAK_CLIENT_ID: optionalString,
  KEYCLOAK_CLIENT_SECRET: optionalString,
  ZITADEL_CLIENT_ID: optionalString,
  ZITADEL_CLIENT_SECRET: optionalString,
  LDAP_BIND_DN: optionalString,
  LDAP_BIND_PASSWORD: optionalString,
  LDAP_GROUPS_DN: optionalString,
  LDAP_USERS_DN: optionalString,
  LDAP_GROUP_CLASS: z.string().trim().min(1).default('groupOfNames'),
  LDAP_USER_ID_ATTRIBUTE: z.string().trim().min(1).default('uid'),
  // The file store (docs/content.md, "Files"): <DATA_DIR>/files, or an S3-compatible bucket when STORAGE_URL is set.
  STORAGE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  STORAGE_BUCKET: optionalString,
  STORAGE_ACCESS_KEY: optionalString,
  STORAGE_SECRET_KEY: optionalString,
  STORAGE_REGION: z.string().trim().min(1).default('us-east-1'),
  // Phone calls (docs/channels/rtc-sip.md): opened only when a bot has sip-enabled. SIP_HOST unset = HOST.
  SIP_HOST: optionalString,
  SIP_PORT: z.coerce.number().int().min(0).max(65535).default(5060),
  // Unset: the same port as SIP_PORT; `off`: no TCP listener.
  SIP_TCP_PORT: optionalString.pipe(z.union([z.literal('off'), z.coerce.number<string>().int().min(0).max(65535)]).optional()),
  // SIP over TLS (docs/channels/rtc-sip.md, "SIP over TLS and SRTP"): unset, no TLS listener; with it, the PEM certificate chain and key.
  SIP_TLS_PORT: optionalString.pipe(z.coerce.number<string>().int().min(0).max(65535).optional()),
  SIP_TLS_CERT_FILE: optionalString,
  SIP_TLS_KEY_FILE: optionalString,
  // The address written in SDP and Contact when the service is behind NAT (the public IP); unset = SIP_HOST.
  SIP_PUBLIC_ADDRESS: optionalString,
  // Where the calls' media (RTP, their clock, playback, listening) run: a worker thread of their own, or the main thread.
  SIP_MEDIA_THREAD: z.enum(['worker', 'main']).default('worker'),
  RTP_PORT_MIN: z.coerce.number().int().min(1024).max(65534).default(10_000),
  RTP_PORT_MAX: z.coerce.number().int().min(1025).max(65535).default(20_000),
  // The trunks calls may come from (docs/channels/rtc-sip.md, "Trunks"); a relative path is resolved against the working directory.
  SIP_TRUNKS_FILE: z.string().default('./sip-trunks.json'),
  // Several instances (docs/operations/kamailio.md): an instance whose calls' heartbeat is older than this is dead,
  // and a survivor calls its callers back. Instances beat every third of it.
  SIP_INSTANCE_TIMEOUT_SECONDS: z.coerce.number().int().min(3).max(3600).default(15),
}).superRefine((s, ctx) => {
  for (const key of ['STORAGE_BUCKET', 'STORAGE_ACCESS_KEY', 'STORAGE_SECRET_KEY'] as const) {
    if (s.STORAGE_URL && s[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when STORAGE_URL is set` });
  }
  // Fail at start-up: a provider other than embedded needs its address and credentials.
  const required: Record<typeof s.IDP, (keyof typeof s)[]> = {
    embedded: [],
    keycloak: ['IDP_URL', 'KEYCLOAK_REALM', 'KEYCLOAK_CLIENT_ID', 'KEYCLOAK_CLIENT_SECRET'],
    zitadel: ['IDP_URL', 'ZITADEL_CLIENT_ID', 'ZITADEL_CLIENT_SECRET'],
    ldap: ['IDP_URL', 'LDAP_BIND_DN', 'LDAP_BIND_PASSWORD', 'LDAP_GROUPS_DN', 'LDAP_USERS_DN'],
  };
  if (s.SIP_TLS_PORT !== undefined) {
    for (const key of ['SIP_TLS_CERT_FILE', 'SIP_TLS_KEY_FILE'] as const) {
      if (s[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when SIP_TLS_PORT is set` });
    }
  }
  if (s.RTP_PORT_MIN >= s.RTP_PORT_MAX) ctx.addIssue({ code: 'custom', path: ['RTP_PORT_MAX'], message: 'RTP_PORT_MAX must be above RTP_PORT_MIN' });
  for (const key of required[s.IDP]) {
    if (s[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when IDP=${s.IDP}` });
  }
});

export type ProcessSettings = Omit<z.infer<typeof ProcessSettingsSchema>, 'HSTS' | 'CACHE_DIR'> & { HSTS: 'on' | 'off'; CACHE_DIR: string };

/** Thrown when an environment variable has an invalid value; the message lists every problem. */
export class SettingsError extends Error {}

/** Parses the environment; relative directories are resolved against the working directory. */
export function readProcessSettings(env: NodeJS.ProcessEnv = process.env): ProcessSettings {
  const result = ProcessSettingsSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new SettingsError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const hsts = result.data.HSTS ?? (result.data.PUBLIC_URL?.startsWith('https:') ? 'on' : 'off');
  return {
    ...result.data, HSTS: hsts,
    SIP_TRUNKS_FILE: path.resolve(result.data.SIP_TRUNKS_FILE),
    DATA_DIR: path.resolve(result.data.DATA_DIR), CACHE_DIR: path.resolve(result.data.CACHE_DIR ?? path.join(result.data.DATA_DIR, 'cache')), BOTS_DIR: path.resolve(result.data.BOTS_DIR), WEB_DIR: path.resolve(result.data.WEB_DIR),
  };
}
