/**
 * The console's conversation view: every message of a conversation in attendance, bot and human
 * turns alike, with its delivery state (a failed delivery, e.g. outside a provider's 24-hour
 * window, shows as `failed`). Only those who may see the conversation may read it.
 */
import { visibleConversation, type Actor } from './commands/attendant-scope.js';
import type { AttendanceRepositories } from './attendance-repositories.js';

/** One message as the console shows it. */
export interface TranscriptEntry {
  id: string;
  direction: 'inbound' | 'outbound';
  from: 'customer' | 'bot' | 'attendant' | 'system';
  text: string;
  delivery_state: 'received' | 'pending' | 'delivered' | 'failed';
  at: string;
  /** The message's files that have a link (a phone call's recording, docs/attendance/calls.md); absent when none. */
  attachments?: TranscriptAttachment[];
}

export interface TranscriptAttachment {
  type: string;
  url: string;
  mime_type?: string;
  name?: string;
}

/** The transcript of a conversation the actor may see, oldest first. */
export async function readTranscript(
  repos: AttendanceRepositories, actor: Actor, sessionId: string,
): Promise<TranscriptEntry[]> {
  await visibleConversation(repos, actor, sessionId);
  const messages = await repos.messages.listBySession(sessionId);
  return messages.map((m) => {
    const attachments = linkedAttachments(m.payload);
    return {
      id: m.id, direction: m.direction, from: m.sender, text: m.text, delivery_state: m.delivery_state, at: m.created_at.toISOString(),
      ...(attachments.length > 0 ? { attachments } : {}),
    };
  });
}

/** The attachments a message's payload keeps that can be opened by their link. */
function linkedAttachments(payload: unknown): TranscriptAttachment[] {
  const list = (payload as { attachments?: unknown } | null)?.attachments;
  if (!Array.isArray(list)) return [];
  return list.flatMap((a: { type?: unknown; url?: unknown; mime_type?: unknown; name?: unknown }) => (typeof a?.url === 'string' && typeof a.type === 'string'
    ? [{ type: a.type, url: a.url, ...(typeof a.mime_type === 'string' ? { mime_type: a.mime_type } : {}), ...(typeof a.name === 'string' ? { name: a.name } : {}) }]
    : []));
}
