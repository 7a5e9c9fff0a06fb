import { DELIVERY_REASONS } from '../channels.js';
import { ChannelNotConfiguredError, PermanentDeliveryFailure, type ChannelSender, type MobilePushSender, type SmsSender } from '../delivery-port.js';

/**
 * The `sms` channel through the SMS port: the text is `title: message` (and the tracked link of
 * `data.url`), to the number of the user's preferences (`sms.phone`). Without the port,
 * `channel_not_configured`; without a number, `no_address`.
 */
export function createSmsChannel(sms: SmsSender | undefined): ChannelSender {
  return {
    channel: 'sms',
    async deliver(target) {
      if (!sms) throw new ChannelNotConfiguredError('sms: no SMS provider is configured');
      const to = target.recipient.phone;
      if (!to) throw new PermanentDeliveryFailure(DELIVERY_REASONS.noAddress, 'sms: the user has no phone number in their preferences');
      const o = target.options;
      await sms.send({
        to,
        text: `${target.title}: ${target.message}${target.click_url ? ` ${target.click_url}` : ''}`,
        ...(typeof o.sender_id === 'string' ? { sender_id: o.sender_id } : {}),
        ...(typeof o.unicode === 'boolean' ? { unicode: o.unicode } : {}),
      });
    },
  };
}

/** The registered app installs of a user (db/notification-push-repo.ts). */
export interface PushDevices {
  devicesOf(userId: string): Promise<{ token: string }[]>;
  removeDevice(token: string): Promise<unknown>;
}

/**
 * The `push` (mobile) channel: one message per registered device of the user through the mobile
 * push port. A token the provider no longer knows is deleted; a user without devices fails with
 * `no_push_subscription`. Delivered means at least one device accepted it; with none accepted,
 * a transient error is thrown (the deliver job retries) or, when every token was gone,
 * `subscription_gone`. `data` values are strings, as FCM requires; the tracked link is `data.url`.
 */
export function createMobilePushChannel(push: MobilePushSender | undefined, devices: PushDevices): ChannelSender {
  return {
    channel: 'push',
    async deliver(target) {
      if (!push) throw new ChannelNotConfiguredError('push: no mobile push provider is configured');
      const registered = await devices.devicesOf(target.recipient.id);
      if (registered.length === 0) throw new PermanentDeliveryFailure(DELIVERY_REASONS.noSubscription);
      const data = Object.fromEntries(Object.entries(target.data).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      const message = {
        title: target.title, body: target.message, priority: target.priority,
        data: { ...data, notification_id: target.notification_id, ...(target.click_url ? { url: target.click_url } : {}) },
      };
      let accepted = 0;
      let lastError: unknown;
      for (const device of registered) {
        try {
          await push.send({ ...message, token: device.token });
          accepted++;
        } catch (error) {
          if (error instanceof PermanentDeliveryFailure && error.reason === DELIVERY_REASONS.gone) {
            await devices.removeDevice(device.token);
            continue;
          }
          lastError = error;
        }
      }
      if (accepted > 0) return;
      if (lastError) throw lastError;
      throw new PermanentDeliveryFailure(DELIVERY_REASONS.gone);
    },
  };
}
