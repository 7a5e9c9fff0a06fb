import { z } from 'zod';
import { AUTO_REPLY_KINDS, WEEKDAYS } from '../../attendance/index.js';

/** A local time of day, `HH:MM` (24:00 allowed as a closing time). */
const Time = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'HH:MM, 00:00 to 24:00');
const Interval = z.object({ open: Time, close: Time });
const Weekly = z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, Interval.array().max(12).optional()])) as Record<(typeof WEEKDAYS)[number], z.ZodOptional<z.ZodArray<typeof Interval>>>);

const AutoReplySchema = z.object({
  kind: z.enum(AUTO_REPLY_KINDS).meta({ description: 'closed: outside business hours; nobody_online: open with nobody online; all_busy: waiting, every attendant busy' }),
  channel: z.string().regex(/^(\*|[a-z][a-z0-9_-]{0,49})$/).meta({ description: 'A channel, or * for any' }),
  language: z.string().regex(/^(\*|[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)$/).meta({ description: 'A language tag (pt-BR, en), or * for any' }),
  text: z.string().trim().min(1).max(2000).meta({ description: 'The reply; {queue}, {opens_at}, {expected_wait_minutes} and {position} are filled in' }),
});

export const QueueHoursRequestSchema = z
  .object({
    time_zone: z.string().min(1).max(64).meta({ description: 'IANA time zone, e.g. Europe/Lisbon' }),
    weekly: Weekly.nullable().meta({ description: 'Opening intervals per weekday (mon…sun), local time; a day absent is closed; null: always open' }),
    holidays: z.iso.date().array().max(366).default([]).meta({ description: 'Local dates (YYYY-MM-DD) the queue stays closed' }),
    closed_action: z.enum(['wait', 'ticket', 'bot']).default('wait')
      .meta({ description: 'Closed or nobody online: wait in the queue, become a ticket, or go back to the bot' }),
    auto_replies: AutoReplySchema.array().max(100).default([]),
  })
  .meta({ id: 'QueueHoursRequest' });

export const QueueHoursSchema = z
  .object({
    queue_id: z.uuid(),
    time_zone: z.string(),
    weekly: Weekly.nullable(),
    holidays: z.string().array(),
    closed_action: z.enum(['wait', 'ticket', 'bot']),
    auto_replies: AutoReplySchema.array(),
    open_now: z.boolean(),
    next_opening: z.string().nullable().meta({ description: 'ISO 8601; now while open; null when it never opens' }),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'QueueHours' });

const Seconds = z.number().int().min(1).max(365 * 24 * 3600);
const PolicyFields = {
  name: z.string().trim().min(1).max(100),
  queue_id: z.uuid().nullable().optional().meta({ description: 'A queue; null or absent for every queue' }),
  tier: z.string().trim().min(1).max(50).nullable().optional().meta({ description: 'A customer tier (premium, gold, standard); null or absent for every tier' }),
  first_response_seconds: Seconds.nullable().optional().meta({ description: 'First-response target; null: not measured' }),
  resolution_seconds: Seconds.nullable().optional().meta({ description: 'Resolution target; null: not measured' }),
  business_hours: z.boolean().optional().meta({ description: "Measure on the queue's business hours (default true)" }),
};

export const CreateSlaPolicyRequestSchema = z.object(PolicyFields).meta({ id: 'CreateSlaPolicyRequest' });
export const UpdateSlaPolicyRequestSchema = z
  .object({ ...PolicyFields, name: PolicyFields.name.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'change at least one field')
  .meta({ id: 'UpdateSlaPolicyRequest' });

export const SlaPolicySchema = z
  .object({
    id: z.uuid(), name: z.string(), queue_id: z.uuid().nullable(), tier: z.string().nullable(),
    first_response_seconds: z.number().int().nullable(), resolution_seconds: z.number().int().nullable(), business_hours: z.boolean(),
    created_at: z.string(), updated_at: z.string(),
  })
  .meta({ id: 'SlaPolicy' });
export const SlaPolicyListSchema = SlaPolicySchema.array().meta({ id: 'SlaPolicyList' });
export const SlaPolicyParamsSchema = z.object({ id: z.uuid() });

export const SlaClockSchema = z
  .object({
    id: z.uuid(),
    subject: z.enum(['conversation', 'ticket']),
    subject_id: z.uuid().meta({ description: "The conversation's session id or the ticket's id" }),
    metric: z.enum(['first_response', 'resolution']),
    queue_id: z.uuid().nullable(),
    attendant_id: z.uuid().nullable(),
    target_seconds: z.number().int(),
    business_hours: z.boolean(),
    started_at: z.string(),
    due_at: z.string().nullable().meta({ description: 'When the target runs out on the clock (null: the queue never opens)' }),
    met_at: z.string().nullable(),
    breached_at: z.string().nullable(),
  })
  .meta({ id: 'SlaClock' });
export const SlaClockListSchema = SlaClockSchema.array().meta({ id: 'SlaClockList' });

const Group = z.object({
  id: z.uuid().nullable(), metric: z.enum(['first_response', 'resolution']),
  total: z.number().int(), met: z.number().int(), breached: z.number().int(), attainment: z.number().nullable(),
});
export const SlaAttainmentSchema = z
  .object({ from: z.string(), to: z.string(), by_queue: Group.array(), by_attendant: Group.array() })
  .meta({ id: 'SlaAttainment' });
