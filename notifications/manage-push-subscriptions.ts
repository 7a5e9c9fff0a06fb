import type { Principal } from '../auth/index.js';
import { NotFoundError } from '../infra/errors.js';
import type { NotificationsDeps } from './notifications-deps.js';
import { refuseGuardedAddress } from './refuse-guarded-address.js';

/** A browser's PushSubscription as `toJSON()` gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Saves the caller's browser subscription for the `web` channel; an endpoint at an address the outbound guard refuses is a 400. */
export async function subscribePush(deps: Pick<NotificationsDeps, 'pushSubscriptions' | 'outbound'>, principal: Principal, input: PushSubscriptionInput): Promise<void> {
  refuseGuardedAddress(input.endpoint, deps.outbound.policy, 'body.endpoint');
  await deps.pushSubscriptions.save({ endpoint: input.endpoint, user_id: principal.user_id, p256dh: input.keys.p256dh, auth: input.keys.auth });
}

/** Removes one of the caller's subscriptions; someone else's or an unknown one is 404. */
export async function unsubscribePush(deps: Pick<NotificationsDeps, 'pushSubscriptions'>, principal: Principal, endpoint: string): Promise<void> {
  if (!(await deps.pushSubscriptions.remove(endpoint, principal.user_id))) throw new NotFoundError('No such push subscription', 'subscription_not_found');
}

/** A mobile app install's push token (FCM registration token) for the `push` channel. */
export interface PushDeviceInput {
  token: string;
  platform: 'android' | 'ios' | 'web';
}

/** Saves the caller's device for the `push` channel. */
export async function registerPushDevice(deps: Pick<NotificationsDeps, 'pushSubscriptions'>, principal: Principal, input: PushDeviceInput): Promise<void> {
  await deps.pushSubscriptions.saveDevice({ token: input.token, user_id: principal.user_id, platform: input.platform });
}

/** Removes one of the caller's devices; someone else's or an unknown one is 404. */
export async function unregisterPushDevice(deps: Pick<NotificationsDeps, 'pushSubscriptions'>, principal: Principal, token: string): Promise<void> {
  if (!(await deps.pushSubscriptions.removeDevice(token, principal.user_id))) throw new NotFoundError('No such push device', 'device_not_found');
}
