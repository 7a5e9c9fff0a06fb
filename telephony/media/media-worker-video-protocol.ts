import type { VideoMedia, VideoMediaOptions } from './video-media.js';

/**
 * The media worker's messages for a call's video leg (docs/channels/rtc-sip.md, "Video"), beside
 * the audio ones of media-worker-protocol.ts: `video-open` binds the leg's port on the worker,
 * `video` names a `VideoMedia` method, and the caller's packets come back as `video-packet` while
 * the leg relays.
 */
export type VideoMethod = 'apply' | 'startRelay' | 'stopRelay' | 'requestKeyframe' | 'send' | 'stats' | 'close';

export interface VideoMethodArgs {
  apply: Parameters<VideoMedia['apply']>;
  /** The listener stays on the main thread. */
  startRelay: [];
  stopRelay: [];
  requestKeyframe: [];
  send: Parameters<VideoMedia['send']>;
  stats: [];
  close: [];
}

export type VideoToWorker =
  | { kind: 'video-open'; request: number; video: number; options: Omit<VideoMediaOptions, 'logger'>; logLevel: string }
  | { [M in VideoMethod]: { kind: 'video'; video: number; method: M; args: VideoMethodArgs[M]; request?: number } }[VideoMethod];

export type VideoFromWorker = { kind: 'video-packet'; video: number; packet: Uint8Array };

/** What `video-open` answers. */
export interface OpenedVideo {
  localPort: number;
  sdpAddress: string;
}
