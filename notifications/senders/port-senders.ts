import { ChannelNotConfiguredError, type ChannelSender, type MobilePushSender, type SmsSender } from '../delivery-port.js';

/** The `sms` channel through the sms area's port; without one, `channel_not_configured`. */
export function createSmsChannel(sms: SmsSender | undefined): ChannelSender {
  return {
    channel: 'sms',
    async deliver(target) {
      if (!sms) throw new ChannelNotConfiguredError('sms: no SMS provider is configured');
      const o = target.options;
      await sms.sendToUser({
        user_id: target.recipient.id,
        text: `${target.title}: ${target.message}`,
        ...(typeof o.sender_id === 'string' ? { sender_id: o.sender_id } : {}),
        ...(typeof o.unicode === 'boolean' ? { unicode: o.unicode } : {}),
      });
    },
  };
}

/** The `push` (mobile) channel through its port; without one, `channel_not_configured`. */
export function createMobilePushChannel(push: MobilePushSender | undefined): ChannelSender {
  return {
    channel: 'push',
    async deliver(target) {
      if (!push) throw new ChannelNotConfiguredError('push: no mobile push provider is configured');
      const data = Object.fromEntries(Object.entries(target.data).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      await push.sendToUser({ user_id: target.recipient.id, title: target.title, body: target.message, data });
    },
  };
}
