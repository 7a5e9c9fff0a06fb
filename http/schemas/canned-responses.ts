import { z } from 'zod';

export const CannedResponseParamsSchema = z.object({ id: z.uuid() });

export const CannedResponseListQuerySchema = z.object({
  bot: z.string().min(1).max(100).optional().meta({ description: 'A bot id or name: its responses and those for every bot' }),
});

const fields = {
  shortcut: z.string().regex(/^[\w-]{1,50}$/, 'letters, digits, _ and - only, up to 50').meta({ description: 'Typed after `/` in the reply box' }),
  title: z.string().trim().min(1).max(200),
  content: z.string().max(4096).refine((t) => t.trim().length > 0, 'must not be empty'),
  bot: z.string().min(1).max(100).nullable().meta({ description: 'A bot id or name; null or absent for every bot' }),
};

export const CreateCannedResponseRequestSchema = z
  .object({
    ...fields,
    bot: fields.bot.optional(),
    scope: z.enum(['personal', 'team']).optional().meta({ description: '`personal` (default): the caller\'s own; `team`: every attendant\'s (supervisors and admins)' }),
  })
  .meta({ id: 'CannedResponseCreateRequest' });

export const UpdateCannedResponseRequestSchema = z
  .object(fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'change at least one field')
  .meta({ id: 'CannedResponseUpdateRequest' });

export const CannedResponseSchema = z
  .object({
    id: z.uuid(),
    shortcut: z.string(),
    title: z.string(),
    content: z.string(),
    bot_id: z.uuid().nullable(),
    scope: z.enum(['personal', 'team']),
    owner_id: z.uuid().nullable(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'CannedResponse' });

export const CannedResponseListSchema = z.object({ canned_responses: CannedResponseSchema.array() }).meta({ id: 'CannedResponseList' });

export const CannedResponseDeletedSchema = z.object({ ok: z.literal(true) }).meta({ id: 'CannedResponseDeleted' });
