/**
 * What co-browse carries (docs/attendance/co-browse.md): the attendant's signals on the session's
 * outbound topic, which the visitor's `/ws/web` socket reads, and the frames the attendant's
 * console gets on the live topic. Both go through the event bus, so the two sides may be connected
 * to different instances. Nothing here is stored: a frame lives as long as its delivery.
 */

/** Most characters of recorded page events one frame carries; the widget cuts a bigger batch into parts. */
export const COBROWSE_CHUNK_MAX = 16_000;
/** Most parts of one batch (the page's first snapshot is the big one): 48 × 16,000 characters, under what a console socket may fall behind (docs/attendance/co-browse.md). */
export const COBROWSE_PARTS_MAX = 48;

/**
 * An attendant's signal to the visitor's page, published on `sessionOutboundTopic(session)`:
 * `request` asks for consent, `pointer` points at page coordinates (CSS pixels from the top left
 * of the document), `resync` asks the page for a fresh full snapshot, `end` stops. The visitor's
 * socket acts only on signals of the attendant whose request the visitor accepted.
 */
export type CobrowseSignal =
  | { type: 'cobrowse'; action: 'request'; cobrowse_id: string; attendant_id: string; attendant_name: string; at: string }
  | { type: 'cobrowse'; action: 'pointer'; cobrowse_id: string; attendant_id: string; x: number; y: number; at: string }
  | { type: 'cobrowse'; action: 'resync' | 'end'; cobrowse_id: string; attendant_id: string; at: string };

/** The visitor accepted: the console starts its mirror and waits for the page's events. */
export interface CobrowseStartedFrame {
  type: 'cobrowse_started';
  session_id: string;
  cobrowse_id: string;
  at: string;
}

/** The visitor said no. */
export interface CobrowseDeclinedFrame {
  type: 'cobrowse_declined';
  session_id: string;
  cobrowse_id: string;
  at: string;
}

/**
 * One part of a batch of the page's recorded events (rrweb's, as JSON text, masked in the page):
 * `seq` numbers the batches of one co-browse from 0, `part` of `parts` the pieces of one batch.
 */
export interface CobrowseEventsFrame {
  type: 'cobrowse_events';
  session_id: string;
  cobrowse_id: string;
  seq: number;
  part: number;
  parts: number;
  data: string;
}

/** The co-browse is over: the visitor stopped it, the attendant did, or the conversation left the attendant (`system`). */
export interface CobrowseEndedFrame {
  type: 'cobrowse_ended';
  session_id: string;
  cobrowse_id: string;
  by: 'visitor' | 'attendant' | 'system';
  at: string;
}

/** A bot with `cobrowse-keep-recordings` kept the co-browse: its message is in the conversation (docs/attendance/co-browse.md, "Storage"). */
export interface CobrowseKeptFrame {
  type: 'cobrowse_kept';
  session_id: string;
  cobrowse_id: string;
  at: string;
}

/** Every co-browse frame of the console's live socket. */
export type CobrowseFrame = CobrowseStartedFrame | CobrowseDeclinedFrame | CobrowseEventsFrame | CobrowseEndedFrame | CobrowseKeptFrame;
