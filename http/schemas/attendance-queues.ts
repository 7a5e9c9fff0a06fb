import { z } from 'zod';
import { RequiredSkillsField, SkillRequirementSchema } from './attendance-skills.js';

/** A channel name as queues list them (`web`, `mobile_msg`, `sms`…). */
const Channel = z.string().regex(/^[a-z][a-z0-9_-]{0,49}$/, 'a lower-case channel name such as web or mobile_msg');
const Count = z.number().int().min(0).max(1_000_000);

export const QueueParamsSchema = z.object({ id: z.uuid() });
export const QueueMemberParamsSchema = z.object({ id: z.uuid(), user_id: z.uuid() });

const QueueFields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().max(2000).nullable().optional(),
  channels: Channel.array().max(50).optional().meta({ description: 'Channels whose conversations this queue takes; default ["mobile_msg"]' }),
  is_active: z.boolean().optional().meta({ description: 'Default true' }),
  priority_order: z.number().int().min(-1000).max(1000).optional().meta({ description: 'Lower first when several queues match; default 0' }),
  max_wait_seconds: z.number().int().min(1).max(7 * 24 * 3600).optional().meta({ description: 'SLA; default 600' }),
  auto_assign: z.boolean().optional().meta({ description: 'Default true' }),
  required_skills: RequiredSkillsField.optional(),
  bot_id: z.uuid().nullable().optional().meta({ description: 'A loaded bot; null or absent for every bot' }),
};

export const CreateQueueRequestSchema = z
  .object({
    ...QueueFields,
    user_ids: z.uuid().array().max(500).optional().meta({ description: 'Users who become members with the default settings' }),
  })
  .meta({ id: 'CreateQueueRequest' });

export const UpdateQueueRequestSchema = z
  .object({ ...QueueFields, name: QueueFields.name.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'change at least one field')
  .meta({ id: 'UpdateQueueRequest' });

export const QueueSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    channels: z.string().array(),
    is_active: z.boolean(),
    priority_order: z.number().int(),
    max_wait_seconds: z.number().int(),
    auto_assign: z.boolean(),
    required_skills: SkillRequirementSchema.array(),
    bot_id: z.uuid().nullable(),
    created_by: z.uuid().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AttendanceQueue' });

export const QueueMemberSchema = z
  .object({
    id: z.uuid(),
    queue_id: z.uuid(),
    user_id: z.uuid(),
    username: z.string(),
    name: z.string(),
    is_active: z.boolean(),
    max_conversations: z.number().int(),
    priority: z.number().int().meta({ description: 'Lower is preferred by the queue rule' }),
    created_at: z.string(),
  })
  .meta({ id: 'AttendanceQueueMember' });

export const QueueMemberListSchema = QueueMemberSchema.array().meta({ id: 'AttendanceQueueMemberList' });

export const QueueWithMembersSchema = QueueSchema.extend({ members: QueueMemberListSchema }).meta({ id: 'AttendanceQueueWithMembers' });

export const QueueListSchema = QueueSchema.extend({ member_count: z.number().int() }).array().meta({ id: 'AttendanceQueueList' });

export const AddQueueMemberRequestSchema = z
  .object({
    user_id: z.uuid(),
    max_conversations: Count.min(1).max(1000).optional().meta({ description: 'Default 5' }),
    priority: z.number().int().min(-1000).max(1000).optional().meta({ description: 'Default 0' }),
    is_active: z.boolean().optional().meta({ description: 'Default true' }),
  })
  .meta({ id: 'AddQueueMemberRequest' });

export const DeletedSchema = z.object({ ok: z.literal(true) }).meta({ id: 'AttendanceDeleted' });
