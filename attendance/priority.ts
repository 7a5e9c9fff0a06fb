/**
 * Queue item priority: low 0, normal 1, high 2, urgent 3. Scripts and requests
 * give it by name or number; when absent, the `attendance-priority-default` config value applies.
 */
import { ValidationError } from '../infra/errors.js';

export const PRIORITIES = { low: 0, normal: 1, high: 2, urgent: 3 } as const;
export type PriorityName = keyof typeof PRIORITIES;
export type Priority = (typeof PRIORITIES)[PriorityName];

const NAMES: readonly PriorityName[] = ['low', 'normal', 'high', 'urgent'];

/** Reads a priority from a name (any case) or a number / numeric string 0–3; undefined when it is neither. */
export function parsePriority(value: unknown): Priority | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 3 ? (value as Priority) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (/^\d+$/.test(text)) return parsePriority(Number(text));
  return Object.hasOwn(PRIORITIES, text) ? PRIORITIES[text as PriorityName] : undefined;
}

/** The name shown for a priority value. */
export function priorityName(priority: Priority): PriorityName {
  return NAMES[priority] ?? 'normal';
}

/**
 * The default priority from the config value; throws ValidationError on a bad value so it
 * fails at start-up. An absent value means normal, the default.
 */
export function defaultPriority(configValue: string | undefined): Priority {
  if (configValue === undefined || configValue.trim() === '') return PRIORITIES.normal;
  const parsed = parsePriority(configValue);
  if (parsed === undefined) {
    throw new ValidationError(`attendance-priority-default must be low, normal, high or urgent, not "${configValue}"`, [
      { path: 'attendance-priority-default', message: 'invalid priority' },
    ]);
  }
  return parsed;
}

/** The given priority when it parses, else the fallback (usually {@link defaultPriority}). */
export function resolvePriority(value: unknown, fallback: Priority): Priority {
  return parsePriority(value) ?? fallback;
}
