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
}

/** The transcript of a conversation the actor may see, oldest first. */
export async function readTranscript(
  repos: AttendanceRepositories, actor: Actor, sessionId: string,
): Promise<TranscriptEntry[]> {
  await visibleConversation(repos, actor, sessionId);
  const messages = await repos.messages.listBySession(sessionId);
  return messages.map((m) => ({
    id: m.id, direction: m.direction, from: m.sender, text: m.text, delivery_state: m.delivery_state, at: m.created_at.toISOString(),
  }));
}
