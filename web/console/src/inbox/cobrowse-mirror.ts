import { Replayer } from 'rrweb';
import 'rrweb/dist/style.css';

/** One part of a batch of the page's events, as the live socket brings it (docs/attendance/co-browse.md). */
export interface EventsPart {
  seq: number;
  part: number;
  parts: number;
  data: string;
}

/** rrweb's full snapshot: a batch with one can start the mirror over. */
const FULL_SNAPSHOT = 2;

/**
 * The visitor's page, live, in the console: rrweb's replayer in live mode inside `root` (a
 * sandboxed frame without scripts), fed with the batches the page sends in parts. A batch lost on
 * the way (a part out of order) asks the page for a full snapshot again (`resync`) and skips what
 * comes until it. Events play as they arrive: their time is the console's, not the visitor's clock.
 */
export class CobrowseMirror {
  private readonly replayer: Replayer;
  private readonly start = Date.now();
  private next = 0;
  private parts: string[] = [];
  private waitingSnapshot = false;
  scale = 1;

  constructor(
    root: HTMLElement, title: string, private readonly resync: () => void, onScale: (scale: number, width: number, height: number) => void,
  ) {
    this.replayer = new Replayer([], { root, liveMode: true, mouseTail: false, showWarning: false, showDebug: false });
    this.replayer.iframe.title = title;
    this.replayer.on('resize', (size) => {
      const { width, height } = size as { width: number; height: number };
      this.scale = Math.min(1, (root.parentElement ?? root).clientWidth / width);
      onScale(this.scale, width, height);
    });
    this.replayer.startLive(this.start);
  }

  /** Adds a part; a complete batch plays. */
  add(part: EventsPart): void {
    if (part.part === 0) {
      if (part.seq !== this.next) this.lost();
      this.next = part.seq;
      this.parts = [];
    } else if (part.seq !== this.next || part.part !== this.parts.length) {
      this.lost();
      this.parts = [];
      this.next = part.seq + 1;
      return;
    }
    this.parts.push(part.data);
    if (this.parts.length < part.parts) return;
    const json = this.parts.join('');
    this.parts = [];
    this.next = part.seq + 1;
    let events: { type: number; timestamp: number }[];
    try {
      events = JSON.parse(json) as typeof events;
    } catch {
      return this.lost();
    }
    if (this.waitingSnapshot && !events.some((e) => e.type === FULL_SNAPSHOT)) return;
    this.waitingSnapshot = false;
    for (const event of events) this.replayer.addEvent({ ...event, timestamp: this.start } as Parameters<Replayer['addEvent']>[0]);
  }

  /** The page point (document coordinates, CSS pixels) under (clientX, clientY) of the console's window. */
  pagePoint(clientX: number, clientY: number): { x: number; y: number } {
    const frame = this.replayer.iframe;
    const box = frame.getBoundingClientRect();
    const view = frame.contentWindow;
    return {
      x: Math.max(0, Math.round((clientX - box.left) / this.scale + (view?.scrollX ?? 0))),
      y: Math.max(0, Math.round((clientY - box.top) / this.scale + (view?.scrollY ?? 0))),
    };
  }

  /** The mirrored document (for what the console shows around it, and tests). */
  get document(): Document | null {
    return this.replayer.iframe.contentDocument;
  }

  destroy(): void {
    this.replayer.destroy();
  }

  /** Something was lost: skip until a full snapshot, and ask the page for one (once). */
  private lost(): void {
    if (this.waitingSnapshot) return;
    this.waitingSnapshot = true;
    this.resync();
  }
}
