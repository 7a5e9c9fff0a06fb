/**
 * Co-browse on one visitor socket (docs/attendance/co-browse.md). The socket keeps what it saw: the
 * requests it passed to the widget (which attendant asked) and the one the visitor accepted. A page
 * frame names only a co-browse id; who may see the page comes from the request signal on the bus,
 * never from the page. Frames run one at a time, in order, so the parts of a batch stay in order.
 * A closed socket ends its co-browse: a reloaded page is asked again.
 */
import type { CobrowseEventsPart, CobrowseParty, CobrowseSignal } from '../attendance/index.js';
import type { Logger } from '../infra/logger.js';
import type { VisitorFrame } from './schemas/web-socket.js';

/** What the widget's side of co-browse calls (attendance's visitor half, bound at the composition root). */
export interface VisitorCobrowsePort {
  accept(party: CobrowseParty): Promise<boolean>;
  decline(party: CobrowseParty): Promise<void>;
  events(party: CobrowseParty, part: CobrowseEventsPart): Promise<boolean>;
  end(party: CobrowseParty): Promise<void>;
  /** The co-browse is over because the attendant stopped it (the visitor's side keeps what it must, docs/attendance/co-browse.md, "Storage"). */
  stopped?(party: CobrowseParty): Promise<void>;
}

const MAX_OFFERS = 8; // requests a socket remembers; older ones are forgotten (their answer is ignored)
const MAX_WAITING = 64; // page frames waiting their turn; beyond, parts are dropped and the console asks for a snapshot again

/** The co-browse state of one socket: `signal` turns bus signals into widget frames, `frame` runs the widget's frames. */
export function visitorCobrowse(sessionId: string, port: VisitorCobrowsePort, push: (frame: string) => void, logger: Logger) {
  const offers = new Map<string, string>(); // cobrowse id → the attendant who asked
  let active: CobrowseParty | undefined;
  let tail = Promise.resolve();
  let waiting = 0;
  const ended = (cobrowseId: string, by: 'attendant' | 'system') => JSON.stringify({ type: 'cobrowse_ended', cobrowse_id: cobrowseId, by });
  const ours = (s: { cobrowse_id: string; attendant_id: string }) => active?.cobrowseId === s.cobrowse_id && active.attendantId === s.attendant_id;

  async function run(frame: Exclude<VisitorFrame, { type: 'typing' }>): Promise<void> {
    switch (frame.type) {
      case 'cobrowse_accept': {
        const attendantId = offers.get(frame.cobrowse_id);
        offers.delete(frame.cobrowse_id);
        if (!attendantId) return push(ended(frame.cobrowse_id, 'system'));
        if (active) await port.end(active);
        const party = { sessionId, cobrowseId: frame.cobrowse_id, attendantId };
        active = (await port.accept(party)) ? party : undefined;
        if (!active) push(ended(frame.cobrowse_id, 'system'));
        return;
      }
      case 'cobrowse_decline': {
        const attendantId = offers.get(frame.cobrowse_id);
        offers.delete(frame.cobrowse_id);
        if (attendantId) await port.decline({ sessionId, cobrowseId: frame.cobrowse_id, attendantId });
        return;
      }
      case 'cobrowse_events': {
        if (active?.cobrowseId !== frame.cobrowse_id) return;
        const { seq, part, parts, data } = frame;
        if (await port.events(active, { seq, part, parts, data })) return;
        active = undefined;
        return push(ended(frame.cobrowse_id, 'system'));
      }
      case 'cobrowse_end': {
        if (active?.cobrowseId !== frame.cobrowse_id) return;
        const party = active;
        active = undefined;
        return port.end(party);
      }
    }
  }

  return {
    /** The widget's frame for an attendant's signal on the session topic; undefined when it is not for this socket. */
    signal(s: CobrowseSignal): string | undefined {
      switch (s.action) {
        case 'request':
          offers.set(s.cobrowse_id, s.attendant_id);
          if (offers.size > MAX_OFFERS) offers.delete(offers.keys().next().value!);
          return JSON.stringify({ type: 'cobrowse_request', cobrowse_id: s.cobrowse_id, attendant: s.attendant_name });
        case 'pointer':
          return ours(s) ? JSON.stringify({ type: 'cobrowse_pointer', cobrowse_id: s.cobrowse_id, x: s.x, y: s.y }) : undefined;
        case 'resync':
          return ours(s) ? JSON.stringify({ type: 'cobrowse_resync', cobrowse_id: s.cobrowse_id }) : undefined;
        case 'end':
          if (ours(s)) {
            const party = active!;
            active = undefined;
            // In turn with the widget's frames, so what is kept is finished after the last one relayed.
            tail = tail.then(() => port.stopped?.(party)).catch((err: unknown) => logger.warn({ err }, 'web socket co-browse stop failed'));
          } else if (offers.get(s.cobrowse_id) === s.attendant_id) offers.delete(s.cobrowse_id);
          else return undefined;
          return ended(s.cobrowse_id, 'attendant');
      }
    },
    /** Runs the widget's frame after those before it. */
    frame(frame: Exclude<VisitorFrame, { type: 'typing' }>): void {
      if (frame.type === 'cobrowse_events' && waiting >= MAX_WAITING) return;
      waiting++;
      tail = tail
        .then(() => run(frame))
        .catch((err: unknown) => logger.warn({ err }, 'web socket co-browse frame failed'))
        .finally(() => void waiting--);
    },
    /** The socket closed: a co-browse in progress ends, once the frames before have run. */
    close(): Promise<void> {
      tail = tail.then(async () => {
        if (!active) return;
        const party = active;
        active = undefined;
        await port.end(party);
      }).catch((err: unknown) => logger.warn({ err }, 'web socket co-browse end failed'));
      return tail;
    },
  };
}

/** A co-browse signal from the bus, checked field by field (anything else on the topic is not one). */
export function cobrowseSignalOf(message: unknown): CobrowseSignal | undefined {
  const m = message as Partial<Record<string, unknown>> | null;
  if (m?.type !== 'cobrowse' || typeof m.cobrowse_id !== 'string' || typeof m.attendant_id !== 'string' || typeof m.at !== 'string') return undefined;
  if (m.action === 'request' && typeof m.attendant_name === 'string') return m as CobrowseSignal;
  if (m.action === 'pointer' && typeof m.x === 'number' && typeof m.y === 'number') return m as CobrowseSignal;
  if (m.action === 'resync' || m.action === 'end') return m as CobrowseSignal;
  return undefined;
}
