import SCIMMY from 'scimmy';
import type { IdentityProvider } from '../../groups/index.js';
import type { IdentityUserStore } from '../identity-store.js';

/** What the SCIM handlers run on, handed to scimmy as each request's context. */
export interface ScimContext {
  users: IdentityUserStore;
  /** The groups area's identity provider: SCIM groups are its groups (docs/groups.md). */
  groups: IdentityProvider;
  /** Owner of a group created without members: the groups area gives every group an owner. */
  defaultOwner(): Promise<string | undefined>;
}

/** A SCIM error answer (RFC 7644 §3.12): scimmy turns it into the Error message body. */
export const scimError = (status: 400 | 404 | 409 | 500, scimType: string | null, detail: string) =>
  new SCIMMY.Types.Error(status, scimType as string, detail);

/**
 * The supported part of a SCIM filter as exact matches: every alternative (`or`) whose
 * expressions are all `eq` on the `fields` given (joined by `and`); undefined when the filter
 * asks more, so the caller falls back to matching in memory.
 */
export function equalityMatches<K extends string>(filter: unknown, fields: Record<string, K>): Partial<Record<K, string>>[] | undefined {
  if (!Array.isArray(filter)) return undefined;
  const alternatives: Partial<Record<K, string>>[] = [];
  for (const expression of filter as Record<string, unknown>[]) {
    const match: Partial<Record<K, string>> = {};
    for (const [attribute, test] of Object.entries(expression)) {
      const field = fields[attribute.toLowerCase()];
      if (!field || !Array.isArray(test) || String(test[0]).toLowerCase() !== 'eq' || typeof test[1] !== 'string') return undefined;
      match[field] = test[1];
    }
    alternatives.push(match);
  }
  return alternatives;
}
