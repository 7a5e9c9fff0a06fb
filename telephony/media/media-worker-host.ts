import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../infra/logger.js';
import type { CallMedia, CallMediaOptions } from './call-media-api.js';
import { createSharedStats, LOG_CALL_FIELD, type CallMethod, type CallMethodArgs, type FromWorker, type OpenedCall, type ToWorker } from './media-worker-protocol.js';
import { WorkerCallMedia, type WorkerLink } from './worker-call-media.js';
import type { OpenedVideo, VideoMethod, VideoMethodArgs, VideoToWorker } from './media-worker-video-protocol.js';
import type { VideoMedia, VideoMediaOptions } from './video-media.js';
import { WorkerVideoMedia, type VideoWorkerLink } from './worker-video-media.js';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** What the request answers when the worker ends before it does. */
  ifGone: () => unknown;
}

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);

/**
 * The calls' media on one worker thread (docs/channels/rtc-sip.md, "Media"): started at the first
 * call, ended by `close` when the channel stops. The main thread keeps a thin `WorkerCallMedia`
 * per call; the worker (media-worker.ts) runs the call's `CallMediaSession`. Should the worker
 * die, its calls end as a hang-up would end them (playback 'stopped', listen 'closed') and the
 * next call starts a new one.
 */
export class MediaWorkerHost {
  private worker: Worker | undefined;
  private closing = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly calls = new Map<number, WorkerCallMedia>();
  private readonly videos = new Map<number, WorkerVideoMedia>();

  constructor(private readonly logger: Logger) {}

  async open(options: CallMediaOptions): Promise<CallMedia> {
    // The worker keeps its own clock: a test's or bench's clock cannot cross threads.
    const { logger, clock: _clock, ...rest } = options;
    const call = this.nextId++;
    const stats = createSharedStats();
    const request = this.nextId++;
    const opened = await this.request<OpenedCall>(request, { kind: 'open', request, call, options: rest, stats, logLevel: logger.level }, () => {
      throw new Error('the media worker ended before the call\'s media opened');
    });
    const media = new WorkerCallMedia(this.link, call, opened.localPort, opened.sdpAddress, new Float64Array(stats), logger);
    this.calls.set(call, media);
    this.updateRef();
    return media;
  }

  /** A call's video leg (docs/channels/rtc-sip.md, "Video"), on the same thread as the calls' audio. */
  async openVideo(options: VideoMediaOptions): Promise<VideoMedia> {
    const { logger, ...rest } = options;
    const video = this.nextId++;
    const request = this.nextId++;
    const opened = await this.request<OpenedVideo>(request, { kind: 'video-open', request, video, options: rest, logLevel: logger.level }, () => {
      throw new Error('the media worker ended before the call\'s video opened');
    });
    const media = new WorkerVideoMedia(this.videoLink, video, opened.localPort, opened.sdpAddress);
    this.videos.set(video, media);
    return media;
  }

  private readonly videoLink: VideoWorkerLink = {
    send: (video, method, args, transfer = []) => this.post(videoCommand(video, method, args), transfer),
    ask: <T, M extends VideoMethod>(video: number, method: M, args: VideoMethodArgs[M], ifGone: T) => {
      const request = this.nextId++;
      return this.request<T>(request, videoCommand(video, method, args, request), () => ifGone);
    },
    closed: (video) => this.videos.delete(video),
  };

