import { z } from 'zod';
import { NotFoundError } from '../../infra/errors.js';
import { defineRoute } from '../route.js';
import { ChannelSchema } from '../schemas/channel.js';
import type { Channel } from '../../engine/index.js';

/** The session row as this endpoint needs it (a subset of the sessions table's row). */
export interface SessionRecord {
  id: string;
  bot_id: string;
  user_id: string;
  channel: string;
  needs_human: boolean;
  assigned_to: string | null;
  queue_id: string | null;
  customer_id: string | null;
  call_type: string | null;
  context_data: Record<string, unknown>;
  /** The stored dialog: the engine's envelope around the VM state, or null. */
  dialog_state: unknown;
  status: string;
  created_at: Date;
  updated_at: Date;
}

/** What the session debug endpoint needs. */
export interface SessionRoutesDeps {
  /** The session, or undefined for unknown ids and for ids that are not UUIDs (sessions repo `findById`). */
  findSession(id: string): Promise<SessionRecord | undefined>;
}

const DialogSummarySchema = z
  .object({
    status: z.enum(['waiting', 'sleeping', 'none']),
    waiting_for: z.string().nullable().meta({ description: 'The variable the pending HEAR fills' }),
    entry: z.string().nullable().meta({ description: 'The script the dialog started with' }),
    scripts: z.string().array().meta({ description: 'Script of each frame on the call stack, outermost first' }),
    resume_at: z.iso.datetime().nullable().meta({ description: 'When a dialog sleeping after WAIT continues' }),
  })
  .meta({ id: 'DialogSummary' });

export const SessionDebugSchema = z
  .object({
    id: z.uuid(),
    bot_id: z.uuid(),
    user_id: z.uuid(),
    channel: ChannelSchema,
    needs_human: z.boolean(),
    assigned_to: z.uuid().nullable(),
    queue_id: z.uuid().nullable(),
    customer_id: z.uuid().nullable(),
    call_type: z.string().nullable(),
    context_data: z.record(z.string(), z.unknown()),
    status: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    dialog: DialogSummarySchema,
  })
  .meta({ id: 'SessionDebug' });

/** `GET /api/session/{id}` ("session (debug)"): an admin's look at one session and its dialog. */
export function sessionRoutes(deps: SessionRoutesDeps) {
  return [
    defineRoute({
      method: 'get',
      path: '/api/session/:session_id',
      summary: 'One session with a summary of its dialog state (debug)',
      tag: 'sessions',
      access: ['admin'],
      params: z.object({ session_id: z.string() }),
      response: { description: 'The session', schema: SessionDebugSchema },
      errors: [404],
      handle: async ({ params }) => {
        const row = await deps.findSession(params.session_id);
        if (!row) throw new NotFoundError(`No session ${params.session_id}`, 'session_not_found');
        return toSessionDto(row);
      },
    }),
  ];
}

function toSessionDto(row: SessionRecord): z.infer<typeof SessionDebugSchema> {
  return {
    id: row.id,
    bot_id: row.bot_id,
    user_id: row.user_id,
    channel: row.channel as Channel, // written only by the engine, from its CHANNELS
    needs_human: row.needs_human,
    assigned_to: row.assigned_to,
    queue_id: row.queue_id,
    customer_id: row.customer_id,
    call_type: row.call_type,
    context_data: row.context_data,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    dialog: summarizeDialog(row.dialog_state),
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/**
 * What the stored dialog is doing, without the VM's internals (registers, program counters). It
 * reads the engine's envelope (`{status, state, waiting_for, resume_at}`) or a bare VM state
 * (`{status, entry, frames}`, basic-interpreter/vm/state.ts), whichever is stored.
 */
export function summarizeDialog(stored: unknown): z.infer<typeof DialogSummarySchema> {
  const none = { status: 'none' as const, waiting_for: null, entry: null, scripts: [], resume_at: null };
  if (!isObject(stored)) return none;
  const vm = isObject(stored.state) ? stored.state : stored;
  const status = stored.status ?? vm.status;
  if (status !== 'waiting' && status !== 'sleeping') return none;
  const waitingFor = isObject(stored.waiting_for) ? stored.waiting_for.variable : stored.waiting_for;
  const resumeAt = text(stored.resume_at ?? vm.resume_at);
  const frames = Array.isArray(vm.frames) ? vm.frames : [];
  return {
    status,
    waiting_for: status === 'waiting' ? text(waitingFor) : null,
    entry: text(vm.entry),
    scripts: frames.map((f) => (isObject(f) ? text(f.script) : null)).filter((s): s is string => s !== null),
    resume_at: status === 'sleeping' && resumeAt && !Number.isNaN(Date.parse(resumeAt)) ? new Date(resumeAt).toISOString() : null,
  };
}
