import { z } from 'zod';

/** The conversation (session id) whose phone call is acted on. */
export const CallConversationParamsSchema = z.object({ id: z.uuid().meta({ description: 'The conversation\'s session id' }) });

export const CallHoldRequestSchema = z
  .object({ on: z.boolean().meta({ description: 'true: on hold (the caller hears the hold music); false: resumed' }) })
  .meta({ id: 'CallHoldRequest' });

export const CallHoldResultSchema = z
  .object({ ok: z.literal(true), session_id: z.uuid(), held: z.boolean() })
  .meta({ id: 'CallHoldResult' });

export const CallDtmfRequestSchema = z
  .object({
    digits: z.string().regex(/^[0-9*#A-Da-d]{1,32}$/, 'keys are 0-9, *, #, A-D, at most 32')
      .meta({ description: 'Keys to send to the far end: 0-9, *, #, A-D, at most 32', example: '1234#' }),
  })
  .meta({ id: 'CallDtmfRequest' });

export const CallDtmfResultSchema = z
  .object({
    ok: z.literal(true), session_id: z.uuid(),
    via: z.enum(['rtp', 'info']).meta({ description: 'rtp: RFC 4733 telephone-events; info: SIP INFO, when the call agreed no telephone-event' }),
  })
  .meta({ id: 'CallDtmfResult' });

export const CallHangupResultSchema = z.object({ ok: z.literal(true), session_id: z.uuid() }).meta({ id: 'CallHangupResult' });

/** An international number as typed (spaces, dots, dashes, brackets dropped), E.164 after. */
const E164 = z.string().transform((text) => text.replace(/[\s.()-]/g, '')).pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'an international number (E.164), such as +15550100'));

export const CallTransferRequestSchema = z
  .union([
    z.object({ attendant_id: z.uuid().meta({ description: 'Another attendant: the conversation is assigned to them and the call re-bridges to their browser' }) }).strict(),
    z.object({ number: E164.meta({ description: 'A number (E.164): the trunk is asked to call it (SIP REFER) and our leg ends' }) }).strict(),
  ])
  .meta({ id: 'CallTransferRequest' });

export const CallTransferResultSchema = z
  .object({
    ok: z.literal(true), session_id: z.uuid(), to: z.enum(['attendant', 'number']),
    assigned_to: z.uuid().nullable().optional(), number: z.string().optional(),
  })
  .meta({ id: 'CallTransferResult' });
