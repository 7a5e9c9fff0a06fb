/**
 * The widget's side of co-browse (docs/attendance/co-browse.md): an attendant asks, the visitor
 * sees the prompt and decides; only after "Allow" does the page get recorded, in batches cut into
 * parts small enough for the push socket. The attendant's pointer shows on the page. Either side
 * stops it; a lost socket stops it too (the server ends it on its side), and a new request is asked
 * again. Nothing of the recording is kept in the page. The recorder itself is loaded on the first
 * "Allow" (cobrowse-loader.ts).
 */
import type { CobrowsePush } from './widget-client.js';
import type { PageRecording } from './cobrowse-recorder.js';
import type { RecordPage } from './cobrowse-loader.js';
import { AttendantPointer } from './cobrowse-pointer.js';

/** Characters of events per frame (the server takes at most 16,000, and frames of at most 64 KiB). */
const PART_CHARS = 16_000;
const FRAME_BYTES_MAX = 60_000;
/** Parts of one batch the server takes (a bigger page cannot be shared). */
const PARTS_MAX = 48;

/** What the controller shows: the prompt, the "sharing" bar, or nothing; and a line in the chat. */
export interface CobrowseView {
  ask(attendant: string, answer: (allow: boolean) => void): void;
  sharing(attendant: string, stop: () => void): void;
  clear(): void;
  say(text: 'ended' | 'too_big' | 'failed'): void;
}

export class CobrowseController {
  private offer: { id: string; attendant: string } | undefined;
  /** Allowed, while the recorder loads. */
  private starting: string | undefined;
  private active: { id: string; attendant: string; recording: PageRecording; seq: number } | undefined;
  private readonly pointer = new AttendantPointer();

  constructor(
    private readonly send: (frame: Record<string, unknown>) => boolean,
    private readonly view: CobrowseView,
    private readonly recorder: () => Promise<RecordPage>,
  ) {}

  /** A co-browse frame from the push socket. */
  onPush(frame: CobrowsePush): void {
    switch (frame.type) {
      case 'cobrowse_request':
        if (this.active) return; // one at a time: a request during a co-browse is not shown
        this.offer = { id: frame.cobrowse_id, attendant: frame.attendant };
        this.view.ask(frame.attendant, (allow) => this.answer(frame.cobrowse_id, allow));
        return;
      case 'cobrowse_pointer':
        if (this.active?.id === frame.cobrowse_id) this.pointer.show(frame.x, frame.y, this.active.attendant);
        return;
      case 'cobrowse_resync':
        if (this.active?.id === frame.cobrowse_id) this.active.recording.snapshot();
        return;
      case 'cobrowse_ended':
        if (this.starting === frame.cobrowse_id) this.starting = undefined;
        if (this.offer?.id === frame.cobrowse_id) {
          this.offer = undefined;
          this.view.clear();
        }
        if (this.active?.id === frame.cobrowse_id) this.finish(false);
        return;
    }
  }

  /** The socket is gone: whatever was on ends here (the server has ended it on its side). */
  lost(): void {
    if (this.offer) this.view.clear();
    this.offer = undefined;
    this.starting = undefined;
    if (this.active) this.finish(false);
  }

  private answer(id: string, allow: boolean): void {
    if (this.offer?.id !== id) return;
    const { attendant } = this.offer;
    this.offer = undefined;
    this.view.clear();
    if (!allow) return void this.send({ type: 'cobrowse_decline', cobrowse_id: id });
    void this.start(id, attendant);
  }

  /** Loads the recorder, then says yes and records; a recorder that does not load is a no. */
  private async start(id: string, attendant: string): Promise<void> {
    this.starting = id;
    let recordPage: RecordPage;
    try {
      recordPage = await this.recorder();
    } catch {
      if (this.starting === id) this.send({ type: 'cobrowse_decline', cobrowse_id: id });
      this.starting = undefined;
      return this.view.say('failed');
    }
    if (this.starting !== id) return; // stopped, or the socket went, while it loaded
    this.starting = undefined;
    if (!this.send({ type: 'cobrowse_accept', cobrowse_id: id })) return;
    const active = { id, attendant, seq: 0, recording: undefined as unknown as PageRecording };
    this.active = active;
    this.view.sharing(attendant, () => this.finish(true));
    active.recording = recordPage((json) => this.sendBatch(active, json));
  }

  /** Sends a batch of events in numbered parts; a batch too big to send ends the co-browse. */
  private sendBatch(active: NonNullable<CobrowseController['active']>, json: string): void {
    if (this.active !== active) return;
    const seq = active.seq++;
    for (let size = PART_CHARS; size >= 1000; size = Math.floor(size / 2)) {
      const frames = cut(json, size).map((data, part, all) => ({ type: 'cobrowse_events', cobrowse_id: active.id, seq, part, parts: all.length, data }));
      if (frames.length > PARTS_MAX) break;
      if (frames.some((f) => new TextEncoder().encode(JSON.stringify(f)).length > FRAME_BYTES_MAX)) continue;
      for (const frame of frames) this.send(frame);
      return;
    }
    this.finish(true);
    this.view.say('too_big');
  }

  /** Stops recording and the pointer; `tell` the server when the visitor (or the widget) stopped it. */
  private finish(tell: boolean): void {
    const active = this.active;
    if (!active) return;
    this.active = undefined;
    active.recording.stop();
    this.pointer.remove();
    this.view.clear();
    if (tell) this.send({ type: 'cobrowse_end', cobrowse_id: active.id });
    this.view.say('ended');
  }
}

function cut(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts.length > 0 ? parts : [''];
}
