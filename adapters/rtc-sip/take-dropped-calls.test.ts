/**
 * What a surviving instance does with the calls of one that died (docs/operations/kamailio.md,
 * "When an instance dies"): who is dead (a heartbeat older than the threshold), each dropped call
 * claimed once, and for each a call-back that resumes the conversation or, when the bot may not
 * call the number, the session closed with the reason in its transcript. On the in-memory
 * registry; db/live-calls-repo.ts passes the same steps in test/integration/live-calls-repo.test.ts.
 */
import type { InboundMessage } from '../../engine/index.js';
import { ConflictError } from '../../infra/errors.js';
import { createLogger } from '../../infra/logger.js';
import { createMemoryCallRegistry } from '../../test/support/memory-call-registry.js';
import type { CallRegistry } from './call-registry.js';
import { startCallSharing } from './call-sharing.js';
import { createLiveCalls } from './live-calls.js';
import type { OutboundCallRequest } from './outbound-policy.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';
import { takeDroppedCalls } from './take-dropped-calls.js';
import type { CallResume } from './voice-call.js';

const logger = createLogger({ level: 'silent' });
const TIMEOUT = 15;
const outboundOf = (allowed: string[]) => ({ trunk: { name: 'carrier', outboundProxy: 'sip:127.0.0.1:5090', transport: 'udp' }, allowed, maxCalls: 5, perMinute: 10 });
const bots = [
  { bot: 'shop', numbers: ['+15550100'], language: 'en', outbound: outboundOf(['+1555555*']) },
  { bot: 'desk', numbers: ['+15550200'], language: 'en' },
] as unknown as RtcSipBotSettings[];
const instance = (id: string) => ({ id, sip_address: `127.0.0.1:${id === 'a' ? 5071 : 5072}`, http_url: 'http://127.0.0.1:8080' });

function fakes(options: { refuse?: Error } = {}) {
  const started: (OutboundCallRequest & { resume?: CallResume })[] = [];
  const received: InboundMessage[] = [];
  const closed: { sessionId: string; reason: string }[] = [];
  return {
    started, received, closed,
    outbound: {
      async start(request: OutboundCallRequest & { resume?: CallResume }) {
        if (options.refuse) throw options.refuse;
        started.push(request);
        return { id: `call-back-${started.length}` } as never;
      },
    },
    engine: {
      async receive(message: InboundMessage) { received.push(message); return { status: 'processed', session_id: 's', replies: [], needs_human: false } as never; },
      async close(sessionId: string, reason: string) { closed.push({ sessionId, reason }); },
    },
  };
}

test('an instance is dead once its heartbeat is older than the threshold: then, and only then, a survivor takes its calls, each once', async () => {
  const memory = createMemoryCallRegistry();
  const { registry } = memory;
  await registry.beat(instance('a'));
  await registry.beat(instance('b'));
  await registry.add({ call_id: 'c1', instance_id: 'a', bot: 'shop', caller: '+15555550101' });
  await registry.identify('c1', 's1');
  memory.session('s1', { status: 'open', needs_human: false, last_prompt: 'Which department would you like?' });
  const f = fakes();
  const sweep = (id: string) => takeDroppedCalls({ registry, instanceId: id, deadAfterSeconds: TIMEOUT, bots: () => bots, outbound: f.outbound, engine: f.engine, logger });

  memory.advance(14_000);
  await registry.beat(instance('b'));
  expect(await sweep('b')).toEqual([]);
  expect(await registry.holder({ sessionId: 's1' }, TIMEOUT)).toMatchObject({ call_id: 'c1', alive: true, instance: { id: 'a', sip_address: '127.0.0.1:5071' } });

  memory.advance(2_000);
  await registry.beat(instance('b'));
  expect(await registry.holder({ callId: 'c1' }, TIMEOUT)).toMatchObject({ alive: false });
  // Its own calls are never dropped by an instance, whatever its heartbeat says.
  expect(await sweep('a')).toEqual([]);
  const taken = await sweep('b');
  expect(taken).toEqual([expect.objectContaining({ call: expect.objectContaining({ call_id: 'c1', instance_id: 'a' }), plan: expect.objectContaining({ kind: 'call-back' }), callBackId: 'call-back-1' })]);
  expect(f.started).toEqual([{ bot: 'shop', to: '+15555550101', resume: { waiting: false, lastPrompt: 'Which department would you like?' } }]);
  // Done: forgotten, so no second survivor takes it again; the dead instance, holding nothing, is forgotten too.
  expect(await sweep('b')).toEqual([]);
  expect(memory.calls()).toEqual([]);
  expect(memory.instances()).toEqual(['b']);
});