  /** Ends the worker: every call's media closes with it. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.closing = true;
    await worker.terminate();
  }

  private readonly link: WorkerLink = {
    send: (call, method, args, transfer = []) => this.post(command(call, method, args), transfer),
    ask: <T, M extends CallMethod>(call: number, method: M, args: CallMethodArgs[M], ifGone: T, transfer: ArrayBuffer[] = []) => {
      const request = this.nextId++;
      return this.request<T>(request, command(call, method, args, request), () => ifGone, transfer);
    },
    closed: (call) => {
      this.calls.delete(call);
      this.updateRef();
    },
  };

  private request<T>(request: number, message: ToWorker, ifGone: () => T, transfer: ArrayBuffer[] = []): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.set(request, { resolve: resolve as (value: unknown) => void, reject, ifGone });
      this.post(message, transfer);
    });
  }

  private post(message: ToWorker, transfer: ArrayBuffer[]): void {
    this.started().postMessage(message, transfer);
    this.updateRef();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startMediaWorker();
    worker.on('message', (message: FromWorker) => this.received(message));
    worker.on('error', (error) => this.logger.error({ err: error }, 'media worker failed; its calls\' media are closed'));
    worker.on('exit', () => this.ended(worker));
    this.worker = worker;
    return worker;
  }

  private received(message: FromWorker): void {
    switch (message.kind) {
      case 'result':
      case 'failed': {
        const pending = this.pending.get(message.request);
        this.pending.delete(message.request);
        if (message.kind === 'result') pending?.resolve(message.value);
        else pending?.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
        this.updateRef();
        return;
      }
      case 'key':
        this.calls.get(message.call)?.keyPressed(message.digit);
        return;
      case 'relayed':
        this.calls.get(message.call)?.relayed(message.codec, message.payload);
        return;
      case 'log':
        this.relog(message.line);
        return;
      case 'video-packet':
        this.videos.get(message.video)?.relayed(message.packet);
        return;
    }
  }

  /** A worker log line, written again by its call's logger (or the channel's for the worker's own lines). */
  private relog(line: string): void {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    const { level, time: _time, pid: _pid, hostname: _hostname, msg, [LOG_CALL_FIELD]: call, ...fields } = parsed;
    const logger = (typeof call === 'number' ? this.calls.get(call)?.logger : undefined) ?? this.logger;
    const label = typeof level === 'number' ? logger.levels.labels[level] : undefined;
    if (label && LOG_LEVELS.has(label)) logger[label as 'info'](fields, typeof msg === 'string' ? msg : '');
  }

  private ended(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    if (!this.closing) this.logger.warn('media worker ended; the next call starts a new one');
    this.closing = false;
    for (const media of this.calls.values()) media.lost();
    this.calls.clear();
    for (const video of this.videos.values()) video.lost();
    this.videos.clear();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { resolve, reject, ifGone } of pending) {
      try {
        resolve(ifGone());
      } catch (error) {
        reject(error as Error);
      }
    }
  }

  /** The worker keeps the process alive while it has calls or answers owed, as the calls' sockets do in-thread. */
  private updateRef(): void {
    if (!this.worker) return;
    if (this.calls.size > 0 || this.pending.size > 0) this.worker.ref();
    else this.worker.unref();
  }
}

function command<M extends CallMethod>(call: number, method: M, args: CallMethodArgs[M], request?: number): ToWorker {
  return { kind: 'call', call, method, args, ...(request === undefined ? {} : { request }) } as ToWorker;
}

function videoCommand<M extends VideoMethod>(video: number, method: M, args: VideoMethodArgs[M], request?: number): VideoToWorker {
  return { kind: 'video', video, method, args, ...(request === undefined ? {} : { request }) } as VideoToWorker;
}

/**
 * The worker's file beside this one: the built JavaScript in production (`npm start` runs dist/),
 * or the TypeScript source under tsx (the bench, the dev server) and jest. On Node 20 a worker's
 * entry file is not reached by loader hooks (`--import tsx` in its execArgv), so a one-line
 * bootstrap loads the source through tsx's `tsImport`.
 */
function startMediaWorker(): Worker {
  const here = new URL(import.meta.url);
  if (!here.pathname.endsWith('.ts')) return new Worker(new URL('./media-worker.js', here));
  const entry = new URL('./media-worker.ts', here).href;
  const bootstrap = `import(${JSON.stringify(tsxEsmApi(here))}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(here.href)}));`;
  return new Worker(bootstrap, { eval: true });
}

/** tsx's ES module API (its `import` export: the `require` one cannot load the worker's modules). */
function tsxEsmApi(from: URL): string {
  const manifestPath = createRequire(from).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = manifest.exports['./esm/api']?.import.default;
  if (!api) throw new Error('tsx has no ./esm/api export: the media worker cannot load its TypeScript');
  return pathToFileURL(path.join(path.dirname(manifestPath), api)).href;
}
