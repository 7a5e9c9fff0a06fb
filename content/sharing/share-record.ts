import type { SharingChange } from '../../db/index.js';
import { NotFoundError } from '../../infra/errors.js';
import { assertMayChange, mayRead, type ContentActor, type SharedRecord } from '../content-actor.js';

/** The kinds of content that can be shared, as named on the wire (`PUT /api/sharing/{kind}/{id}`). */
export const SHAREABLE_KINDS = ['files', 'mail', 'events', 'contacts', 'tasks'] as const;
export type ShareableKind = (typeof SHAREABLE_KINDS)[number];

/** Reading and re-sharing one kind's records by id. */
export interface ShareableStore {
  get(id: string): Promise<(SharedRecord & { id: string }) | undefined>;
  share(id: string, change: SharingChange): Promise<(SharedRecord & { id: string }) | undefined>;
}

/**
 * Replaces who a record is shared with (docs/content.md, "Ownership and sharing"): the owner or an
 * admin only; a record the actor cannot see is answered like a missing one.
 */
export async function shareRecord(
  stores: Record<ShareableKind, ShareableStore>,
  input: { actor: ContentActor; kind: ShareableKind; id: string; users: string[]; groups: string[] },
): Promise<SharedRecord & { id: string }> {
  const store = stores[input.kind];
  const record = await store.get(input.id);
  if (!record || !mayRead(input.actor, record)) throw new NotFoundError(`No ${input.kind} record ${input.id}`);
  assertMayChange(input.actor, record, 'a record');
  const updated = await store.share(input.id, { shared_with_users: [...new Set(input.users)], shared_with_groups: [...new Set(input.groups)] });
  if (!updated) throw new NotFoundError(`No ${input.kind} record ${input.id}`);
  return updated;
}