test('what is called back: the waiting caller goes back on hold; a call without a session yet starts afresh; an ended one is left', async () => {
  const memory = createMemoryCallRegistry();
  const { registry } = memory;
  await registry.beat(instance('a'));
  for (const [id, caller] of [['held', '+15555550102'], ['fresh', '+15555550103'], ['ended', '+15555550104']] as const) {
    await registry.add({ call_id: id, instance_id: 'a', bot: 'shop', caller });
  }
  await registry.identify('held', 's-held');
  memory.session('s-held', { status: 'open', needs_human: true, last_prompt: 'One moment please.' });
  await registry.identify('ended', 's-ended');
  memory.session('s-ended', { status: 'closed', needs_human: false, last_prompt: null });
  memory.advance(20_000);
  await registry.beat(instance('b'));
  const f = fakes();
  const taken = await takeDroppedCalls({ registry, instanceId: 'b', deadAfterSeconds: TIMEOUT, bots: () => bots, outbound: f.outbound, engine: f.engine, logger });
  expect(taken.map((t) => [t.call.call_id, t.plan.kind])).toEqual([['held', 'call-back'], ['fresh', 'call-back'], ['ended', 'nothing']]);
  expect(f.started).toEqual([
    { bot: 'shop', to: '+15555550102', resume: { waiting: true, lastPrompt: 'One moment please.' } },
    { bot: 'shop', to: '+15555550103' },
  ]);
  expect(f.closed).toEqual([]);
});

test('no call-back possible (no outbound trunk, a number outside the allow list, the call refused): the session closes with the reason in its transcript', async () => {
  const memory = createMemoryCallRegistry();
  const { registry } = memory;
  await registry.beat(instance('a'));
  await registry.add({ call_id: 'no-trunk', instance_id: 'a', bot: 'desk', caller: '+15555550105' });
  await registry.identify('no-trunk', 's-desk');
  await registry.add({ call_id: 'not-allowed', instance_id: 'a', bot: 'shop', caller: '+442079460958' });
  await registry.identify('not-allowed', 's-abroad');
  for (const id of ['s-desk', 's-abroad']) memory.session(id, { status: 'open', needs_human: false, last_prompt: null });
  memory.advance(20_000);
  const f = fakes();
  await takeDroppedCalls({ registry, instanceId: 'b', deadAfterSeconds: TIMEOUT, bots: () => bots, outbound: f.outbound, engine: f.engine, logger });
  expect(f.started).toEqual([]);
  expect(f.closed).toEqual([
    { sessionId: 's-desk', reason: 'call dropped; no call-back: Bot desk places no calls: its trunk has no outbound_proxy' },
    { sessionId: 's-abroad', reason: 'call dropped; no call-back: +442079460958 is not in bot shop\'s sip-outbound-numbers: the bot calls only the numbers its configuration allows' },
  ]);
  // The transcript says why, in the bot's language, as a line of the conversation (the engine runs nothing for it).
  expect(f.received.map((m) => [m.customer.external_id, m.command])).toEqual([
    ['+15555550105', { kind: 'answer', text: 'The call was cut off (the instance holding it stopped) and could not be called back: no call-back: Bot desk places no calls: its trunk has no outbound_proxy' }],
    ['+442079460958', { kind: 'answer', text: expect.stringContaining('is not in bot shop\'s sip-outbound-numbers') }],
  ]);

  // Allowed, but the call itself is refused when placed (the bot's calls are all up): closed the same way.
  const busy = createMemoryCallRegistry();
  await busy.registry.add({ call_id: 'busy', instance_id: 'a', bot: 'shop', caller: '+15555550106' });
  await busy.registry.identify('busy', 's-busy');
  busy.session('s-busy', { status: 'open', needs_human: false, last_prompt: null });
  const refusing = fakes({ refuse: new ConflictError('Bot shop already has 5 outbound calls up (sip-outbound-max-calls is 5)', 'too_many_calls') });
  const [taken] = await takeDroppedCalls({ registry: busy.registry, instanceId: 'b', deadAfterSeconds: TIMEOUT, bots: () => bots, outbound: refusing.outbound, engine: refusing.engine, logger });
  expect(taken?.failed).toBe('no call-back: Bot shop already has 5 outbound calls up (sip-outbound-max-calls is 5)');
  expect(refusing.closed).toEqual([{ sessionId: 's-busy', reason: 'call dropped; no call-back: Bot shop already has 5 outbound calls up (sip-outbound-max-calls is 5)' }]);
});

