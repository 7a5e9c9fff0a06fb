import type { ContactRow, ContactsStore } from '../crm-ports.js';
import { normaliseContactInput, refuseDuplicates, type ContactInput } from './contact-input.js';

/** Adds a contact to a bot's CRM; a phone or email the bot already has is refused (docs/crm.md, "Duplicates"). */
export async function createContact(
  store: Pick<ContactsStore, 'createContact' | 'findContactsByKeys'>,
  input: { botId: string; defaultCountry?: string; fields: ContactInput },
): Promise<ContactRow> {
  const fields = normaliseContactInput(input.fields, input.defaultCountry);
  await refuseDuplicates(store, input.botId, fields);
  return store.createContact({ ...fields, bot_id: input.botId });
}
