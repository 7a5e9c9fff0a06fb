import type { OutboundCalls } from '../../adapters/index.js';
import { NotFoundError } from '../../infra/errors.js';
import { defineRoute } from '../route.js';
import { CallParamsSchema, CallSchema, StartCallRequestSchema } from '../schemas/calls.js';

// Starting bot calls is an operator's decision like a proactive campaign's send: supervisors (admins always pass).
const ACCESS = ['supervisor'] as const;
const TAG = 'calls';

/**
 * `/api/calls`: a bot phones a number (reminders, proactive campaigns), within the bot's allow list
 * and limits (docs/channels/rtc-sip.md, "Outbound calls"). Without phone calls in this deployment
 * every bot is unknown to it (404).
 */
export function callRoutes(deps: { calls?: OutboundCalls; botName: (idOrName: string) => string | undefined }) {
  const calls = () => {
    if (!deps.calls) throw new NotFoundError('No bot takes phone calls here (sip-enabled)');
    return deps.calls;
  };
  return [
    defineRoute({
      method: 'post', path: '/api/calls', summary: 'A bot calls a number: answered, the call runs the bot\'s dialog as an inbound call does', tag: TAG, access: ACCESS,
      body: StartCallRequestSchema, status: 202, response: { description: 'Placed: the call is ringing', schema: CallSchema }, errors: [403, 404, 409, 429],
      handle: ({ body }) => {
        const outbound = calls();
        // Another tenant's bot is no bot here, as an unknown one (docs/operations/tenants.md, "Bots").
        const bot = deps.botName(body.bot);
        if (bot === undefined) throw new NotFoundError(`Bot ${body.bot} does not take phone calls (sip-enabled)`);
        return outbound.start({
          bot, to: body.to, ...(body.from ? { from: body.from } : {}), ...(body.ring_seconds ? { ringSeconds: body.ring_seconds } : {}),
        });
      },
    }),
    defineRoute({
      method: 'get', path: '/api/calls/:id', summary: 'A bot\'s call: ringing, answered, ended (why) or failed (the SIP status)', tag: TAG, access: ACCESS,
      params: CallParamsSchema, response: { description: 'The call', schema: CallSchema }, errors: [404],
      handle: async ({ params }) => {
        const call = calls().get(params.id);
        // A call of another tenant's bot is no call here (docs/operations/tenants.md, "Bots").
        if (deps.botName(call.bot) === undefined) throw new NotFoundError(`No call ${params.id} on this instance`);
        return call;
      },
    }),
  ];
}
