import { DELIVERY_REASONS, type NotificationCategory, type NotificationChannel, type NotificationType } from './channels.js';
import { nextLocalTime, quietUntil } from './quiet-hours.js';

/** A user's notification preferences (docs/notifications.md, "Preferences"). */
export interface NotificationPreferences {
  timezone: string;
  email: { enabled: boolean; frequency: 'immediate' | 'daily'; digest_time: string };
  push: { enabled: boolean; quiet_hours: { enabled: boolean; start: string; end: string } };
  /** `phone`: where the `sms` channel sends (E.164), null until the user gives one. */
  sms: { enabled: boolean; phone: string | null };
  categories: Record<NotificationCategory, boolean>;
}

/** A PATCH: any subset of the branches, at any depth. */
export type PreferencesPatch = {
  timezone?: string;
  email?: Partial<NotificationPreferences['email']>;
  push?: { enabled?: boolean; quiet_hours?: Partial<NotificationPreferences['push']['quiet_hours']> };
  sms?: Partial<NotificationPreferences['sms']>;
  categories?: Partial<NotificationPreferences['categories']>;
};

/** What a user who never saved preferences gets: everything on, immediate email, no quiet hours. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  timezone: 'UTC',
  email: { enabled: true, frequency: 'immediate', digest_time: '09:00' },
  push: { enabled: true, quiet_hours: { enabled: false, start: '22:00', end: '07:00' } },
  sms: { enabled: true, phone: null },
  categories: { system: true, marketing: true, updates: true },
};

/** `base` with `patch` laid over it, branch by branch. */
export function mergePreferences(base: NotificationPreferences, patch: PreferencesPatch): NotificationPreferences {
  return {
    timezone: patch.timezone ?? base.timezone,
    email: { ...base.email, ...patch.email },
    push: { ...base.push, ...(patch.push?.enabled === undefined ? {} : { enabled: patch.push.enabled }), quiet_hours: { ...base.push.quiet_hours, ...patch.push?.quiet_hours } },
    sms: { ...base.sms, ...patch.sms },
    categories: { ...base.categories, ...patch.categories },
  };
}

/** The stored document (or nothing) read as complete preferences. */
export function readPreferences(stored: Record<string, unknown> | undefined): NotificationPreferences {
  return stored ? mergePreferences(DEFAULT_PREFERENCES, stored as PreferencesPatch) : DEFAULT_PREFERENCES;
}

/** What the preferences say about one delivery now. */
export type PreferenceDecision = { send: true } | { send: false; reason: string } | { deferUntil: Date };

/** The facts of a notification the preferences look at. */
export interface PreferenceFacts {
  type: NotificationType;
  category: NotificationCategory;
  require_acknowledgment: boolean;
}

/**
 * Applies a user's preferences to one channel (docs/notifications.md, "Preferences"): a disabled
 * channel or category fails the delivery; quiet hours defer `web`, `push` and `sms` to the end of the
 * window; a daily email frequency defers email to the digest time. A `system` notification that
 * requires acknowledgment passes categories and quiet hours (not a disabled channel). `in_app` is the
 * inbox and is always delivered.
 */
export function decide(prefs: NotificationPreferences, facts: PreferenceFacts, channel: NotificationChannel, now: Date): PreferenceDecision {
  if (channel === 'in_app') return { send: true };
  const enabled = channel === 'email' ? prefs.email.enabled : channel === 'sms' ? prefs.sms.enabled : prefs.push.enabled;
  if (!enabled) return { send: false, reason: DELIVERY_REASONS.channelDisabled };
  const urgent = facts.type === 'system' && facts.require_acknowledgment;
  if (urgent) return { send: true };
  if (!prefs.categories[facts.category]) return { send: false, reason: DELIVERY_REASONS.categoryDisabled };
  if (channel === 'email') {
    return prefs.email.frequency === 'daily' ? { deferUntil: nextLocalTime(prefs.email.digest_time, prefs.timezone, now) } : { send: true };
  }
  const quiet = prefs.push.quiet_hours;
  const until = quiet.enabled ? quietUntil({ start: quiet.start, end: quiet.end, timezone: prefs.timezone }, now) : undefined;
  return until ? { deferUntil: until } : { send: true };
}
