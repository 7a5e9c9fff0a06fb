import { parse, write } from 'sdp-transform';
import type { MediaDirection } from './negotiated-audio.js';

/**
 * Our last SDP offered again with every stream's direction set to `direction` and the o= version
 * bumped, as a re-INVITE's offer must be (RFC 3264 §8: hold is a=sendonly, resume a=sendrecv).
 * Addresses, codecs and keys stay as they were, so the far end keeps sending where it did.
 */
export function sdpWithDirection(sdp: string, direction: MediaDirection): string {
  const session = parse(sdp);
  if (session.origin) session.origin = { ...session.origin, sessionVersion: Number(session.origin.sessionVersion) + 1 };
  delete session.direction;
  session.media = session.media.map((media) => ({ ...media, direction }));
  return write(session);
}
