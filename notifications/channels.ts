/** The channels a notification can go out on (docs/notifications.md, "Delivery"): browser push, email, mobile push, SMS, the in-app inbox. */
export const NOTIFICATION_CHANNELS = ['web', 'email', 'push', 'sms', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Notification kinds (`type`; docs/notifications.md, "Send"). */
export const NOTIFICATION_TYPES = ['system', 'user', 'broadcast'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Preference categories (docs/notifications.md, "Preferences"). */
export const NOTIFICATION_CATEGORIES = ['system', 'marketing', 'updates'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Why a delivery did not happen; the `reason` of a `failed` or `expired` delivery. */
export const DELIVERY_REASONS = {
  notConfigured: 'channel_not_configured',
  channelDisabled: 'channel_disabled_by_user',
  categoryDisabled: 'category_disabled_by_user',
  expired: 'expired',
  noSubscription: 'no_push_subscription',
  noAddress: 'no_address',
  gone: 'subscription_gone',
  /** The SMS provider refused the text for good (opted-out or invalid number). */
  smsRejected: 'sms_rejected',
  /** The mobile push provider refused the message for good (not a gone token). */
  pushRejected: 'push_rejected',
  /** The outbound guard refused the endpoint's address (docs/architecture.md, "Outbound requests"). */
  addressRefused: 'address_not_allowed',
} as const;
