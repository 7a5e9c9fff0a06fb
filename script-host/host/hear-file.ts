import type { FileStore, HearAttachment, HearFileKind, Value } from '../../basic-interpreter/index.js';
import { readQrCode, QR_LIMITS, type QrProblem } from './qr-code.js';

/** The largest file HEAR keeps: the largest the channels deliver (bot_msg's 20 MB). */
export const HEAR_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The drive folder HEAR keeps the customers' files in, one folder per session (docs/basic.md, "HEAR"). */
export const RECEIVED_FOLDER = 'received';

/** A file as fetched for HEAR: its bytes, and where it already is in the drive (web uploads). */
export interface FetchedFile {
  bytes: Buffer;
  mime_type?: string;
  drive_path?: string;
}

/** Why a customer's file gave no answer (they are asked again): the fetch's problem, or the picture's. */
export type HearFileProblem = 'not_fetched' | QrProblem;

export interface HearFileDeps {
  /** The file's bytes, at most `maxBytes`; throws when it cannot be had. */
  fetch(attachment: HearAttachment, maxBytes: number): Promise<FetchedFile>;
  drive: FileStore;
  /** The link to a drive file the script may hand on (SEND FILE, a TALK); absent: the path itself. */
  link?: (path: string) => string;
  sessionId: string;
  now: () => Date;
  onProblem(problem: HearFileProblem, detail?: string): void;
}

/**
 * The `hear.file` effect: a file the customer sent to HEAR x AS IMAGE, AUDIO, VIDEO, FILE,
 * DOCUMENT or QRCODE (docs/basic.md, "HEAR"). The file is fetched from its channel; QRCODE answers
 * the text of the code in the picture; the others keep the file in the bot's drive under
 * `received/<session id>/` (a web upload is there already) and answer its link. A file that cannot
 * be fetched or read resolves to null, which asks the customer again: it is their file that
 * failed, not the script.
 */
export async function receiveHearFile(deps: HearFileDeps, kind: HearFileKind, attachment: HearAttachment): Promise<Value> {
  let file: FetchedFile;
  try {
    file = await deps.fetch(attachment, kind === 'qrcode' ? QR_LIMITS.maxBytes : HEAR_FILE_MAX_BYTES);
  } catch (error) {
    deps.onProblem('not_fetched', error instanceof Error ? error.message : String(error));
    return null;
  }
  if (kind === 'qrcode') {
    const reading = await readQrCode(file.bytes, QR_LIMITS);
    if (reading.ok) return reading.text;
    deps.onProblem(reading.problem);
    return null;
  }
  let path = file.drive_path;
  if (path === undefined) {
    path = `${RECEIVED_FOLDER}/${deps.sessionId}/${stamp(deps.now())}-${fileName(kind, attachment, file.mime_type)}`;
    await deps.drive.write(path, file.bytes);
  }
  return deps.link ? deps.link(path) : path;
}

/** 20261125T194512123: files of one session sort by arrival, and two never share a name. */
function stamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace('.', '').replace('Z', '');
}

/**
 * The name the customer's file is kept under: its own (one path segment, safe characters, at most
 * 100), else the kind with the extension of its media type ("image.jpg").
 */
function fileName(kind: HearFileKind, attachment: HearAttachment, fetchedType: string | undefined): string {
  const own = (attachment.name ?? '').split(/[\\/]/).pop()!.replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '').slice(-100);
  if (own !== '') return own;
  const extension = extensionOf(attachment.mime_type ?? fetchedType ?? '');
  return extension ? `${kind}.${extension}` : kind;
}

/** Media types whose subtype is not their usual extension. */
const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', mpeg: 'mp3', quicktime: 'mov', '3gpp': '3gp', 'x-m4a': 'm4a', plain: 'txt' };

/** "image/jpeg" → "jpg", "audio/ogg; codecs=opus" → "ogg"; a long or odd subtype gives none. */
function extensionOf(mediaType: string): string | undefined {
  const subtype = /^[a-z]+\/([\w.+-]+)/i.exec(mediaType.trim())?.[1]?.toLowerCase();
  if (subtype === undefined) return undefined;
  return EXTENSIONS[subtype] ?? (/^[a-z0-9]{2,5}$/.test(subtype) ? subtype : undefined);
}
