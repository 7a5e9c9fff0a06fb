import type { NotificationChannel } from './channels.js';

/** What a channel sender gets: one recipient's copy of one notification. */
export interface DeliveryTarget {
  notification_id: string;
  /** `phone`: the E.164 number of the user's preferences (`sms.phone`), when set. */
  recipient: { id: string; username: string; email: string; phone?: string };
  title: string;
  message: string;
  priority: 'normal' | 'high';
  data: Record<string, unknown>;
  /** The options of this channel from the request's `channel_options`. */
  options: Record<string, unknown>;
  /** Where a click on the notification goes: the tracking redirect of `data.url` (docs/notifications.md). */
  click_url?: string;
}

/**
 * One channel's sender. `deliver` resolves when the provider accepted the message; it throws
 * {@link ChannelNotConfiguredError} or {@link PermanentDeliveryFailure} to fail the delivery
 * with a reason, and anything else to have it retried.
 */
export interface ChannelSender {
  readonly channel: NotificationChannel;
  deliver(target: DeliveryTarget): Promise<void>;
}

/** The channel has no provider configured: the delivery fails with `channel_not_configured`. */
export class ChannelNotConfiguredError extends Error {
  readonly reason = 'channel_not_configured';
}

/** A failure that retrying cannot fix (no address, subscription gone); `reason` is recorded. */
export class PermanentDeliveryFailure extends Error {
  constructor(readonly reason: string, message = reason) {
    super(message);
  }
}

/**
 * The SMS port, given at the composition root from the sms channel (adapters/sms, the account of
 * the bot NOTIFICATIONS_SMS_BOT names); unset means `channel_not_configured`. `send` resolves
 * when the provider accepted the text; a refusal that retrying cannot fix (opted-out or invalid
 * number) is a {@link PermanentDeliveryFailure}.
 */
export interface SmsSender {
  send(input: { to: string; text: string; sender_id?: string; unicode?: boolean }): Promise<void>;
}

/**
 * The mobile push port: one message to one device token through a push provider (FCM HTTP v1,
 * notifications/senders/fcm-client.ts); unset means `channel_not_configured`. A token the
 * provider no longer knows is a {@link PermanentDeliveryFailure} with reason `subscription_gone`.
 */
export interface MobilePushSender {
  send(input: { token: string; title: string; body: string; data: Record<string, string>; priority: 'normal' | 'high' }): Promise<void>;
}

/**
 * The groups port: the groups area (built later) answers who is in a group and whether a user
 * belongs to it. Without it, a group target is refused with a 400 `groups_not_available`.
 */
export interface GroupDirectory {
  /** Member user ids of the group, or undefined when it does not exist. */
  members(groupId: string): Promise<string[] | undefined>;
  isMember(groupId: string, userId: string): Promise<boolean>;
}
