/** What the sink saw of one call's RTP from the service: arrival times (ms) and sequence numbers, in order. */
export interface StreamRecord {
  arrivals: number[];
  sequences: number[];
}

/** A packet interval above this is late (the target, docs/performance.md "Phone calls": p99 under 30 ms at 20 ms packets). */
export const LATE_INTERVAL_MS = 30;
const FRAME_MS = 20;

export interface StreamSummary {
  /** Calls whose RTP reached the sink. */
  calls: number;
  /** Calls with packet interval p99 < 30 ms and no lost frame. */
  clean: number;
  /** Packet intervals across all calls, ms. */
  intervalP50: number;
  intervalP99: number;
  intervalMax: number;
  /** Packets missing by sequence number (sent and lost, or never sent), all calls. */
  lostPackets: number;
  /**
   * Frames missing by the clock: a call's span at 20 ms a frame, less the packets that came.
   * The service skips frames after a stall of over 100 ms (telephony/media/media-clock.ts) with
   * no gap in sequence numbers, so this counts what the caller did not hear in time.
   */
  shortFrames: number;
  packets: number;
  /** Intervals over 30 ms, all calls. */
  lateIntervals: number;
}

/** Summarises the sink's streams: the figures of docs/performance.md, "Phone calls". */
export function summarizeStreams(streams: readonly StreamRecord[]): StreamSummary {
  const all: number[] = [];
  let clean = 0;
  let lostPackets = 0;
  let shortFrames = 0;
  let packets = 0;
  let lateIntervals = 0;
  for (const { arrivals, sequences } of streams) {
    const intervals: number[] = [];
    for (let i = 1; i < arrivals.length; i += 1) {
      const interval = arrivals[i]! - arrivals[i - 1]!;
      intervals.push(interval);
      if (interval > LATE_INTERVAL_MS) lateIntervals += 1;
    }
    const lost = missingSequences(sequences);
    const span = arrivals.length > 1 ? arrivals.at(-1)! - arrivals[0]! : 0;
    const short = Math.max(0, Math.round(span / FRAME_MS) + 1 - arrivals.length);
    if (percentile(intervals, 0.99) < LATE_INTERVAL_MS && lost === 0 && short === 0) clean += 1;
    lostPackets += lost;
    shortFrames += short;
    packets += arrivals.length;
    for (const interval of intervals) all.push(interval);
  }
  return {
    calls: streams.length, clean, lostPackets, shortFrames, packets, lateIntervals,
    intervalP50: percentile(all, 0.5), intervalP99: percentile(all, 0.99), intervalMax: all.reduce((max, value) => Math.max(max, value), 0),
  };
}

/** The part of each stream whose packets arrived between `from` and `to` (same clock as the arrivals). */
export function withinWindow(streams: readonly StreamRecord[], from: number, to: number): StreamRecord[] {
  return streams.map(({ arrivals, sequences }) => {
    const first = arrivals.findIndex((at) => at >= from);
    const end = arrivals.findIndex((at) => at > to);
    const start = first === -1 ? arrivals.length : first;
    const stop = end === -1 ? arrivals.length : end;
    return { arrivals: arrivals.slice(start, stop), sequences: sequences.slice(start, stop) };
  }).filter((stream) => stream.arrivals.length > 0);
}

/** The nearest-rank percentile of `values` (0 when empty); sorts a copy. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/** Sequence numbers missing from the range a call's packets span (unwrapped past 65535); reordered and duplicate packets lose nothing. */
function missingSequences(sequences: readonly number[]): number {
  if (sequences.length === 0) return 0;
  const seen = new Set<number>();
  let extended = sequences[0]!;
  let low = extended;
  let high = extended;
  for (const sequence of sequences) {
    // The unwrapped number nearest the previous one: a step of -32768…32767.
    extended += ((sequence - extended + 0x8000) & 0xffff) - 0x8000;
    seen.add(extended);
    low = Math.min(low, extended);
    high = Math.max(high, extended);
  }
  return high - low + 1 - seen.size;
}
