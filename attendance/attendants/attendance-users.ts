/**
 * Who counts as an attendant when a supervisor names one (assign, transfer, queue members): an
 * active user holding the attendant, supervisor or admin role. One rule for every entry point,
 * so a deactivated user or an author can never be handed a conversation.
 */
import {
  type UserRow,
} from '../../db/index.js';
import { NotFoundError } from '../../infra/errors.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/**
 * The roles attendance acts on, by the names auth gives them (docs/attendance/README.md, "Roles"): declared
 * here so that attendance needs nothing of auth (docs/architecture.md, "Folder map").
 */
export type AttendanceRole = 'attendant' | 'supervisor' | 'admin';

/** Roles whose holders may receive conversations. */
export const ATTENDING_ROLES: readonly AttendanceRole[] = ['attendant', 'supervisor', 'admin'];

/** True for an active user who holds one of {@link ATTENDING_ROLES}: the one rule for who may attend. */
export function attends(user: Pick<UserRow, 'is_active' | 'roles'>): boolean {
  return user.is_active && user.roles.some((r) => (ATTENDING_ROLES as readonly string[]).includes(r));
}

/**
 * The user with id `userId` when they may attend; otherwise NotFoundError with `code`
 * (`attendant_not_found` for assignments, `user_not_found` for queue members).
 */
export async function findAttendant(repos: AttendanceRepositories, userId: string, code = 'attendant_not_found'): Promise<UserRow> {
  const user = await repos.users.findById(userId);
  if (!user || !attends(user)) {
    throw new NotFoundError(`No active attendant, supervisor or admin has id ${userId}`, code, { user_id: userId });
  }
  return user;
}
