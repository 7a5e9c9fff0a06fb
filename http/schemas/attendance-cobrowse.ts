import { z } from 'zod';

/** `/api/attendance/sessions/{session_id}/cobrowse/{cobrowse_id}`: a kept co-browse (docs/attendance/co-browse.md, "Storage"). */
export const KeptCobrowseParamsSchema = z.object({ session_id: z.uuid(), cobrowse_id: z.uuid() });

export const KeptCobrowseSchema = z
  .object({
    session_id: z.uuid(),
    cobrowse_id: z.uuid(),
    attendant_id: z.string().meta({ description: 'The attendant the page was shared with' }),
    started_at: z.string().meta({ description: 'When the visitor allowed it (ISO 8601)' }),
    ended_at: z.string().meta({ description: 'When it ended (ISO 8601)' }),
    truncated: z.boolean().meta({ description: 'True when the co-browse went past what one recording keeps: its end is missing' }),
    events: z.array(z.unknown()).meta({ description: 'The page\'s rrweb events as relayed to the attendant (private fields were cut in the visitor\'s browser), in order, for rrweb\'s Replayer' }),
  })
  .meta({ id: 'KeptCobrowse' });

export const KeptCobrowseDeletedSchema = z.object({ ok: z.literal(true) }).meta({ id: 'KeptCobrowseDeleted' });
