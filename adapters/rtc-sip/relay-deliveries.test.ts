import { PermanentDeliveryError, type OutboundMessage } from '../../engine/index.js';
import { createEventBus } from '../../infra/events/index.js';
import { createLogger } from '../../infra/logger.js';
import type { CallHolder } from './call-registry.js';
import { createLiveCalls, type LiveCall } from './live-calls.js';
import { createRtcSipAdapter } from './rtc-sip-adapter.js';
import { startDeliveryRelay } from './relay-deliveries.js';

// Two instances on one bus (in-process here; Redis pub/sub across processes, test/e2e/kamailio-instances.test.ts):
// the outbox job runs on A, the call lives on B.
const logger = createLogger({ pretty: false });
const message = (text: string, session = 's1'): OutboundMessage => ({ session_id: session, channel: 'rtc_sip', to: '+15550100', text, from: 'attendant' });
const holderOf = (id: string, alive = true): CallHolder => ({
  call_id: 'c1', session_id: 's1', bot: 'shop', caller: '+15550100', alive, instance: { id, sip_address: `${id}:5060`, http_url: `http://${id}` },
});

async function twoInstances(options: { holder?: CallHolder; deliver?: LiveCall['deliver']; timeoutMs?: number } = {}) {
  const bus = await createEventBus({ logger });
  const said: string[] = [];
  const onB = createLiveCalls();
  onB.add({ bot: 'shop', caller: '+15550100', sessionId: 's1', deliver: options.deliver ?? (async (m) => { said.push(m.text); }) });
  const holder = async (sessionId: string) => (sessionId === 's1' ? options.holder ?? holderOf('b') : undefined);
  const b = await startDeliveryRelay({ bus, liveCalls: onB, instanceId: 'b', holder, logger });
  const a = await startDeliveryRelay({ bus, liveCalls: createLiveCalls(), instanceId: 'a', holder, logger, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const adapterA = createRtcSipAdapter({ isEnabled: () => true });
  adapterA.relayDeliveries(a);
  return { adapterA, said, close: async () => { await a.stop(); await b.stop(); await bus.close(); } };
}

test('a message whose call is on another instance is said there, and the send on this one resolves once it is', async () => {
  const { adapterA, said, close } = await twoInstances();
  try {
    await expect(adapterA.send(message('One moment, I am checking your order.'))).resolves.toEqual({});
    expect(said).toEqual(['One moment, I am checking your order.']);
  } finally {
    await close();
  }
});

test('no instance holds the call (ended, or the holder is dead): it fails for good', async () => {
  const dead = await twoInstances({ holder: holderOf('b', false) });
  try {
    await expect(dead.adapterA.send(message('Hello'))).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(dead.adapterA.send(message('Hello', 's2'))).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(dead.said).toEqual([]);
  } finally {
    await dead.close();
  }
});

test('the holder\'s call refuses it for good, or fails for now: the outbox hears which', async () => {
  const ended = await twoInstances({ deliver: async () => { throw new PermanentDeliveryError('the call ended before the message was said'); } });
  try {
    await expect(ended.adapterA.send(message('Hello'))).rejects.toThrow(new PermanentDeliveryError('the call ended before the message was said'));
  } finally {
    await ended.close();
  }
  const busy = await twoInstances({ deliver: async () => { throw new Error('speech service unavailable'); } });
  try {
    const sent = busy.adapterA.send(message('Hello'));
    await expect(sent).rejects.toThrow('speech service unavailable');
    await expect(sent).rejects.not.toBeInstanceOf(PermanentDeliveryError);
  } finally {
    await busy.close();
  }
});

test('the registry names an instance that is not listening: the send fails for now (the outbox tries again)', async () => {
  const gone = await twoInstances({ holder: holderOf('c'), timeoutMs: 200 });
  try {
    const sent = gone.adapterA.send(message('Hello'));
    await expect(sent).rejects.toThrow('did not answer');
    await expect(sent).rejects.not.toBeInstanceOf(PermanentDeliveryError);
  } finally {
    await gone.close();
  }
});
