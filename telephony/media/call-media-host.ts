import type { Logger } from '../../infra/logger.js';
import type { CallMedia, CallMediaOptions } from './call-media-api.js';
import { openCallMedia } from './call-media.js';
import { MediaWorkerHost } from './media-worker-host.js';
import { openVideoMedia, type VideoMedia, type VideoMediaOptions } from './video-media.js';

/** Where the calls' media run: `worker`, a thread of their own (the default), or `main`, the main thread. */
export type MediaThread = 'worker' | 'main';

/** Opens each call's media on one thread, and ends them all when the channel stops (docs/channels/rtc-sip.md, "Media"). */
export interface CallMediaHost {
  open(options: CallMediaOptions): Promise<CallMedia>;
  /** A call's video leg, on the same thread (docs/channels/rtc-sip.md, "Video"). */
  openVideo(options: VideoMediaOptions): Promise<VideoMedia>;
  close(): Promise<void>;
}

/**
 * The calls' media on the main thread (each call's `CallMediaSession` driven by the process's
 * clock) or on the media worker, whose thread no bot turn can hold up. `logger` takes what the
 * worker logs outside any one call.
 */
export function createCallMediaHost(thread: MediaThread, logger: Logger): CallMediaHost {
  if (thread === 'main') return { open: openCallMedia, openVideo: openVideoMedia, close: async () => undefined };
  const host = new MediaWorkerHost(logger);
  return { open: (options) => host.open(options), openVideo: (options) => host.openVideo(options), close: () => host.close() };
}
