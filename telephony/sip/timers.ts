/**
 * The SIP timer values (RFC 3261 §17.1.1.1): T1 the round-trip estimate, T2 the cap of
 * retransmission intervals, T4 how long the network may hold a message. Tests shrink them.
 * `sessionSecondMs` is the length of a session-timer second (RFC 4028), so a test can let a
 * 90-second session expire in 90 ms.
 */
export interface SipTimers {
  t1: number;
  t2: number;
  t4: number;
  sessionSecondMs: number;
}

export function sipTimers(options: { t1Ms?: number; t2Ms?: number; t4Ms?: number; sessionSecondMs?: number } = {}): SipTimers {
  const t1 = options.t1Ms ?? 500;
  return { t1, t2: options.t2Ms ?? Math.max(t1, 4000), t4: options.t4Ms ?? Math.max(t1, 5000), sessionSecondMs: options.sessionSecondMs ?? 1000 };
}

/**
 * Re-sends with intervals T1, 2·T1, 4·T1… capped at T2 (timers A/E/G and the 2xx retransmission
 * of RFC 3261 §13.3.1.4). Returns the stop function.
 */
export function retransmit(send: () => void, timers: SipTimers, startMs = timers.t1): () => void {
  let interval = startMs;
  let handle = setTimeout(function again() {
    send();
    interval = Math.min(interval * 2, timers.t2);
    handle = setTimeout(again, interval);
  }, interval);
  return () => clearTimeout(handle);
}
