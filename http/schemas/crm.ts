import { z } from 'zod';
import { CONTACT_TIERS, IMPORT_FIELDS } from '../../crm/index.js';

/** Most records one page may return. */
export const CRM_LIMIT_MAX = 100;
const TEXT_MAX = 20_000;

const Bot = z.string().trim().min(1).max(100).meta({ description: 'The bot whose CRM this is, by id or name; may be left out when one bot is loaded' });
const Name = z.string().trim().max(200);
const Paging = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CRM_LIMIT_MAX).default(20),
};

export const CrmBotQuerySchema = z.object({ bot: Bot.optional() });
export const CrmIdParamsSchema = z.object({ id: z.uuid() });

/** The writable fields of a contact: absent keeps, null clears. */
const contactFields = {
  first_name: Name.nullable(),
  last_name: Name.nullable(),
  email: z.string().max(254).nullable().meta({ description: 'Stored lower case; unique per bot' }),
  phone: z.string().max(40).nullable()
    .meta({ description: 'Stored in E.164; written without +, read in the bot\'s crm-default-country; unique per bot' }),
  owner_id: z.uuid().nullable().meta({ description: 'The user who owns the contact' }),
  tier: z.enum(CONTACT_TIERS).nullable(),
  ltv: z.number().finite().nullable().meta({ description: 'Lifetime value, in the business\'s currency' }),
  last_purchase: z.iso.date().nullable().meta({ description: 'YYYY-MM-DD' }),
  tags: z.array(z.string().trim().min(1).max(100)).max(100).meta({ description: 'Stored trimmed and lower case, without repeats' }),
  custom_fields: z.record(z.string().max(100), z.union([z.string().max(TEXT_MAX), z.number(), z.boolean(), z.null()]))
    .refine((r) => Object.keys(r).length <= 100, 'at most 100 custom fields').meta({ description: 'Free fields: string, number or boolean values' }),
  note: z.string().max(TEXT_MAX).nullable(),
};

export const CreateContactRequestSchema = z.object({ bot: Bot.optional(), ...contactFields }).partial()
  .refine((b) => b.phone || b.email || b.first_name || b.last_name, 'a contact needs a name, a phone or an email')
  .meta({ id: 'CrmContactCreateRequest' });

export const UpdateContactRequestSchema = z.object(contactFields).partial()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required')
  .meta({ id: 'CrmContactUpdateRequest', description: 'Attendants may send only tags' });

export const MergeContactRequestSchema = z.object({ from: z.uuid().meta({ description: 'The contact merged into this one, then deleted' }) })
  .meta({ id: 'CrmContactMergeRequest' });

export const ListContactsQuerySchema = z.object({
  bot: Bot.optional(),
  name: z.string().trim().min(1).max(200).optional().meta({ description: 'Part of the first or last name, case-insensitive' }),
  phone: z.string().max(40).optional().meta({ description: 'The phone, in any spelling the bot reads as the same E.164 number' }),
  email: z.string().max(254).optional(),
  tag: z.string().max(100).optional(),
  tier: z.enum(CONTACT_TIERS).optional(),
  owner_id: z.uuid().optional(),
  ...Paging,
});

export const ContactSchema = z.object({
  id: z.uuid(),
  bot_id: z.uuid().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  owner_id: z.uuid().nullable(),
  tier: z.enum(CONTACT_TIERS).nullable(),
  ltv: z.number().nullable(),
  last_purchase: z.string().nullable(),
  tags: z.array(z.string()),
  custom_fields: z.record(z.string(), z.unknown()),
  note: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  created_at: z.string().meta({ description: 'ISO 8601' }),
  updated_at: z.string(),
}).meta({ id: 'CrmContact' });

export const ContactListSchema = z.object({ contacts: ContactSchema.array(), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'CrmContactList' });

const dealFields = {
  name: z.string().trim().min(1).max(500),
  value: z.number().finite().nullable(),
  stage: z.string().trim().min(1).max(100).nullable().meta({ description: 'The name of a pipeline stage that exists' }),
  contact_id: z.uuid().nullable(),
  owner_id: z.uuid().nullable(),
  campaign_id: z.uuid().nullable(),
};

export const CreateDealRequestSchema = z.object({ bot: Bot.optional(), ...dealFields }).partial({
  value: true, stage: true, contact_id: true, owner_id: true, campaign_id: true,
}).meta({ id: 'CrmDealCreateRequest' });

export const UpdateDealRequestSchema = z.object(dealFields).partial()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required').meta({ id: 'CrmDealUpdateRequest' });

export const MoveDealRequestSchema = z.object({ stage: dealFields.stage.unwrap() }).meta({ id: 'CrmDealMoveRequest' });

export const ListDealsQuerySchema = z.object({
  bot: Bot.optional(), stage: z.string().max(100).optional(), contact_id: z.uuid().optional(), owner_id: z.uuid().optional(), ...Paging,
});

export const CrmDealSchema = z.object({
  id: z.uuid(), bot_id: z.uuid().nullable(), name: z.string(), value: z.number().nullable(), stage: z.string().nullable(),
  contact_id: z.uuid().nullable(), owner_id: z.uuid().nullable(), campaign_id: z.uuid().nullable(), created_at: z.string(), updated_at: z.string(),
}).meta({ id: 'CrmDealRecord' });

export const DealListSchema = z.object({ deals: CrmDealSchema.array(), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'CrmDealList' });

const stageFields = {
  name: z.string().trim().min(1).max(100),
  order_index: z.number().int().min(0).max(10_000),
  probability: z.number().min(0).max(100).meta({ description: 'Chance of winning a deal at this stage, 0–100' }),
};

export const CreateStageRequestSchema = z.object({ bot: Bot.optional(), ...stageFields }).partial({ order_index: true, probability: true })
  .meta({ id: 'CrmStageCreateRequest', description: 'Without order_index the stage goes last' });
export const UpdateStageRequestSchema = z.object(stageFields).partial()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required').meta({ id: 'CrmStageUpdateRequest' });
export const ReorderStagesRequestSchema = z.object({ bot: Bot.optional(), ids: z.array(z.uuid()).min(1).max(1000).meta({ description: 'Every stage, in the new order' }) })
  .meta({ id: 'CrmStageOrderRequest' });

export const StageSchema = z.object({ id: z.uuid(), name: z.string(), order_index: z.number().int(), probability: z.number() }).meta({ id: 'CrmPipelineStage' });
export const StageListSchema = z.object({ stages: StageSchema.array() }).meta({ id: 'CrmPipelineStageList' });

export const CrmDeleteResultSchema = z.object({ deleted: z.literal(true), id: z.string() }).meta({ id: 'CrmDeleteResult' });

const MapPair = z.string().max(300).meta({ description: `column=field; the field one of ${IMPORT_FIELDS.join(', ')}, custom.<key> or ignore` });

export const ImportContactsQuerySchema = z.object({
  bot: Bot.optional(),
  dry_run: z.enum(['true', 'false']).optional().transform((v) => v === 'true').meta({ description: 'Report what would happen, write nothing' }),
  map: z.union([MapPair, z.array(MapPair).max(200)]).optional().transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .meta({ description: 'Repeatable column=field pairs; headers naming a field need none' }),
});

export const ImportReportSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number().int().meta({ description: 'Data rows read (the header excepted)' }),
  created: z.number().int(),
  updated: z.number().int().meta({ description: 'Rows whose phone or email the bot already had' }),
  rejected_count: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })).meta({ description: 'The first 1000 rejected rows, by line of the file' }),
  ignored_columns: z.array(z.string()),
}).meta({ id: 'CrmImportReport' });
