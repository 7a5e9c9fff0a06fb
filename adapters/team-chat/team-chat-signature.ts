import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed request may be (and how far in the future): 5 minutes, against replays. */
export const SIGNATURE_WINDOW_SECONDS = 5 * 60;

/** `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the signing secret. */
export function signTeamChatRequest(signingSecret: string, timestamp: string, rawBody: Buffer | string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:`).update(rawBody).digest('hex')}`;
}

/**
 * True when the request carries the workspace's signature (`X-Slack-Signature`) over its
 * timestamp (`X-Slack-Request-Timestamp`) and raw body, and the timestamp is within
 * {@link SIGNATURE_WINDOW_SECONDS} of `now`. Compared in constant time (docs/channels/team-chat.md).
 */
export function verifyTeamChatSignature(input: {
  signingSecret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  now: Date;
}): boolean {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(input.now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signTeamChatRequest(input.signingSecret, timestamp, input.rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
