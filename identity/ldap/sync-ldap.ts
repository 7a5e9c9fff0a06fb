import type { IdentityProvider } from '../../groups/index.js';
import { allGroups } from '../all-groups.js';
import { DomainError, ValidationError } from '../../infra/errors.js';
import type { IdentityUserStore } from '../identity-store.js';
import { upsertUser } from '../upsert-user.js';
import { UserProfileSchema } from '../user-profile.js';
import type { DirectoryEntry, DirectoryReader } from './ldap-directory.js';
import type { AttributeMapping } from './ldap-sync-settings.js';

export interface LdapSyncReport {
  users: { seen: number; created: number; updated: number; unchanged: number; deactivated: number; failed: number };
  groups: { seen: number; created: number; members_added: number; members_removed: number };
  errors: { dn: string; error: string }[];
}

export interface LdapSyncDeps {
  users: Pick<IdentityUserStore, 'findByExternalId' | 'findByEmail' | 'findByLogin' | 'insert' | 'update' | 'match'>;
  directory: DirectoryReader;
  /** The groups area's provider: directory groups become its groups (docs/groups.md). */
  groups: IdentityProvider;
}

const first = (entry: DirectoryEntry, attribute: string) => entry.attributes[attribute.toLowerCase()]?.[0];

function profileOf(entry: DirectoryEntry, mapping: AttributeMapping) {
  const parsed = UserProfileSchema.safeParse({
    username: first(entry, mapping.username), email: first(entry, mapping.email), display_name: first(entry, mapping.name) ?? '',
    phone: first(entry, mapping.phone) ?? null, department: first(entry, mapping.department) ?? null,
    // Without the mapped id attribute the DN identifies the entry (it changes on a rename).
    external_id: `ldap:${first(entry, mapping.external_id) ?? entry.dn.toLowerCase()}`, active: true,
  });
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

/**
 * `switchboard sync ldap` (docs/migration/identity.md, "LDAP sync"): every directory user is
 * created or updated (source `ldap`); accounts of source `ldap` no longer in the directory are
 * deactivated, never deleted; groups under the groups DN are created at the groups provider by
 * name and their members brought in line. An empty search deactivates nobody: it is refused.
 */
export async function syncLdap(deps: LdapSyncDeps, mapping: AttributeMapping): Promise<LdapSyncReport> {
  const report: LdapSyncReport = {
    users: { seen: 0, created: 0, updated: 0, unchanged: 0, deactivated: 0, failed: 0 },
    groups: { seen: 0, created: 0, members_added: 0, members_removed: 0 },
    errors: [],
  };
  const entries = await deps.directory.users();
  if (entries.length === 0) throw new ValidationError('The directory search returned no users: check the base DN and filter (nobody was deactivated)');
  const idByDn = new Map<string, string>();
  for (const entry of entries) {
    report.users.seen += 1;
    try {
      const { action, user } = await upsertUser(deps, profileOf(entry, mapping), 'ldap');
      report.users[action] += 1;
      idByDn.set(entry.dn.toLowerCase(), user.id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      report.users.failed += 1;
      report.errors.push({ dn: entry.dn, error: error.message });
    }
  }
  const seen = new Set(idByDn.values());
  const managed = await deps.users.match({ source: 'ldap' });
  for (const user of managed) {
    if (user.is_active && !seen.has(user.id)) {
      await deps.users.update(user.id, { is_active: false });
      report.users.deactivated += 1;
    }
  }
  await syncGroups(deps, await deps.directory.groups(), idByDn, new Set([...seen, ...managed.map((u) => u.id)]), report);
  return report;
}

async function syncGroups(deps: LdapSyncDeps, entries: DirectoryEntry[], idByDn: Map<string, string>, synced: Set<string>, report: LdapSyncReport) {
  if (entries.length === 0) return;
  const existing = await allGroups(deps.groups);
  for (const entry of entries) {
    report.groups.seen += 1;
    const name = first(entry, 'cn') ?? entry.dn;
    const wanted = [...(entry.attributes.member ?? []), ...(entry.attributes.uniquemember ?? [])]
      .map((dn) => idByDn.get(dn.toLowerCase())).filter((id): id is string => id !== undefined);
    let group = existing.find((g) => g.name === name);
    if (!group) {
      if (wanted.length === 0) continue; // the groups area needs an owner: an empty group waits for a member
      group = await deps.groups.createGroup({ name, description: `Synchronised from ${entry.dn}`, domain: '' }, wanted[0]!);
      report.groups.created += 1;
    }
    const current = new Set((await deps.groups.listMembers(group.id)).map((m) => m.user_id));
    for (const id of wanted) {
      if (current.has(id)) continue;
      await deps.groups.addMember(group.id, id, 'member');
      report.groups.members_added += 1;
    }
    // Only accounts the sync manages (source ldap) leave; people added by hand in Switchboard stay.
    for (const id of current) {
      if (synced.has(id) && !wanted.includes(id)) {
        await deps.groups.removeMember(group.id, id);
        report.groups.members_removed += 1;
      }
    }
  }
}
