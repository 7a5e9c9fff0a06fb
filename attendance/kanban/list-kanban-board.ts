/**
 * `GET /api/attendance/kanban`: the queue items the caller may see, grouped in
 * the board's columns. The resolved column only shows recent work, so the board stays the size
 * of a shift instead of growing with the installation's history.
 */
import type { BotConfig } from '../../config/index.js';
import { NotFoundError } from '../../infra/errors.js';
import type { AttendanceService, QueueItem } from '../attendance-service.js';
import { OPEN_STATUSES, visibleItems, type Actor } from '../commands/attendant-scope.js';
import { KANBAN_COLUMNS, kanbanColumn, type KanbanColumn } from './kanban.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** The resolved column shows conversations resolved in the last day… */
export const KANBAN_RESOLVED_WINDOW_MS = 24 * 3600 * 1000;
/** …and at most this many of them, the most recently resolved first. */
export const KANBAN_RESOLVED_LIMIT = 50;

export interface ListKanbanBoardDeps {
  repos: AttendanceRepositories;
  attendance: Pick<AttendanceService, 'queueItems'>;
  /** A loaded bot's configuration by id or name: a board asked for another bot is NotFoundError `bot_not_found`. */
  config: (bot: string) => BotConfig | undefined;
  now: () => Date;
}

export interface KanbanBoard {
  /** The bot the board was asked for; null for every bot. */
  bot_id: string | null;
  columns: Record<KanbanColumn, QueueItem[]>;
}

/**
 * The board of one bot (or of all bots). Open columns are ordered like `/queue` (highest
 * priority, oldest first); resolved is newest first. Attendants see the conversations of their
 * queues and their own; supervisors and admins see all. A bot that is not loaded is NotFoundError
 * `bot_not_found`.
 */
export async function listKanbanBoard(deps: ListKanbanBoardDeps, input: { actor: Actor; botId?: string }): Promise<KanbanBoard> {
  if (input.botId !== undefined && deps.config(input.botId) === undefined) {
    throw new NotFoundError(`Bot ${input.botId} is not loaded`, 'bot_not_found', { bot_id: input.botId });
  }
  const bot = input.botId === undefined ? {} : { bot_id: input.botId };
  const open = await deps.attendance.queueItems({ ...bot, statuses: OPEN_STATUSES });
  const since = deps.now().getTime() - KANBAN_RESOLVED_WINDOW_MS;
  const recent = (await deps.repos.conversations.listItems({ ...bot, statuses: ['resolved'] }))
    .filter((r) => (r.resolved_at?.getTime() ?? 0) >= since);
  const resolvedAt = new Map(recent.map((r) => [r.session_id, r.resolved_at!.getTime()]));
  const resolved = (await deps.attendance.queueItems({ ...bot, statuses: ['resolved'] }))
    .filter((i) => resolvedAt.has(i.session_id));

  const columns = Object.fromEntries(KANBAN_COLUMNS.map((c) => [c, [] as QueueItem[]])) as Record<KanbanColumn, QueueItem[]>;
  for (const item of await visibleItems(deps.repos, input.actor, open)) columns[kanbanColumn(item.status)].push(item);
  columns.resolved = (await visibleItems(deps.repos, input.actor, resolved))
    .sort((a, b) => resolvedAt.get(b.session_id)! - resolvedAt.get(a.session_id)!)
    .slice(0, KANBAN_RESOLVED_LIMIT);
  return { bot_id: input.botId ?? null, columns };
}
