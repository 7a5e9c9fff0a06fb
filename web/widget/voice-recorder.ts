/**
 * The widget's microphone (docs/channels/web.md, "Voice"): records one voice message with
 * MediaRecorder, in the first of Opus in WebM or in Ogg the browser can write, and reports the
 * input level (Web Audio's AnalyserNode) while it records, for the level meter.
 */

/** Why recording could not start: the visitor (or the page's policy) refused the microphone, there is none, or the browser cannot record. */
export type MicrophoneProblem = 'denied' | 'missing' | 'unsupported';

export class MicrophoneError extends Error {
  constructor(readonly problem: MicrophoneProblem) {
    super(`microphone: ${problem}`);
  }
}

const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm'];

/** One recording in progress: `finish` gives its audio, `cancel` drops it; either lets the microphone go. */
export interface Recording {
  finish(): Promise<Blob>;
  cancel(): void;
}

/** Asks for the microphone and starts recording; `onLevel` hears the input level about 20 times a second. */
export async function startRecording(onLevel: (level: number) => void): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new MicrophoneError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new MicrophoneError(name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unsupported');
  }
  const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : {});
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  const meter = levelMeter(stream, onLevel);
  const release = () => {
    meter.stop();
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start();
  return {
    finish: () => new Promise<Blob>((resolve) => {
      recorder.addEventListener('stop', () => {
        release();
        resolve(new Blob(chunks, { type: (recorder.mimeType || mimeType || 'audio/webm') }));
      }, { once: true });
      recorder.stop();
    }),
    cancel() {
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}

/** The loudness of the stream, 0–1 (RMS of the waveform, scaled so speech fills the meter), until `stop`. */
function levelMeter(stream: MediaStream, onLevel: (level: number) => void): { stop(): void } {
  const audio = new AudioContext();
  const analyser = audio.createAnalyser();
  analyser.fftSize = 512;
  audio.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      void audio.close();
    },
  };
}
