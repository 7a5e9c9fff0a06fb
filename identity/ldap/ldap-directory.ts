import { UpstreamError } from '../../infra/errors.js';
import type { LdapSyncSettings } from './ldap-sync-settings.js';

/** One entry as the sync reads it: its DN and its attributes' values as text. */
export interface DirectoryEntry {
  dn: string;
  attributes: Record<string, string[]>;
}

/** The directory side of the sync: the users and groups under the configured DNs. */
export interface DirectoryReader {
  users(): Promise<DirectoryEntry[]>;
  groups(): Promise<DirectoryEntry[]>;
}

/** Attribute names compared regardless of case, as LDAP does. */
function toEntry(raw: Record<string, unknown>): DirectoryEntry {
  const attributes: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'dn') continue;
    const values = Array.isArray(value) ? value : [value];
    attributes[name.toLowerCase()] = values.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
  }
  return { dn: String(raw.dn), attributes };
}

/**
 * ldapts against the directory: one bind, paged subtree searches (RFC 2696) so directories with
 * a size limit return every entry.
 */
export function createLdapDirectory(settings: LdapSyncSettings): DirectoryReader {
  const search = async (base: string, filter: string, attributes: string[]): Promise<DirectoryEntry[]> => {
    // ldapts loads with the first sync, not with every start (docs/performance.md, "Start-up").
    const { Client } = await import('ldapts');
    const client = new Client({ url: settings.url, timeout: 30_000, connectTimeout: 10_000 });
    try {
      if (settings.bindDn) await client.bind(settings.bindDn, settings.bindPassword ?? '');
      const { searchEntries } = await client.search(base, { scope: 'sub', filter, attributes, paged: { pageSize: settings.pageSize } });
      return searchEntries.map((e) => toEntry(e as Record<string, unknown>));
    } catch (error) {
      throw new UpstreamError(`LDAP search of ${base} failed: ${(error as Error).message}`, 'ldap_error');
    } finally {
      await client.unbind().catch(() => undefined);
    }
  };
  return {
    users: () => search(settings.baseDn, settings.filter, Object.values(settings.mapping)),
    groups: async () => (settings.groupsDn ? search(settings.groupsDn, settings.groupsFilter, ['cn', 'member', 'uniqueMember']) : []),
  };
}
