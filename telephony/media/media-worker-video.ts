import type { Logger } from '../../infra/logger.js';
import type { OpenedVideo, VideoFromWorker, VideoMethod, VideoMethodArgs, VideoToWorker } from './media-worker-video-protocol.js';
import { openVideoMedia, type VideoMedia } from './video-media.js';

/**
 * The video legs on the media worker (docs/channels/rtc-sip.md, "Video"): each call's `VideoMedia`,
 * driven by the `video` messages of media-worker-video-protocol.ts. Used by media-worker.ts.
 */
export function workerVideoLegs(post: (message: VideoFromWorker, transfer?: ArrayBuffer[]) => void, logger: Logger) {
  const legs = new Map<number, VideoMedia>();
  const methods: { [M in VideoMethod]: (leg: VideoMedia, id: number, ...args: VideoMethodArgs[M]) => unknown } = {
    apply: (leg, _id, video) => leg.apply(video),
    startRelay: (leg, id) => leg.startRelay((packet) => {
      const bytes = packet.slice();
      post({ kind: 'video-packet', video: id, packet: bytes }, [bytes.buffer]);
    }),
    stopRelay: (leg) => leg.stopRelay(),
    requestKeyframe: (leg) => leg.requestKeyframe(),
    send: (leg, _id, packet) => leg.send(packet),
    stats: (leg) => leg.stats(),
    close: (leg, id) => {
      legs.delete(id);
      leg.close();
    },
  };
  return {
    async handle(message: VideoToWorker): Promise<unknown> {
      if (message.kind === 'video-open') {
        const leg = await openVideoMedia({ ...message.options, logger: logger.child({ video_leg: message.video }, { level: message.logLevel }) });
        legs.set(message.video, leg);
        const opened: OpenedVideo = { localPort: leg.localPort, sdpAddress: leg.sdpAddress };
        return opened;
      }
      const leg = legs.get(message.video);
      if (!leg) throw new Error(`media worker: no video leg ${message.video}`);
      const method = methods[message.method] as (leg: VideoMedia, id: number, ...args: unknown[]) => unknown;
      return method(leg, message.video, ...message.args);
    },
  };
}
