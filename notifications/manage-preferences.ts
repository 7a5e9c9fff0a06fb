import type { Principal } from '../auth/index.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../infra/errors.js';
import type { NotificationsDeps } from './notifications-deps.js';
import { mergePreferences, readPreferences, type NotificationPreferences, type PreferencesPatch } from './preferences.js';

/** Users read and change their own preferences; admins and supervisors anyone's. */
async function checkAccess(deps: Pick<NotificationsDeps, 'repo'>, principal: Principal, userId: string): Promise<void> {
  const self = principal.user_id === userId;
  if (!self && !principal.roles.includes('admin') && !principal.roles.includes('supervisor')) {
    throw new ForbiddenError('You may only read and change your own notification preferences');
  }
  if (!(await deps.repo.knownUsers([userId])).has(userId)) throw new NotFoundError(`User ${userId} not found`, 'user_not_found');
}

/** The user's preferences, defaults filled in (docs/notifications.md, "Preferences"). */
export async function getPreferences(deps: Pick<NotificationsDeps, 'repo' | 'settings'>, principal: Principal, userId: string): Promise<NotificationPreferences> {
  await checkAccess(deps, principal, userId);
  return readPreferences(await deps.settings.preferences(userId));
}

/** Lays any subset of the branches over the stored preferences and answers the whole object. */
export async function updatePreferences(
  deps: Pick<NotificationsDeps, 'repo' | 'settings'>, principal: Principal, userId: string, patch: PreferencesPatch,
): Promise<NotificationPreferences> {
  await checkAccess(deps, principal, userId);
  if (patch.timezone !== undefined && !validTimeZone(patch.timezone)) {
    throw new ValidationError(`Unknown time zone: ${patch.timezone}`, [{ path: 'body.timezone', message: 'not an IANA time zone' }]);
  }
  const merged = mergePreferences(readPreferences(await deps.settings.preferences(userId)), patch);
  await deps.settings.savePreferences(userId, merged as unknown as Record<string, unknown>);
  return merged;
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
