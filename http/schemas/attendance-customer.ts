import { z } from 'zod';

/** Most tags a customer keeps, and the longest tag and note (docs/crm.md, "What attendants see"). */
export const CUSTOMER_TAGS_MAX = 50;
export const CUSTOMER_TAG_MAX = 50;
export const CUSTOMER_NOTE_MAX = 10_000;

export const CustomerFieldSchema = z
  .object({
    key: z.string().meta({ description: 'The field as `attendance-customer-fields` names it (name, email, phone, tier, ltv, campaign_id…)' }),
    label: z.string().meta({ description: 'An English label for it' }),
    value: z.union([z.string(), z.number(), z.array(z.string())]).nullable().meta({ description: 'Null when unknown; tags are a list, ltv a number' }),
  })
  .meta({ id: 'AttendanceCustomerField' });

export const CustomerViewSchema = z
  .object({
    session_id: z.uuid(),
    channel: z.string(),
    contact_id: z.uuid().nullable().meta({ description: 'The CRM contact linked to the conversation; null until there is one' }),
    name: z.string().meta({ description: 'The display name: the contact\'s name, else the session\'s customer_name, else "<channel> · <short id>"' }),
    fields: CustomerFieldSchema.array().meta({ description: 'The fields of the bot\'s attendance-customer-fields, in that order' }),
    tags: z.array(z.string()),
    note: z.string().nullable(),
  })
  .meta({ id: 'AttendanceCustomerView' });

export const CustomerNotesRequestSchema = z
  .object({
    tags: z.array(z.string().trim().min(1).max(CUSTOMER_TAG_MAX)).max(CUSTOMER_TAGS_MAX).optional()
      .meta({ description: 'The whole list of tags (replaces it); repeats, ignoring case, are kept once' }),
    note: z.string().max(CUSTOMER_NOTE_MAX).nullable().optional().meta({ description: 'The attendants\' note on the customer; null or blank clears it' }),
  })
  .refine((b) => b.tags !== undefined || b.note !== undefined, 'give tags, note or both')
  .meta({ id: 'AttendanceCustomerNotesRequest' });
