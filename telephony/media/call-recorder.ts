import { createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { FRAME_SAMPLES } from './g711.js';
import { CALL_SAMPLE_RATE } from './resample.js';

/** A finished recording: the WAV file written, and how long it lasts. */
export interface RecordedAudio {
  path: string;
  seconds: number;
}

/** Frames of the caller's audio that may wait for the clock (jitter); older ones are dropped. */
const CALLER_BACKLOG_FRAMES = 5;
/** The canonical WAV header's length: its two sizes are written when the recording ends. */
const HEADER_BYTES = 44;

/**
 * A call's recording (docs/attendance/calls.md, "Recording"): both directions mixed into one
 * 16-bit mono WAV at 8 kHz, written to `path` frame by frame as the call's 20 ms clock ticks, so
 * memory holds a few frames whatever the call's length. Each tick mixes what went to the caller
 * (the bot's speech, the hold music, the attendant's voice) with the oldest frame heard from the
 * caller since; a caller who sends nothing (silence suppression) is silence. At most `maxSeconds`
 * are kept (the rest of a longer call is not written).
 */
export class CallRecorder {
  private readonly out: WriteStream;
  private readonly heardFrames: Int16Array[] = [];
  private frames = 0;
  private readonly maxFrames: number;
  private finishing: Promise<RecordedAudio> | undefined;
  private failed: Error | undefined;

  constructor(readonly path: string, options: { maxSeconds: number }) {
    this.maxFrames = Math.floor((options.maxSeconds * CALL_SAMPLE_RATE) / FRAME_SAMPLES);
    this.out = createWriteStream(path);
    this.out.on('error', (error) => {
      this.failed = error;
    });
    this.out.write(wavHeader(0));
  }

  /** A frame (8 kHz PCM) heard from the caller. */
  heard(frame: Int16Array): void {
    this.heardFrames.push(frame);
    if (this.heardFrames.length > CALLER_BACKLOG_FRAMES) this.heardFrames.shift();
  }

  /** One tick of the call's clock: `sent` is what went to the caller (undefined: silence). */
  tick(sent: Int16Array | undefined): void {
    if (this.finishing || this.failed || this.frames >= this.maxFrames) return;
    const caller = this.heardFrames.shift();
    const mixed = Buffer.alloc(FRAME_SAMPLES * 2);
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      const sample = (sent?.[i] ?? 0) + (caller?.[i] ?? 0);
      mixed.writeInt16LE(Math.max(-32768, Math.min(32767, sample)), i * 2);
    }
    this.out.write(mixed);
    this.frames += 1;
  }

  /** Ends the file (its header then gives the length); resolves to it. Idempotent. */
  finish(): Promise<RecordedAudio> {
    this.finishing ??= this.close();
    return this.finishing;
  }

  private async close(): Promise<RecordedAudio> {
    await new Promise<void>((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      this.out.end(() => (this.failed ? reject(this.failed) : resolve()));
    });
    const dataBytes = this.frames * FRAME_SAMPLES * 2;
    const file = await open(this.path, 'r+');
    try {
      await file.write(wavHeader(dataBytes), 0, HEADER_BYTES, 0);
    } finally {
      await file.close();
    }
    return { path: this.path, seconds: (this.frames * FRAME_SAMPLES) / CALL_SAMPLE_RATE };
  }
}

/** The 44-byte canonical header of a 16-bit mono 8 kHz WAV whose data is `dataBytes` long. */
function wavHeader(dataBytes: number): Buffer {
  const bytes = Buffer.alloc(HEADER_BYTES);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(36 + dataBytes, 4);
  bytes.write('WAVEfmt ', 8, 'latin1');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(CALL_SAMPLE_RATE, 24);
  bytes.writeUInt32LE(CALL_SAMPLE_RATE * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'latin1');
  bytes.writeUInt32LE(dataBytes, 40);
  return bytes;
}