test('call sharing writes each call as it starts, gets its session and ends; a stopped instance leaves the registry', async () => {
  const memory = createMemoryCallRegistry();
  const liveCalls = createLiveCalls();
  const f = fakes();
  const sharing = await startCallSharing({
    registry: memory.registry, liveCalls, instance: instance('a'), deadAfterSeconds: TIMEOUT, bots: () => bots, outbound: f.outbound, engine: f.engine, logger,
  });
  const call = { bot: 'shop', caller: '+15555550107', callId: 'c-live', sessionId: undefined as string | undefined, deliver: async () => undefined };
  const end = liveCalls.add(call);
  call.sessionId = 's-live';
  liveCalls.identified(call);
  await sharing.beat();
  expect(await sharing.holder({ sessionId: 's-live' })).toEqual({
    call_id: 'c-live', session_id: 's-live', bot: 'shop', caller: '+15555550107', alive: true, instance: instance('a'),
  });
  end();
  await sharing.beat();
  expect(await sharing.holder({ callId: 'c-live' })).toBeUndefined();
  await sharing.stop();
  expect(memory.instances()).toEqual([]);
});

test('with tenants, the sweep runs in each one and calls back each tenant\'s dropped callers (docs/operations/tenants.md, "Phone calls")', async () => {
  // Each tenant's rows are its own, as row-level security shows them: one in-memory registry each, chosen by the scope at hand.
  const tenants = { acme: createMemoryCallRegistry(), globex: createMemoryCallRegistry() };
  let scope: keyof typeof tenants | undefined;
  const inScope = () => tenants[scope ?? 'acme'].registry;
  for (const [name, memory] of Object.entries(tenants)) {
    await memory.registry.beat(instance('a'));
    await memory.registry.add({ call_id: `c-${name}`, instance_id: 'a', bot: 'shop', caller: '+15555550108' });
    memory.advance(16_000);
  }
  const f = fakes();
  const sharing = await startCallSharing({
    registry: new Proxy({} as CallRegistry, {
      get: (_, method: keyof CallRegistry) => (...args: unknown[]) => (inScope()[method] as (...a: unknown[]) => Promise<unknown>)(...args),
    }),
    liveCalls: createLiveCalls(), instance: instance('b'), deadAfterSeconds: TIMEOUT, bots: () => bots, outbound: f.outbound, engine: f.engine, logger,
    eachTenant: async (work) => {
      for (const name of ['acme', 'globex'] as const) {
        scope = name;
        await work();
      }
      scope = undefined;
    },
  });
  const taken = await sharing.beat();
  expect(taken.map((t) => t.call.call_id)).toEqual(['c-acme', 'c-globex']);
  expect(f.started.map((s) => s.to)).toEqual(['+15555550108', '+15555550108']);
  await sharing.stop();
});
