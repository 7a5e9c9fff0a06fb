import { z } from 'zod';
import { ATTENDANT_STATUSES, CONVERSATION_STATUSES } from '../../attendance/index.js';

/** Longest text an attendant may send or type as a command. */
export const ATTENDANT_TEXT_MAX = 4096;

const Text = z.string().max(ATTENDANT_TEXT_MAX).refine((t) => t.trim().length > 0, 'must not be empty');

export const SessionParamsSchema = z.object({ session_id: z.uuid() });

export const CommandRequestSchema = z
  .object({
    text: Text.meta({ description: 'A command such as `/take` or `/status online`, or plain text for the customer' }),
    session_id: z.uuid().optional().meta({ description: 'The conversation the console has open; commands default to it' }),
  })
  .meta({ id: 'AttendanceCommandRequest' });

export const CommandResultSchema = z
  .object({
    ok: z.boolean(),
    reply: z.string().meta({ description: 'What to show the attendant' }),
    session_id: z.uuid().optional().meta({ description: 'The conversation the command acted on' }),
  })
  .meta({ id: 'AttendanceCommandResult' });

export const QueueItemSchema = z
  .object({
    session_id: z.uuid(),
    user_id: z.string(),
    bot_id: z.string(),
    channel: z.string(),
    user_name: z.string(),
    user_email: z.string().nullable(),
    user_phone: z.string().nullable(),
    last_message: z.string().nullable(),
    waiting_time_seconds: z.number().int(),
    priority: z.number().int().meta({ description: '0 low … 3 urgent' }),
    status: z.enum(CONVERSATION_STATUSES),
    assigned_to: z.string().nullable(),
    assigned_to_name: z.string().nullable(),
    queue_id: z.string().nullable(),
    topic: z.string().nullable(),
    waiting_since: z.string().nullable(),
    accepted_at: z.string().nullable(),
  })
  .meta({ id: 'QueueItem' });

export const QueueItemListSchema = QueueItemSchema.array().meta({ id: 'QueueItemList' });

export const AttendantSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    username: z.string(),
    channel: z.string().meta({ description: '`all` or one channel' }),
    preferences: z.string().nullable().meta({ description: 'Topic preference' }),
    department: z.string().nullable(),
    status: z.enum(ATTENDANT_STATUSES),
    active_conversations: z.number().int(),
  })
  .meta({ id: 'Attendant' });

export const AttendantListSchema = AttendantSchema.array().meta({ id: 'AttendantList' });

export const ResolveResultSchema = z
  .object({ ok: z.literal(true), session_id: z.uuid(), status: z.literal('resolved') })
  .meta({ id: 'AttendanceResolveResult' });

export const RelayRequestSchema = z.object({ text: Text }).meta({ id: 'AttendantMessageRequest' });

export const RelayResultSchema = z
  .object({ ok: z.literal(true), session_id: z.uuid(), status: z.enum(CONVERSATION_STATUSES) })
  .meta({ id: 'AttendantMessageResult' });
