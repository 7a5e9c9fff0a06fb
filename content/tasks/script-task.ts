import type { ContentRecordsRepo, TaskRow } from '../../db/index.js';
import { createTask } from './tasks.js';

/** Who may own a task a bot creates: a user by username or email, and the administrator. */
export interface TaskOwners {
  byLogin(login: string): Promise<{ id: string } | undefined>;
  /** The first administrator (the one made at first start): owner of tasks assigned to no user. */
  firstAdmin(): Promise<{ id: string } | undefined>;
}

/** CREATE TASK title, description, assignee, due_date, priority, as the interpreter hands it over. */
export interface ScriptTaskInput {
  title: string;
  description: string;
  assignee: string;
  /** An ISO date or timestamp. */
  due_at?: string;
  priority: string;
}

/**
 * A task made by a bot's script (CREATE TASK, docs/basic.md and docs/content.md): owned by the
 * assignee when it names a user, else by the first administrator; an assignee that is no user and
 * the priority are kept as lines of the notes, since tasks have no fields for them.
 */
export async function createScriptTask(deps: { tasks: Pick<ContentRecordsRepo['tasks'], 'insert' | 'list'>; owners: TaskOwners }, input: ScriptTaskInput): Promise<TaskRow> {
  const assignee = input.assignee === '' ? undefined : await deps.owners.byLogin(input.assignee);
  const owner = assignee ?? await deps.owners.firstAdmin();
  if (!owner) throw new Error('CREATE TASK: there is no administrator to own the task');
  const notes = [
    input.description,
    ...(input.assignee !== '' && !assignee ? [`Assignee: ${input.assignee}`] : []),
    ...(input.priority === '' ? [] : [`Priority: ${input.priority}`]),
  ].filter((line) => line !== '').join('\n');
  return createTask(deps, {
    actor: { user_id: owner.id, admin: false, groups: [] }, title: input.title, notes, ...(input.due_at ? { due_at: new Date(input.due_at) } : {}),
  });
}
