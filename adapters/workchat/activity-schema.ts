import { z } from 'zod';

const account = z.object({ id: z.string(), name: z.string().optional(), aadObjectId: z.string().optional() });

/**
 * The fields of a workchat (Bot Framework) activity the channel reads; everything else passes
 * through untouched in `raw`. One schema for the webhook body (docs/channels/workchat.md).
 */
export const workchatActivitySchema = z.looseObject({
  type: z.string(),
  id: z.string().optional(),
  timestamp: z.string().optional(),
  serviceUrl: z.url({ protocol: /^https?$/ }),
  channelId: z.string(),
  from: account,
  recipient: account,
  conversation: z.object({ id: z.string(), tenantId: z.string().optional(), conversationType: z.string().optional() }),
  text: z.string().optional(),
  /** An Adaptive Card's Action.Submit data, or a suggested action's value. */
  value: z.unknown().optional(),
  attachments: z.array(z.object({ contentType: z.string(), contentUrl: z.string().optional(), name: z.string().optional(), content: z.unknown().optional() })).optional(),
  membersAdded: z.array(account).optional(),
  membersRemoved: z.array(account).optional(),
  channelData: z.looseObject({ tenant: z.object({ id: z.string() }).optional() }).optional(),
});

export type WorkchatActivity = z.infer<typeof workchatActivitySchema>;

/** The body as an activity, or undefined when it is none. */
export function readActivity(body: unknown): WorkchatActivity | undefined {
  const parsed = workchatActivitySchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}
