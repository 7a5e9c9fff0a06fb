import { ValidationError } from '../../infra/errors.js';
import type { ContactFields, ContactRow, ContactsStore } from '../crm-ports.js';
import { normaliseTags } from './contact-rules.js';

const FILLABLE = ['first_name', 'last_name', 'email', 'phone', 'owner_id', 'tier', 'ltv', 'last_purchase', 'note', 'unsubscribed_at'] as const;

/**
 * What the kept contact becomes when `from` is merged into it (docs/crm.md, "Duplicates"): each
 * empty field takes `from`'s value, tags are united, custom fields of `from` fill the keys `keep`
 * lacks. Only the changed fields are returned.
 */
export function mergedFields(keep: ContactRow, from: ContactRow): Partial<ContactFields> {
  const changes: Record<string, unknown> = {};
  for (const field of FILLABLE) {
    if ((keep[field] === null || keep[field] === '') && from[field] !== null) changes[field] = from[field];
  }
  const tags = normaliseTags([...keep.tags, ...from.tags]);
  if (tags.length !== keep.tags.length) changes.tags = tags;
  const missing = Object.keys(from.custom_fields).filter((k) => !(k in keep.custom_fields));
  if (missing.length) changes.custom_fields = { ...from.custom_fields, ...keep.custom_fields };
  return changes as Partial<ContactFields>;
}

/**
 * Merges contact `from` into `keep`, both of the same bot: fields filled, tags united, and what
 * pointed at `from` (identities, deals, attendance logs, sessions, campaign recipients,
 * address-book cards) moved; `from` is deleted. One transaction in the store.
 */
export async function mergeContacts(store: Pick<ContactsStore, 'mergeContacts'>, input: { keep: ContactRow; from: ContactRow }): Promise<ContactRow> {
  const { keep, from } = input;
  if (keep.id === from.id) throw new ValidationError('A contact cannot be merged into itself', [{ path: 'from', message: 'same contact' }]);
  if (keep.bot_id !== from.bot_id) throw new ValidationError('Only contacts of the same bot can be merged', [{ path: 'from', message: 'another bot\'s contact' }]);
  return store.mergeContacts(keep.id, from.id, mergedFields(keep, from));
}
