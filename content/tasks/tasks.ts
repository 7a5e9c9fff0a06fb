import type { ContentRecordsRepo, Page, TaskRow } from '../../db/index.js';
import { readerOf, type ContentActor } from '../content-actor.js';

type TasksRepo = Pick<ContentRecordsRepo['tasks'], 'insert' | 'list'>;

/** `POST /api/tasks`: a task owned by its author, open. */
export async function createTask(deps: { tasks: TasksRepo }, input: { actor: ContentActor; title: string; notes?: string; due_at?: Date }): Promise<TaskRow> {
  return deps.tasks.insert({ owner_id: input.actor.user_id, title: input.title, notes: input.notes ?? '', due_at: input.due_at ?? null });
}

/** `GET /api/tasks`: the tasks the actor may see, newest first. */
export async function listTasks(deps: { tasks: TasksRepo }, input: { actor: ContentActor; status?: 'open' | 'done'; page: Page }): Promise<TaskRow[]> {
  return deps.tasks.list(readerOf(input.actor), input.status ? { status: input.status } : {}, input.page);
}
