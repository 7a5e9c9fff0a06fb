/**
 * The bots' outbound calls below the API (docs/channels/rtc-sip.md, "Outbound calls"): a real SIP
 * user agent calls SIPp playing a busy phone behind the trunk's outbound proxy; the call's state
 * follows, and the rate per minute refuses the next one.
 */
import { RateLimitError } from '../../infra/errors.js';
import { createLogger } from '../../infra/logger.js';
import { createMemoryRateLimiter } from '../../infra/rate-limit/index.js';
import { startSipp, SIPP_SCENARIOS } from '../../test/support/sipp.js';
import { waitForValue } from '../../test/support/wait-for.js';
import { createSipUserAgent, openCallMedia, type SipUserAgent } from '../../telephony/index.js';
import { createOutboundCalls } from './outbound-calls.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';

const logger = createLogger({ level: 'silent' });
let agent: SipUserAgent;

beforeAll(async () => {
  agent = await createSipUserAgent({ host: '127.0.0.1', udpPort: 0, logger, timers: { t1Ms: 100 }, onInvite: (invite) => invite.reject(403) });
});

afterAll(async () => {
  await agent.close();
});

test('a busy callee: the call fails with 486; one call a minute refuses the next (429), the refused one spending nothing', async () => {
  const sipp = await startSipp({ scenario: { file: SIPP_SCENARIOS.uasBusy }, timeoutMs: 20_000 });
  const bot = {
    bot: 'reminders', numbers: ['+15550100'],
    outbound: { trunk: { name: 'carrier', outboundProxy: `sip:127.0.0.1:${sipp.port}`, transport: 'udp' }, allowed: ['+1555555*'], maxCalls: 2, perMinute: 1 },
  } as unknown as RtcSipBotSettings;
  const rateLimiter = createMemoryRateLimiter();
  const calls = createOutboundCalls({
    agent, bots: () => [bot], rateLimiter, logger, now: () => new Date(),
    openMedia: () => openCallMedia({ host: '127.0.0.1', portRange: { min: 43000, max: 43099 }, logger }),
    // Never reached: nobody answers in this test.
    speechOf: () => { throw new Error('no speech without an answer'); },
    engine: { receive: () => Promise.reject(new Error('no turn without an answer')), close: () => Promise.resolve() },
  });
  try {
    // Outside the allow list first: refused before the rate is counted.
    await expect(calls.start({ bot: 'reminders', to: '+15565550199' })).rejects.toThrow('is not in bot reminders\'s sip-outbound-numbers');
    const started = await calls.start({ bot: 'reminders', to: '+15555550199' });
    expect(started).toMatchObject({ state: 'ringing', to: '+15555550199', from: '+15550100', sip_status: null });
    const failed = await waitForValue(() => calls.get(started.id), (state) => state.state === 'failed', { what: 'the busy call failed', timeoutMs: 10_000 });
    expect(failed).toMatchObject({ reason: 'rejected', sip_status: 486, session_id: null });
    expect(failed.ended_at).not.toBeNull();
    const again = await calls.start({ bot: 'reminders', to: '+15555550199' }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(RateLimitError);
    expect(again).toMatchObject({ details: { limit: 1, window: '1m' } });
    expect((await sipp.done).logs).toEqual(['ack=ok']);
    expect(() => calls.get('00000000-0000-4000-8000-000000000000')).toThrow('No call');
  } finally {
    await sipp.stop();
    await rateLimiter.close();
  }
});
