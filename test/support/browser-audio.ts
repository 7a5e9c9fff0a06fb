/**
 * Listening to what a page's WebRTC calls receive, for the browser suites of calls
 * (test/browser/console-calls.test.ts, test/browser/widget-voice.test.ts): add
 * {@link RECORD_PEER_CONNECTIONS} as an init script, then evaluate {@link PEAK_OF_RECEIVED_AUDIO}.
 */

/** In the page, before its scripts: the peer connections it makes are kept, so the test can listen to what they receive. */
export const RECORD_PEER_CONNECTIONS = `
  const Native = window.RTCPeerConnection;
  window.testPeerConnections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(config) {
      super(config);
      window.testPeerConnections.push(this);
    }
  };
`;

/** In the page: the loudest frequency of what the latest peer connection receives (WebAudio's analyser), and its level. */
export const PEAK_OF_RECEIVED_AUDIO = `(async () => {
  if (!window.testProbe) {
    const pc = window.testPeerConnections.at(-1);
    const track = pc && pc.getReceivers().map((r) => r.track).find((t) => t.kind === 'audio');
    if (!track) return { hz: 0, db: -1000 };
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 4096;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    window.testProbe = { context, analyser };
  }
  const { context, analyser } = window.testProbe;
  await context.resume();
  const bins = new Float32Array(analyser.frequencyBinCount);
  analyser.getFloatFrequencyData(bins);
  let peak = 1;
  for (let i = 2; i < bins.length; i += 1) if (bins[i] > bins[peak]) peak = i;
  return { hz: (peak * context.sampleRate) / analyser.fftSize, db: Math.max(bins[peak], -1000) };
})()`;
