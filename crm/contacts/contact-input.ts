import { CONTACT_TIERS, type ContactTier } from '../../db/schema/crm.js';
import { ConflictError, ValidationError } from '../../infra/errors.js';
import type { ContactFields, ContactsStore } from '../crm-ports.js';
import { normaliseEmail, normalisePhone, normaliseTags } from './contact-rules.js';

export { CONTACT_TIERS, type ContactTier };

/** A contact's fields as a caller gives them: absent keeps, null clears. */
export interface ContactInput {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone?: string | null;
  owner_id?: string | null;
  tier?: ContactTier | null;
  ltv?: number | null;
  last_purchase?: string | null;
  tags?: readonly string[];
  custom_fields?: Record<string, unknown>;
  note?: string | null;
}

const blankToNull = (text: string | null | undefined) => (text === undefined ? undefined : text === null || !text.trim() ? null : text.trim());

/**
 * The stored form of a contact's fields: phone in E.164 (read in `defaultCountry` when written
 * without `+`), email lower case, tags trimmed and lower case, blank names as null. A phone or
 * email that is not one is a `ValidationError` naming the field.
 */
export function normaliseContactInput(input: ContactInput, defaultCountry: string | undefined): Partial<ContactFields> {
  const out: Partial<ContactFields> = {};
  if (input.first_name !== undefined) out.first_name = blankToNull(input.first_name);
  if (input.last_name !== undefined) out.last_name = blankToNull(input.last_name);
  if (input.note !== undefined) out.note = blankToNull(input.note);
  if (input.phone !== undefined) {
    const raw = blankToNull(input.phone);
    const phone = raw === null ? null : normalisePhone(raw!, defaultCountry);
    if (phone === undefined) {
      const hint = defaultCountry ? '' : ' (write it with + and the country code, or set crm-default-country)';
      throw new ValidationError(`phone "${raw}" is not a valid phone number${hint}`, [{ path: 'phone', message: 'not a valid phone number' }], 'invalid_phone');
    }
    out.phone = phone;
  }
  if (input.email !== undefined) {
    const raw = blankToNull(input.email);
    const email = raw === null ? null : normaliseEmail(raw!);
    if (email === undefined) throw new ValidationError(`email "${raw}" is not a valid email address`, [{ path: 'email', message: 'not a valid email address' }], 'invalid_email');
    out.email = email;
  }
  if (input.owner_id !== undefined) out.owner_id = input.owner_id;
  if (input.tier !== undefined) out.tier = input.tier;
  if (input.ltv !== undefined) out.ltv = input.ltv;
  if (input.last_purchase !== undefined) out.last_purchase = input.last_purchase;
  if (input.tags !== undefined) out.tags = normaliseTags(input.tags);
  if (input.custom_fields !== undefined) out.custom_fields = input.custom_fields;
  return out;
}

/**
 * Refuses a phone or email another contact of the bot already has (docs/crm.md, "Duplicates"):
 * 409 `duplicate_contact` naming the field and the existing contact, so the caller can open or
 * merge it instead.
 */
export async function refuseDuplicates(
  store: Pick<ContactsStore, 'findContactsByKeys'>, botId: string, keys: { phone?: string | null; email?: string | null }, exceptId?: string,
): Promise<void> {
  const phones = keys.phone ? [keys.phone] : [];
  const emails = keys.email ? [keys.email] : [];
  if (!phones.length && !emails.length) return;
  for (const other of await store.findContactsByKeys(botId, { phones, emails })) {
    if (other.id === exceptId) continue;
    const field = keys.phone && other.phone === keys.phone ? 'phone' : 'email';
    throw new ConflictError(`A contact of this bot already has this ${field} (${other.id}); update or merge that contact instead`, 'duplicate_contact', {
      field, value: field === 'phone' ? keys.phone : keys.email, existing_contact_id: other.id,
    });
  }
}
