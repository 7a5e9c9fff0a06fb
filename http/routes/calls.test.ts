import type { OutboundCalls } from '../../adapters/index.js';
import { NotFoundError } from '../../infra/errors.js';
import { callRoutes } from './calls.js';

/** A placed call of bot `bot`, as the instance that placed it keeps it. */
const placed = (bot: string): OutboundCalls => ({
  start: () => Promise.reject(new Error('not in this test')),
  get: (id) => ({
    id, bot, to: '+15550100', from: '+15550199', state: 'ringing', created_at: '2026-11-29T00:00:00.000Z',
    answered_at: null, ended_at: null, reason: null, sip_status: null, session_id: null,
  }),
});

const getCall = (calls: OutboundCalls, botsHere: string[]) => {
  const route = callRoutes({ calls, botName: (name) => (botsHere.includes(name) ? name : undefined) }).find((r) => r.method === 'get')!;
  return route.handle({ params: { id: 'call-1' } } as unknown as Parameters<typeof route.handle>[0]);
};

test("a call of the request's tenant's bot is answered; another tenant's bot's call is 404 as an unknown call", async () => {
  await expect(getCall(placed('home-desk'), ['home-desk'])).resolves.toMatchObject({ id: 'call-1', bot: 'home-desk' });
  await expect(getCall(placed('acme-desk'), ['home-desk'])).rejects.toBeInstanceOf(NotFoundError);
});
