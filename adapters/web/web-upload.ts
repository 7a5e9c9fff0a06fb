import { randomUUID } from 'node:crypto';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../../infra/errors.js';
import { essenceOf, mediaTypeOr } from '../../infra/media-type.js';
import { attachmentTypeOf, safeFileName, visitorUploadFolder, WEB_UPLOAD_MAX_BYTES } from './visitor-files.js';

/** Where uploads go: the bot's drive (the one the BASIC file keywords use) and its signed links. */
export interface WebUploadDeps {
  /** The bot's drive (`<DATA_DIR>/drive/<bot>.gbdrive` or the S3 bucket's `<bot>.gbdrive/`); undefined for no such bot. */
  drive(bot: string): { write(path: string, bytes: Buffer): Promise<void> } | undefined;
  /** The signed, expiring download link of a drive file (content/files/drive-links.ts, the links SEND FILE gives). */
  linkTo(bot: string, path: string): string;
  /** For tests; a random uuid by default. */
  newId?: () => string;
}

/** A visitor's upload as the route read it. */
export interface WebUploadInput {
  bot: string;
  visitorId: string;
  /** The name the visitor gave (`?name=`), made safe here. */
  name: string;
  /** The Content-Type the upload came with, as sent; checked here. */
  mimeType: string;
  bytes: Buffer;
}

/** What the visitor sends back with a message: the file's kind, its signed link, name, media type and size. */
export interface WebUpload {
  type: 'image' | 'audio' | 'video' | 'file';
  url: string;
  name: string;
  mime_type: string;
  size: number;
}

/**
 * Keeps a visitor's file in the bot's drive at `received/web/<visitor>/<uuid>-<safe name>`
 * (docs/channels/web.md, "Files from the visitor") and answers its signed link, which the visitor
 * then attaches to a message. Empty files and files over WEB_UPLOAD_MAX_BYTES are refused. The
 * Content-Type is the browser's guess from the file, not the visitor's choice: without its
 * parameters, and application/octet-stream when absent or not a media type (docs/content.md, "Content types").
 */
export async function storeWebUpload(deps: WebUploadDeps, input: WebUploadInput): Promise<WebUpload> {
  if (input.bytes.length === 0) throw new ValidationError('Invalid request body: the file is empty', [{ path: 'body', message: 'the file is empty' }]);
  if (input.bytes.length > WEB_UPLOAD_MAX_BYTES) throw webUploadTooLarge();
  const drive = deps.drive(input.bot);
  if (!drive) throw new NotFoundError(`No bot named "${input.bot}"`, 'bot_not_found');
  const name = safeFileName(input.name);
  const mimeType = essenceOf(mediaTypeOr(input.mimeType));
  const path = `${visitorUploadFolder(input.visitorId)}${(deps.newId ?? randomUUID)()}-${name}`;
  await drive.write(path, input.bytes);
  return { type: attachmentTypeOf(mimeType, name), url: deps.linkTo(input.bot, path), name, mime_type: mimeType, size: input.bytes.length };
}

/** The refusal of a file over the limit (the route's body reader says the same before reading on). */
export function webUploadTooLarge(): PayloadTooLargeError {
  return new PayloadTooLargeError(`The file is larger than ${WEB_UPLOAD_MAX_BYTES / 1024 / 1024} MiB (${WEB_UPLOAD_MAX_BYTES} bytes)`, WEB_UPLOAD_MAX_BYTES);
}
