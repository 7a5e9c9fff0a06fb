import { NotFoundError } from '../../infra/errors.js';
import type { ContactRow, ContactsStore } from '../crm-ports.js';
import { normaliseContactInput, refuseDuplicates, type ContactInput } from './contact-input.js';

/** Changes the given fields of a contact (absent keep, null clears); a phone or email another contact has is refused. */
export async function updateContact(
  store: Pick<ContactsStore, 'getContact' | 'updateContact' | 'findContactsByKeys'>,
  input: { contact: ContactRow; defaultCountry?: string; changes: ContactInput },
): Promise<ContactRow> {
  const changes = normaliseContactInput(input.changes, input.defaultCountry);
  await refuseDuplicates(store, input.contact.bot_id!, { phone: changes.phone, email: changes.email }, input.contact.id);
  const row = await store.updateContact(input.contact.id, changes);
  if (!row) throw new NotFoundError('No such contact', 'contact_not_found');
  return row;
}
