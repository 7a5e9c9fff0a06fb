/**
 * Canned responses (docs/attendance/console.md, "Canned responses"): per bot or for every bot, the team's (kept by
 * supervisors and admins) or one attendant's own. Everyone reads the team's and their own;
 * only the owner, or a supervisor for the team's, changes one.
 */
import { DuplicateShortcutError, type CannedResponseRow, type CannedResponsesRepo } from '../../db/index.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../infra/errors.js';
import { seesAll, type Actor } from '../commands/attendant-scope.js';

/** What the canned response use cases need: the table and the loaded bots by id or name. */
export interface CannedResponseDeps {
  canned: CannedResponsesRepo;
  /** A loaded bot's id by id or name; undefined when there is none. */
  botId(idOrName: string): string | undefined;
}

/** A canned response as the API shows it; `scope` says whose it is. */
export interface CannedResponse {
  id: string;
  shortcut: string;
  title: string;
  content: string;
  bot_id: string | null;
  scope: 'team' | 'personal';
  owner_id: string | null;
  updated_at: string;
}

export interface CannedResponseInput {
  shortcut: string;
  title: string;
  content: string;
  /** A bot's id or name; absent or null for every bot. */
  bot?: string | null;
  /** `personal` (default) belongs to the caller; `team` is for every attendant (supervisors and admins). */
  scope?: 'team' | 'personal';
}

/** The team's responses and the caller's own, optionally narrowed to one bot (and those for every bot). */
export async function listCannedResponses(deps: CannedResponseDeps, actor: Actor, bot?: string): Promise<CannedResponse[]> {
  const rows = await deps.canned.listVisible(actor.user_id, bot === undefined ? undefined : botIdOf(deps, bot));
  return rows.map(toCannedResponse);
}

export async function createCannedResponse(deps: CannedResponseDeps, actor: Actor, input: CannedResponseInput): Promise<CannedResponse> {
  const scope = input.scope ?? 'personal';
  if (scope === 'team' && !seesAll(actor)) throw new ForbiddenError('Only supervisors and admins keep the team\'s canned responses');
  const row = await taken(input.shortcut, () => deps.canned.insert({
    shortcut: input.shortcut, title: input.title, content: input.content,
    bot_id: input.bot == null ? null : botIdOf(deps, input.bot), owner_id: scope === 'team' ? null : actor.user_id,
  }));
  return toCannedResponse(row);
}

export async function updateCannedResponse(
  deps: CannedResponseDeps, actor: Actor, id: string, changes: Partial<Omit<CannedResponseInput, 'scope'>>,
): Promise<CannedResponse> {
  await editable(deps, actor, id);
  const { bot, ...text } = changes;
  const row = await taken(changes.shortcut ?? '', () => deps.canned.update(id, {
    ...text, ...(bot === undefined ? {} : { bot_id: bot === null ? null : botIdOf(deps, bot) }),
  }));
  if (!row) throw notFound(id);
  return toCannedResponse(row);
}

export async function deleteCannedResponse(deps: CannedResponseDeps, actor: Actor, id: string): Promise<void> {
  await editable(deps, actor, id);
  if (!(await deps.canned.delete(id))) throw notFound(id);
}

/** The row, when the actor may change it: their own, or the team's for supervisors and admins. */
async function editable(deps: CannedResponseDeps, actor: Actor, id: string): Promise<CannedResponseRow> {
  const row = await deps.canned.get(id);
  // Another attendant's personal response is not theirs to know of: 404, not 403.
  if (!row || (row.owner_id !== null && row.owner_id !== actor.user_id)) throw notFound(id);
  if (row.owner_id === null && !seesAll(actor)) throw new ForbiddenError('Only supervisors and admins change the team\'s canned responses');
  return row;
}

async function taken<T>(shortcut: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicateShortcutError) throw new ConflictError(`The shortcut /${shortcut} is taken here`, 'shortcut_taken', { shortcut });
    throw error;
  }
}

function botIdOf(deps: CannedResponseDeps, idOrName: string): string {
  const id = deps.botId(idOrName);
  if (!id) throw new NotFoundError(`No bot ${idOrName}`, 'bot_not_found');
  return id;
}

const notFound = (id: string) => new NotFoundError(`No canned response ${id}`, 'canned_response_not_found');

function toCannedResponse(row: CannedResponseRow): CannedResponse {
  return {
    id: row.id, shortcut: row.shortcut, title: row.title, content: row.content, bot_id: row.bot_id,
    scope: row.owner_id === null ? 'team' : 'personal', owner_id: row.owner_id, updated_at: row.updated_at.toISOString(),
  };
}
