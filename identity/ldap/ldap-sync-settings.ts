import { z } from 'zod';
import { ValidationError } from '../../infra/errors.js';

/** Our user fields a directory attribute can fill (docs/migration/identity.md, "LDAP sync"). */
export const MAPPED_FIELDS = ['username', 'email', 'name', 'phone', 'department', 'external_id'] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
export type AttributeMapping = Record<MappedField, string>;

export const DEFAULT_MAPPING: AttributeMapping = {
  username: 'uid', email: 'mail', name: 'cn', phone: 'telephoneNumber', department: 'departmentNumber', external_id: 'entryUUID',
};

/** `username=sAMAccountName,email=userPrincipalName`: the fields named replace the defaults. */
export function parseMapping(text: string | undefined): AttributeMapping {
  const mapping = { ...DEFAULT_MAPPING };
  for (const pair of (text ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [field, attribute] = pair.split('=').map((s) => s.trim());
    if (!field || !attribute || !(MAPPED_FIELDS as readonly string[]).includes(field)) {
      throw new ValidationError(`Bad mapping "${pair}": use field=attribute with field one of ${MAPPED_FIELDS.join(', ')}`);
    }
    mapping[field as MappedField] = attribute;
  }
  return mapping;
}

/** `30s`, `15m`, `6h`, `1d` in milliseconds. */
export function parseInterval(text: string): number {
  const match = /^(\d+)\s*(s|m|h|d)$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) throw new ValidationError(`Bad interval "${text}": use a number and s, m, h or d (15m)`);
  return Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's' | 'm' | 'h' | 'd'];
}

const optional = z.string().trim().optional().transform((v) => (v ? v : undefined));

/**
 * The sync's settings: environment variables (LDAP_SYNC_*, and the groups provider's
 * LDAP_BIND_DN / LDAP_BIND_PASSWORD) with command-line flags taking precedence. The password is
 * never a flag, so it stays out of the process list.
 */
export const LdapSyncSettingsSchema = z.object({
  url: z.url({ protocol: /^ldaps?$/, error: 'LDAP_SYNC_URL (or --url) must be an ldap:// or ldaps:// URL' }),
  bindDn: optional,
  bindPassword: optional,
  baseDn: z.string({ error: 'LDAP_SYNC_BASE_DN (or --base-dn) is required' }).trim().min(1),
  filter: z.string().trim().min(1).default('(objectClass=inetOrgPerson)'),
  mapping: z.string().optional().transform((v, ctx) => {
    try {
      return parseMapping(v);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  groupsDn: optional,
  groupsFilter: z.string().trim().min(1).default('(objectClass=groupOfNames)'),
  pageSize: z.coerce.number().int().min(1).max(5000).default(500),
  every: optional.transform((v, ctx) => {
    if (v === undefined) return undefined;
    try {
      return parseInterval(v);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
});

export type LdapSyncSettings = z.output<typeof LdapSyncSettingsSchema>;

const FLAGS: Record<string, keyof z.input<typeof LdapSyncSettingsSchema>> = {
  '--url': 'url', '--bind-dn': 'bindDn', '--base-dn': 'baseDn', '--filter': 'filter', '--map': 'mapping',
  '--groups-dn': 'groupsDn', '--groups-filter': 'groupsFilter', '--page-size': 'pageSize', '--every': 'every',
};

/** Environment first, flags over it; a ValidationError lists every problem. */
export function readLdapSyncSettings(args: string[], env: NodeJS.ProcessEnv): LdapSyncSettings {
  const input: Record<string, string | undefined> = {
    url: env.LDAP_SYNC_URL, bindDn: env.LDAP_BIND_DN, bindPassword: env.LDAP_BIND_PASSWORD, baseDn: env.LDAP_SYNC_BASE_DN,
    filter: env.LDAP_SYNC_FILTER, mapping: env.LDAP_SYNC_MAP, groupsDn: env.LDAP_SYNC_GROUPS_DN, groupsFilter: env.LDAP_SYNC_GROUPS_FILTER,
    pageSize: env.LDAP_SYNC_PAGE_SIZE, every: env.LDAP_SYNC_EVERY,
  };
  for (let i = 0; i < args.length; i += 2) {
    const key = FLAGS[args[i]!];
    if (!key || args[i + 1] === undefined) throw new ValidationError(`Unknown or incomplete option "${args[i]}"`);
    input[key] = args[i + 1];
  }
  const parsed = LdapSyncSettingsSchema.safeParse(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`).join('\n'));
  return parsed.data;
}
