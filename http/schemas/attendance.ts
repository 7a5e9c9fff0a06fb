import { z } from 'zod';
import { ChannelSchema } from './channel.js';
import { SkillRequirementSchema } from './attendance-skills.js';
import { ATTENDANT_STATUSES, CONVERSATION_STATUSES, KANBAN_COLUMNS } from '../../attendance/index.js';

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
    channel: ChannelSchema,
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
    required_skills: SkillRequirementSchema.array().meta({
      description: 'What an attendant must know to be given it automatically: its own requirement and its queue\'s, each skill once at its highest minimum, before widening (docs/attendance/skills-routing.md)',
    }),
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

export const AssignRequestSchema = z
  .object({
    session_id: z.uuid(),
    attendant_id: z.uuid().meta({ description: 'An active user with the attendant, supervisor or admin role' }),
  })
  .meta({ id: 'AttendanceAssignRequest' });

export const AssignResultSchema = z
  .object({
    ok: z.literal(true),
    session_id: z.uuid(),
    status: z.enum(CONVERSATION_STATUSES).meta({ description: '`assigned` until the attendant accepts it with /take' }),
    assigned_to: z.uuid(),
    assigned_to_name: z.string().nullable(),
  })
  .meta({ id: 'AttendanceAssignResult' });

export const TransferRequestSchema = z
  .object({
    session_id: z.uuid(),
    to_attendant_id: z.uuid().optional().meta({ description: 'Give it to this attendant (status assigned)' }),
    to_queue_id: z.uuid().optional().meta({ description: 'Put it back to waiting in this queue, then try auto-assignment' }),
    reason: z.string().trim().min(1).max(1000).meta({ description: 'Why; kept in the event log' }),
  })
  .refine((b) => (b.to_attendant_id === undefined) !== (b.to_queue_id === undefined), {
    message: 'name exactly one of to_attendant_id and to_queue_id',
    path: ['to_attendant_id'],
  })
  .meta({ id: 'AttendanceTransferRequest' });

export const TransferResultSchema = z
  .object({
    ok: z.literal(true),
    session_id: z.uuid(),
    status: z.enum(CONVERSATION_STATUSES),
    assigned_to: z.uuid().nullable(),
    queue_id: z.uuid().nullable(),
  })
  .meta({ id: 'AttendanceTransferResult' });

const Column = z.enum(KANBAN_COLUMNS);

export const KanbanQuerySchema = z.object({
  bot_id: z.uuid().optional().meta({ description: 'One bot’s board; every bot’s when absent' }),
});

export const KanbanBoardSchema = z
  .object({
    bot_id: z.uuid().nullable(),
    columns: z.object({
      new: QueueItemListSchema.meta({ description: 'Waiting or assigned, not accepted yet' }),
      active: QueueItemListSchema,
      pending: QueueItemListSchema.meta({ description: 'The customer has not answered the attendant’s last message' }),
      resolved: QueueItemListSchema.meta({ description: 'Resolved in the last 24 hours, newest first, at most 50' }),
    }),
  })
  .meta({ id: 'KanbanBoard' });

export const KanbanMoveRequestSchema = z
  .object({
    session_id: z.uuid(),
    from_status: Column.meta({ description: 'The column the caller sees the card in; a stale one answers 409' }),
    to_status: Column,
  })
  .meta({ id: 'KanbanMoveRequest' });

export const KanbanMoveResultSchema = z
  .object({
    ok: z.literal(true),
    session_id: z.uuid(),
    from_status: Column,
    to_status: Column,
    status: z.enum(CONVERSATION_STATUSES).meta({ description: 'The conversation status afterwards' }),
    assigned_to: z.uuid().nullable(),
  })
  .meta({ id: 'KanbanMoveResult' });

export const TranscriptSchema = z
  .object({
    messages: z
      .object({
        id: z.uuid(),
        direction: z.enum(['inbound', 'outbound']),
        from: z.enum(['customer', 'bot', 'attendant', 'system']),
        text: z.string(),
        delivery_state: z.enum(['received', 'pending', 'delivered', 'failed']).meta({ description: '`failed`: the channel refused it (e.g. outside a 24-hour window)' }),
        at: z.iso.datetime(),
        attachments: z
          .object({ type: z.string(), url: z.string(), mime_type: z.string().optional(), name: z.string().optional() })
          .array()
          .optional()
          .meta({ description: 'The message\'s files with a link, e.g. a phone call\'s recording (audio/wav)' }),
      })
      .array(),
  })
  .meta({ id: 'AttendanceTranscript' });
