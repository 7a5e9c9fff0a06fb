import { createLogger } from '../../infra/logger.js';
import { encodeG711, FRAME_SAMPLES } from '../../telephony/index.js';
import { transcribeAttendedCall, unlessHeld, type CallSide } from './transcribe-attended-call.js';

const logger = createLogger({ level: 'silent' });

/** `ms` of a 440 Hz tone (or silence) as G.711 packets of 20 ms. */
function packets(ms: number, amplitude: number, law: 'PCMU' | 'PCMA' = 'PCMU'): Uint8Array[] {
  return Array.from({ length: ms / 20 }, (_, p) => {
    const pcm = new Int16Array(FRAME_SAMPLES);
    for (let i = 0; i < FRAME_SAMPLES; i++) pcm[i] = Math.round(amplitude * Math.sin((2 * Math.PI * 440 * (p * FRAME_SAMPLES + i)) / 8000));
    return encodeG711(law, pcm);
  });
}

/** A voice service that says how long each utterance was, in tenths of a second. */
function transcribing(fail?: (seconds: number) => boolean) {
  const heard: number[] = [];
  return {
    heard,
    speech: {
      transcribe: async (pcm: Int16Array) => {
        const tenths = Math.round(pcm.length / 800);
        heard.push(tenths);
        if (fail?.(tenths)) throw new Error('the voice service is down');
        return tenths === 0 ? '' : `${tenths} tenths`;
      },
    },
  };
}

test('each side\'s utterances are transcribed and said with who spoke them; the hang-up cuts what was being said', async () => {
  const { speech } = transcribing();
  const said: [CallSide, string][] = [];
  const transcript = transcribeAttendedCall({ speech, logger, said: async (side, text) => { said.push([side, text]); } });
  // The caller: 2 s of speech then a second of silence (the utterance ends after 800 ms of it).
  for (const p of [...packets(2000, 8000), ...packets(1000, 0)]) transcript.fromCaller('PCMU', p);
  // The attendant's browser speaks the other law, from its first packet: 1.5 s, still talking when the call ends.
  for (const p of packets(1500, 8000, 'PCMA')) transcript.fromAttendant('PCMA', p);
  await transcript.flush();
  expect(said).toContainEqual(['attendant', expect.stringMatching(/^1[4-7] tenths$/)]);
  const customer = said.filter(([side]) => side === 'customer');
  expect(customer).toHaveLength(1);
  expect(customer[0]![1]).toMatch(/^2[0-5] tenths$/);
});

test('clicks shorter than half a second are not sent; a failed transcription is skipped and the next goes on', async () => {
  const { speech, heard } = transcribing((tenths) => tenths > 20);
  const said: [CallSide, string][] = [];
  const transcript = transcribeAttendedCall({ speech, logger, said: async (side, text) => { said.push([side, text]); } });
  const talk = (ms: number) => [...packets(ms, 8000), ...packets(1000, 0)];
  for (const p of [...talk(200), ...talk(3000), ...talk(1000)]) transcript.fromCaller('PCMU', p);
  await transcript.flush();
  expect(heard).toHaveLength(2);
  expect(said).toEqual([['customer', expect.stringMatching(/^1[0-5] tenths$/)]]);
});

test('on hold, the attendant\'s words are not transcribed; the caller\'s still are', async () => {
  const { speech } = transcribing();
  const said: CallSide[] = [];
  const transcript = transcribeAttendedCall({ speech, logger, said: async (side) => { said.push(side); } });
  const tap = unlessHeld(transcript, () => true);
  for (const p of packets(1500, 8000)) {
    tap.fromCaller('PCMU', p);
    tap.fromAttendant('PCMU', p);
  }
  await transcript.flush();
  expect(said).toEqual(['customer']);
});
