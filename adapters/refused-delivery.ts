import { PermanentDeliveryError } from '../engine/index.js';
import { refusalBehind } from '../infra/outbound-http.js';

/**
 * A provider call the outbound guard refused (docs/architecture.md, "Outbound requests") as a
 * delivery that fails for good: the bot's provider URL resolves to an address its
 * `http-allow-private-networks` does not open, and no retry reaches another one. Undefined when
 * the error is not a refusal. The guard's words name the host and the address, never a path or a
 * token.
 */
export function refusedDelivery(channel: string, error: unknown): PermanentDeliveryError | undefined {
  const refusal = refusalBehind(error);
  return refusal ? refusedAs(channel, refusal.message) : undefined;
}

/** The failure for a refusal whose words the client kept (node-fetch keeps only a socket error's code and message). */
export function refusedAs(channel: string, reason: string): PermanentDeliveryError {
  return new PermanentDeliveryError(`${channel}: the provider URL is refused by the outbound guard (http-allow-private-networks): ${reason}`);
}
