import { z } from 'zod';

/** `POST /api/calls` (docs/channels/rtc-sip.md, "Outbound calls"). */
export const StartCallRequestSchema = z
  .object({
    bot: z.string().min(1).max(100).meta({ description: 'The bot id or name that places the call (it needs `sip-enabled` and an outbound trunk)' }),
    to: z.string().trim().min(2).max(40).meta({ description: 'The number to call, in international form (`+15555550199`); it must match the bot\'s `sip-outbound-numbers`', example: '+15555550199' }),
    from: z.string().trim().regex(/^\+[1-9]\d{6,14}$/, 'expected one of the bot\'s numbers in E.164').optional()
      .meta({ description: 'The caller ID: one of the bot\'s `sip-phone-number`; the first when absent' }),
    ring_seconds: z.number().int().min(5).max(120).optional()
      .meta({ description: 'How long the phone may ring before the call is given up (CANCEL); 30 when absent' }),
  })
  .strict()
  .meta({ id: 'CallStartRequest' });

export const CallParamsSchema = z.object({ id: z.uuid() });

export const CallSchema = z
  .object({
    id: z.uuid(),
    bot: z.string(),
    to: z.string().meta({ description: 'The number called, in E.164' }),
    from: z.string().meta({ description: 'The caller ID the call was placed with' }),
    state: z.enum(['ringing', 'answered', 'ended', 'failed']).meta({ description: '`ringing` until a final answer; `answered` while the bot talks; then `ended`, or `failed` if it was never answered' }),
    created_at: z.string(),
    answered_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    reason: z.string().nullable().meta({
      description: 'Ended: `callee_hung_up`, `bot_hung_up`, `session_expired`, `service_stopped`. Failed: `rejected` (see sip_status), `no_answer` (rang out), `timeout` (nothing answered), `media` (no usable audio), `error`, `cancelled` (the service stopped while it rang)',
    }),
    sip_status: z.number().int().nullable().meta({ description: 'Failed: the SIP status the far end answered (486 busy, 603 declined…), 487 after a ring timeout, 408 when nothing answered' }),
    session_id: z.string().nullable().meta({ description: 'The bot\'s session (`rtc_sip`, `call_type` voice) once answered' }),
  })
  .meta({ id: 'Call' });
