/**
 * A gate that lets one call through per `intervalMs`. Redis clients (and BullMQ on top of them)
 * report an error per reconnect attempt; during an outage one log line every few seconds is enough.
 */
export function oncePer(intervalMs: number): () => boolean {
  let last = -Infinity;
  return () => {
    const now = Date.now();
    if (now - last < intervalMs) return false;
    last = now;
    return true;
  };
}
