/**
 * Keeping a co-browse (docs/attendance/co-browse.md, "Storage"): off unless the conversation's bot
 * has `cobrowse-keep-recordings`. When on, the instance relaying the page's events keeps a copy of
 * what it relayed (the page's rrweb events, masked in the visitor's browser) while the co-browse
 * runs; when it ends, whoever ended it, the events go as one file into the bot's drive and a
 * message in the conversation names it. Nothing else is kept, and nothing at all when it is off.
 */
import type { Logger } from '../../infra/logger.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import type { CobrowseEventsPart, CobrowseParty } from './visitor-cobrowse.js';

/** Most characters of events one recording keeps (about 20 MB); what comes after is left out and the file says so. */
export const COBROWSE_RECORDING_MAX_CHARS = 20_000_000;

/** The file of a kept co-browse: the page's events in order, as rrweb's replayer takes them. */
export interface CobrowseRecordingFile {
  session_id: string;
  cobrowse_id: string;
  attendant_id: string;
  started_at: string;
  ended_at: string;
  /** True when the co-browse went past COBROWSE_RECORDING_MAX_CHARS: its end is missing. */
  truncated: boolean;
  events: unknown[];
}

/** Which co-browse of which bot; the file's place in the drive follows from it. */
export interface CobrowseRecordingKey {
  botId: string;
  sessionId: string;
  cobrowseId: string;
}

/** Where kept co-browses go (the bot's drive, bound at the composition root). */
export interface CobrowseRecordingStore {
  /** Whether the bot keeps co-browses (`cobrowse-keep-recordings`, default false). */
  keeps(botId: string): boolean;
  write(key: CobrowseRecordingKey, file: CobrowseRecordingFile): Promise<void>;
  read(key: CobrowseRecordingKey): Promise<CobrowseRecordingFile | undefined>;
  /** True when there was a file to delete. */
  remove(key: CobrowseRecordingKey): Promise<boolean>;
  /** A message in the conversation, for its attendants, naming the kept co-browse. */
  note(key: CobrowseRecordingKey, message: { text: string; url: string; name: string }): Promise<void>;
}

/** The link a kept co-browse is read with (the route of docs/attendance/co-browse.md, "Storage"); the caller's token is checked there. */
export function cobrowseRecordingPath(sessionId: string, cobrowseId: string): string {
  return `/api/attendance/sessions/${encodeURIComponent(sessionId)}/cobrowse/${encodeURIComponent(cobrowseId)}`;
}

interface Recording {
  party: CobrowseParty;
  botId: string;
  startedAt: Date;
  /** Batch seq → its parts, by part number. */
  batches: Map<number, { parts: number; got: (string | undefined)[] }>;
  chars: number;
  truncated: boolean;
}

export interface CobrowseRecorderDeps {
  repos: Pick<AttendanceRepositories, 'conversations'>;
  store: CobrowseRecordingStore;
  now: () => Date;
  logger: Logger;
  maxChars?: number;
}

/** The recordings of the co-browses this instance relays, in memory while they run. */
export function createCobrowseRecorder(deps: CobrowseRecorderDeps) {
  const open = new Map<string, Recording>();
  const max = deps.maxChars ?? COBROWSE_RECORDING_MAX_CHARS;
  return {
    /** The visitor allowed it: recording starts when the conversation's bot keeps co-browses. */
    async start(party: CobrowseParty): Promise<void> {
      const row = await deps.repos.conversations.get(party.sessionId);
      if (!row || !deps.store.keeps(row.bot_id)) return;
      open.set(party.cobrowseId, { party, botId: row.bot_id, startedAt: deps.now(), batches: new Map(), chars: 0, truncated: false });
    },
    /** A part the relay passed on to the attendant. */
    add(party: CobrowseParty, part: CobrowseEventsPart): void {
      const recording = open.get(party.cobrowseId);
      if (!recording || recording.party.attendantId !== party.attendantId || recording.truncated) return;
      if (recording.chars + part.data.length > max) {
        recording.truncated = true;
        return;
      }
      const batch = recording.batches.get(part.seq) ?? { parts: part.parts, got: [] };
      if (batch.parts !== part.parts || part.part >= part.parts || batch.got[part.part] !== undefined) return;
      batch.got[part.part] = part.data;
      recording.batches.set(part.seq, batch);
      recording.chars += part.data.length;
    },
    /**
     * The co-browse ended: its events are kept and the conversation gets the message. Resolves to
     * the file kept, undefined when nothing is (not recorded, or no complete batch of events).
     */
    async finish(party: CobrowseParty): Promise<CobrowseRecordingFile | undefined> {
      const recording = open.get(party.cobrowseId);
      if (!recording || recording.party.attendantId !== party.attendantId) return undefined;
      open.delete(party.cobrowseId);
      const events = eventsOf(recording);
      if (events.length === 0) return undefined;
      const endedAt = deps.now();
      const file: CobrowseRecordingFile = {
        session_id: party.sessionId, cobrowse_id: party.cobrowseId, attendant_id: party.attendantId,
        started_at: recording.startedAt.toISOString(), ended_at: endedAt.toISOString(), truncated: recording.truncated, events,
      };
      const key = { botId: recording.botId, sessionId: party.sessionId, cobrowseId: party.cobrowseId };
      try {
        await deps.store.write(key, file);
        const seconds = Math.round((endedAt.getTime() - recording.startedAt.getTime()) / 1000);
        await deps.store.note(key, {
          text: `Co-browse recording (${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')})`,
          url: cobrowseRecordingPath(party.sessionId, party.cobrowseId), name: `cobrowse-${party.cobrowseId}.json`,
        });
      } catch (err) {
        deps.logger.error({ err, session: party.sessionId, cobrowse: party.cobrowseId }, 'co-browse: the recording was not kept');
        return undefined;
      }
      return file;
    },
    /** Co-browses being recorded now (for tests and metrics). */
    get size() {
      return open.size;
    },
  };
}

export type CobrowseRecorder = ReturnType<typeof createCobrowseRecorder>;

/** The events of the complete batches, in batch order; a batch missing a part, or not JSON, is left out (the replayer picks up at the next snapshot). */
function eventsOf(recording: Recording): unknown[] {
  const events: unknown[] = [];
  for (const seq of [...recording.batches.keys()].sort((x, y) => x - y)) {
    const batch = recording.batches.get(seq)!;
    const parts = Array.from({ length: batch.parts }, (_, i) => batch.got[i]);
    if (parts.some((p) => p === undefined)) continue;
    try {
      const parsed: unknown = JSON.parse(parts.join(''));
      if (Array.isArray(parsed)) events.push(...(parsed as unknown[]));
    } catch {
      // A page sent a batch that is not JSON: nothing of it is kept.
    }
  }
  return events;
}
