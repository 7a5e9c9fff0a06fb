import type { Update } from 'grammy/types';
import { z } from 'zod';

/**
 * The parts of a Bot API update the channel reads (parse-update.ts, the callback answer), checked
 * before grammY's `Context` reads them: the webhook's secret proves who sent the update, not that
 * it has the shape the Bot API documents. Every other field passes as it came.
 */
const User = z.object({ id: z.number(), first_name: z.string().optional(), last_name: z.string().optional(), username: z.string().optional() }).loose();
const File = z.object({ file_id: z.string(), mime_type: z.string().optional(), file_name: z.string().optional() }).loose();
const Button = z.object({ text: z.string(), callback_data: z.string().optional() }).loose();
const Message = z.object({
  chat: z.object({ id: z.number() }).loose(),
  from: User.optional(),
  text: z.string().optional(),
  caption: z.string().optional(),
  entities: z.array(z.object({ type: z.string(), offset: z.number(), length: z.number() }).loose()).optional(),
  photo: z.array(File).optional(),
  document: File.optional(),
  voice: File.optional(),
  audio: File.optional(),
  video: File.optional(),
  video_note: File.optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).loose().optional(),
  reply_markup: z.object({ inline_keyboard: z.array(z.array(Button)) }).loose().optional(),
}).loose();
const UpdateSchema = z.object({
  update_id: z.number().int(),
  message: Message.optional(),
  edited_message: Message.optional(),
  callback_query: z.object({ id: z.string(), from: User, data: z.string().optional(), message: Message.optional() }).loose().optional(),
}).loose();

/** The update, or the reason it is not one the channel can read. */
export type ReadUpdate = { ok: true; update: Update } | { ok: false; reason: string };

/** Reads a webhook body as an update; a malformed one comes back with the first thing wrong with it. */
export function readUpdate(body: unknown): ReadUpdate {
  const parsed = UpdateSchema.safeParse(body);
  if (parsed.success) return { ok: true, update: parsed.data as unknown as Update };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: issue ? `${issue.path.join('.') || 'update'}: ${issue.message}` : 'not an update' };
}
