import { ValidationError } from '../infra/errors.js';
import { checkLiteralHost, refusalBehind, type OutboundPolicy } from '../infra/outbound-http.js';

/**
 * Refuses at once, with a 400 `address_not_allowed`, a push endpoint or webhook URL whose host is
 * an IP address the outbound guard would refuse at delivery (docs/notifications.md, "Where
 * notifications may go"), so the caller learns it now rather than from a failed delivery. A host
 * name is not resolved here: the guard checks what it resolves to when the request is made.
 */
export function refuseGuardedAddress(url: string, policy: OutboundPolicy, path: string): void {
  try {
    checkLiteralHost(new URL(url).hostname, policy);
  } catch (error) {
    const refusal = refusalBehind(error);
    if (!refusal) throw error;
    throw new ValidationError(refusal.message, [{ path, message: 'address not allowed' }], 'address_not_allowed');
  }
}
