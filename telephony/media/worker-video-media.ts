import type { VideoMethod, VideoMethodArgs } from './media-worker-video-protocol.js';
import type { NegotiatedVideo } from './negotiated-video.js';
import type { VideoMedia, VideoStats } from './video-media.js';

/** How a `WorkerVideoMedia` reaches the worker (media-worker-host.ts). */
export interface VideoWorkerLink {
  send<M extends VideoMethod>(video: number, method: M, args: VideoMethodArgs[M], transfer?: ArrayBuffer[]): void;
  ask<T, M extends VideoMethod>(video: number, method: M, args: VideoMethodArgs[M], ifGone: T): Promise<T>;
  closed(video: number): void;
}

const NO_STATS: VideoStats = { received: 0, relayed: 0, sent: 0, keyframeRequests: 0, droppedForeign: 0 };

/** A call's video leg as the main thread holds it while the leg runs on the media worker (video-media.ts). */
export class WorkerVideoMedia implements VideoMedia {
  private listener: ((packet: Uint8Array) => void) | undefined;
  private isClosed = false;

  constructor(private readonly link: VideoWorkerLink, readonly video: number, readonly localPort: number, readonly sdpAddress: string) {}

  apply(video: NegotiatedVideo): void {
    if (!this.isClosed) this.link.send(this.video, 'apply', [video]);
  }

  startRelay(listener: (packet: Uint8Array) => void): void {
    if (this.isClosed) return;
    this.listener = listener;
    this.link.send(this.video, 'startRelay', []);
  }

  stopRelay(): void {
    this.listener = undefined;
    if (!this.isClosed) this.link.send(this.video, 'stopRelay', []);
  }

  requestKeyframe(): void {
    if (!this.isClosed) this.link.send(this.video, 'requestKeyframe', []);
  }

  send(packet: Uint8Array): void {
    if (this.isClosed) return;
    const copy = packet.slice();
    this.link.send(this.video, 'send', [copy], [copy.buffer]);
  }

  stats(): Promise<VideoStats> {
    return this.isClosed ? Promise.resolve(NO_STATS) : this.link.ask(this.video, 'stats', [], NO_STATS);
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.listener = undefined;
    this.link.send(this.video, 'close', []);
    this.link.closed(this.video);
  }

  /** A packet from the caller, relayed by the worker. */
  relayed(packet: Uint8Array): void {
    this.listener?.(packet);
  }

  /** The worker ended: the leg is gone with it. */
  lost(): void {
    this.isClosed = true;
    this.listener = undefined;
  }
}
