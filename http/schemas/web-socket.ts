/**
 * The frames the web widget may send on `/ws/web` (docs/channels/web.md, docs/attendance/co-browse.md):
 * its typing notice and its side of co-browse. Validated here at the edge; anything else is ignored.
 */
import { z } from 'zod';
import { COBROWSE_CHUNK_MAX, COBROWSE_PARTS_MAX } from '../../attendance/index.js';

const CobrowseId = z.uuid();

/** `{type:"typing"}`: the visitor is typing. */
export const VisitorTypingFrameSchema = z.object({ type: z.literal('typing') });

/** `{type:"cobrowse_accept"|"cobrowse_decline"|"cobrowse_end", cobrowse_id}`: the visitor's answer to a request, or their stop. */
export const CobrowseAnswerFrameSchema = z.object({
  type: z.enum(['cobrowse_accept', 'cobrowse_decline', 'cobrowse_end']),
  cobrowse_id: CobrowseId,
});

/** `{type:"cobrowse_events"}`: one part of a batch of the page's recorded events, as JSON text, masked in the page. */
export const CobrowseEventsFrameSchema = z.object({
  type: z.literal('cobrowse_events'),
  cobrowse_id: CobrowseId,
  seq: z.number().int().min(0),
  part: z.number().int().min(0).max(COBROWSE_PARTS_MAX - 1),
  parts: z.number().int().min(1).max(COBROWSE_PARTS_MAX),
  data: z.string().max(COBROWSE_CHUNK_MAX),
}).refine((f) => f.part < f.parts, { message: 'part must be less than parts', path: ['part'] });

/** Any frame the widget may send. */
export const VisitorFrameSchema = z.union([VisitorTypingFrameSchema, CobrowseAnswerFrameSchema, CobrowseEventsFrameSchema]);
export type VisitorFrame = z.infer<typeof VisitorFrameSchema>;
