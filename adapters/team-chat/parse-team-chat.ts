/**
 * What the workspace sends to the three request URLs (docs/channels/team-chat.md), read with zod
 * after the signature was checked. Only the fields we act on are read; the rest passes.
 */
import { z } from 'zod';
import { assertJsonDepth } from '../../infra/json-depth.js';
import { TAKE_ACTION_ID } from './team-chat-blocks.js';

/** `interactions`: form field `payload`, JSON of a `block_actions` interaction. */
const BlockActionsSchema = z.object({
  type: z.literal('block_actions'),
  user: z.object({ id: z.string(), username: z.string().optional(), name: z.string().optional() }),
  channel: z.object({ id: z.string() }).optional(),
  container: z.object({ channel_id: z.string().optional(), message_ts: z.string().optional() }).optional(),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().optional() })),
});

/** `commands`: the form fields of a slash command. */
const SlashCommandSchema = z.object({
  command: z.string(),
  text: z.string().default(''),
  user_id: z.string(),
  user_name: z.string().optional(),
  channel_id: z.string(),
});

/** `events`: the URL check, or a `message` event. */
const EventsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('url_verification'), challenge: z.string() }),
  z.object({
    type: z.literal('event_callback'),
    event: z.object({
      type: z.string(),
      subtype: z.string().optional(),
      bot_id: z.string().optional(),
      user: z.string().optional(),
      text: z.string().optional(),
      channel: z.string().optional(),
      ts: z.string().optional(),
      thread_ts: z.string().optional(),
    }).loose(),
  }),
]);

/** A press of a notice's Take button. */
export interface TakePress { user: string; session_id: string; channel?: string }

/** The Take presses in an interaction (other interactions carry none); a payload nested too deeply is refused (400). */
export function parseInteraction(form: Record<string, string>): TakePress[] {
  assertJsonDepth(form.payload ?? '');
  let json: unknown;
  try {
    json = JSON.parse(form.payload ?? '');
  } catch {
    return [];
  }
  const parsed = BlockActionsSchema.safeParse(json);
  if (!parsed.success) return [];
  const { user, actions } = parsed.data;
  const channel = parsed.data.container?.channel_id ?? parsed.data.channel?.id;
  return actions
    .filter((a) => a.action_id === TAKE_ACTION_ID && a.value)
    .map((a) => ({ user: user.id, session_id: a.value!, ...(channel ? { channel } : {}) }));
}

/** A slash command, or undefined when the form is not one. */
export function parseSlashCommand(form: Record<string, string>): z.infer<typeof SlashCommandSchema> | undefined {
  const parsed = SlashCommandSchema.safeParse(form);
  return parsed.success ? parsed.data : undefined;
}

/** A human's reply in a thread: who, where, what. */
export interface ThreadReply { user: string; channel: string; thread_ts: string; text: string }

/**
 * The URL check's challenge, a human's reply in a thread, or nothing: messages from bots (our own
 * posts among them), edits and other subtypes, and messages outside a thread are ignored.
 */
export function parseEvent(body: unknown): { challenge: string } | ThreadReply | undefined {
  const parsed = EventsSchema.safeParse(body);
  if (!parsed.success) return undefined;
  if (parsed.data.type === 'url_verification') return { challenge: parsed.data.challenge };
  const e = parsed.data.event;
  if (e.type !== 'message' || e.subtype || e.bot_id || !e.user || !e.channel || !e.thread_ts || e.thread_ts === e.ts || !e.text) return undefined;
  return { user: e.user, channel: e.channel, thread_ts: e.thread_ts, text: e.text };
}
