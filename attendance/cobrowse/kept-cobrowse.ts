/**
 * Reading and deleting a kept co-browse (docs/attendance/co-browse.md, "Storage"): whoever may
 * see the conversation may read it (its attendants, supervisors, admins); the route lets only
 * supervisors and admins delete it.
 */
import { NotFoundError } from '../../infra/errors.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { visibleConversation, type Actor } from '../commands/attendant-scope.js';
import type { CobrowseRecordingFile, CobrowseRecordingStore } from './cobrowse-recording.js';

export interface KeptCobrowseDeps {
  repos: AttendanceRepositories;
  store: Pick<CobrowseRecordingStore, 'read' | 'remove'>;
}

export interface KeptCobrowseInput {
  actor: Actor;
  sessionId: string;
  cobrowseId: string;
}

const notKept = () => new NotFoundError('No co-browse of this conversation is kept under this id', 'recording_not_found');

/** The kept co-browse of a conversation the actor may see; `recording_not_found` when there is none. */
export async function readKeptCobrowse(deps: KeptCobrowseDeps, input: KeptCobrowseInput): Promise<CobrowseRecordingFile> {
  const row = await visibleConversation(deps.repos, input.actor, input.sessionId);
  const file = await deps.store.read({ botId: row.bot_id, sessionId: input.sessionId, cobrowseId: input.cobrowseId });
  if (!file) throw notKept();
  return file;
}

/** Deletes the kept co-browse; `recording_not_found` when there is none. */
export async function deleteKeptCobrowse(deps: KeptCobrowseDeps, input: KeptCobrowseInput): Promise<void> {
  const row = await visibleConversation(deps.repos, input.actor, input.sessionId);
  if (!(await deps.store.remove({ botId: row.bot_id, sessionId: input.sessionId, cobrowseId: input.cobrowseId }))) throw notKept();
}
