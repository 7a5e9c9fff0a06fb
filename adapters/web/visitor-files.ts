import type { Attachment } from '../../engine/index.js';
import { ValidationError } from '../../infra/errors.js';
import { DEFAULT_MEDIA_TYPE, normalizeMediaType } from '../../infra/media-type.js';

/**
 * Files a web visitor sends (docs/channels/web.md, "Files from the visitor"): where an upload is
 * kept in the bot's drive, how its name is made safe, what kind of file it is, and which links a
 * message may carry back.
 */

/** The largest file a visitor may upload: 10 MiB. */
export const WEB_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Attachments one web message may carry. */
export const WEB_ATTACHMENTS_MAX = 5;

/** The drive folder of every visitor's uploads. */
export const VISITOR_UPLOADS_FOLDER = 'received/web/';

/** The drive folder of a visitor's uploads; only links under it are accepted from that visitor. */
export const visitorUploadFolder = (visitorId: string) => `${VISITOR_UPLOADS_FOLDER}${visitorId}/`;

/** A signed drive link as read back from its URL (content/files/drive-links.ts). */
export interface DriveLinkRef {
  bot: string;
  path: string;
  expires: number;
  signature: string;
}

/** The part of the service's drive links (content/files/drive-links.ts) the web channel reads visitors' links with. */
export interface VisitorLinkReader {
  parse(url: string): DriveLinkRef | undefined;
  check(link: DriveLinkRef): 'valid' | 'expired' | 'forged';
}

/** An attachment as a web message names it (validated by the route's schema). */
export interface WebAttachmentRef {
  url: string;
  name?: string;
  mime_type?: string;
  type?: 'image' | 'audio' | 'video' | 'file';
  /** Recorded with the widget's microphone (docs/channels/web.md, "Voice"): transcribed, and the reply spoken. */
  voice?: boolean;
}

const KINDS_BY_EXTENSION: Record<string, Attachment['type']> = {
  png: 'image', jpg: 'image', jpeg: 'image', gif: 'image', webp: 'image', svg: 'image', avif: 'image', heic: 'image', bmp: 'image',
  mp3: 'audio', ogg: 'audio', oga: 'audio', wav: 'audio', m4a: 'audio', aac: 'audio', opus: 'audio', flac: 'audio',
  mp4: 'video', webm: 'video', mov: 'video', '3gp': 'video', mkv: 'video',
};

/** image, audio or video by the media type; when it says nothing (octet-stream), by the name's extension; else file. */
export function attachmentTypeOf(mimeType: string, name: string): 'image' | 'audio' | 'video' | 'file' {
  const major = mimeType.split('/')[0];
  if (major === 'image' || major === 'audio' || major === 'video') return major;
  if (mimeType !== 'application/octet-stream') return 'file';
  const kind = KINDS_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'file';
}

const SAFE_NAME_MAX = 120;

/**
 * A visitor's file name as one safe drive path segment: letters, digits, `.`, `_` and `-` kept,
 * anything else (slashes, spaces, controls, `@` of the `@v<n>` version names) becomes `_`; no
 * leading dot; at most 120 characters, the extension kept. "file" when nothing is left.
 */
export function safeFileName(name: string): string {
  const cleaned = name.normalize('NFC').replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/_{2,}/g, '_').replace(/^[._]+/, '');
  if (!cleaned || /^[._-]*$/.test(cleaned)) return 'file';
  if (cleaned.length <= SAFE_NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, SAFE_NAME_MAX - extension.length) + extension;
}

const STORED_NAME = /^[0-9a-f-]{36}-(.+)$/;

/**
 * The attachments of a visitor's message, each checked: its URL must be a valid, unexpired drive
 * link of this bot to a file in this visitor's upload folder, so a visitor can never hand the bot
 * another visitor's file or any other drive file. Throws ValidationError naming
 * `body.attachments.<i>.url` otherwise; without a link reader every attachment is refused. A
 * `mime_type` the visitor names must be a media type (infra/media-type.ts): refused otherwise,
 * kept in its normal form (docs/content.md, "Content types").
 */
export function acceptVisitorAttachments(
  links: VisitorLinkReader | undefined, bot: string, visitorId: string, given: readonly WebAttachmentRef[],
): Attachment[] {
  const folder = visitorUploadFolder(visitorId);
  return given.map((attachment, i) => {
    const link = links?.parse(attachment.url);
    const problem = link ? problemOf(links!, link, bot, folder) : 'is not a link to a file uploaded to this bot';
    if (problem || !link) {
      const path = `body.attachments.${i}.url`;
      throw new ValidationError(`Invalid request body: ${path}: ${problem}`, [{ path, message: problem ?? 'invalid' }]);
    }
    const stored = link.path.slice(link.path.lastIndexOf('/') + 1);
    const name = attachment.name ?? STORED_NAME.exec(stored)?.[1] ?? stored;
    const mime_type = attachment.mime_type === undefined ? DEFAULT_MEDIA_TYPE : normalizeMediaType(attachment.mime_type);
    if (mime_type === undefined) {
      const path = `body.attachments.${i}.mime_type`;
      throw new ValidationError(`Invalid request body: ${path}: not a media type (type/subtype)`, [{ path, message: 'not a media type' }]);
    }
    const type = attachment.type ?? attachmentTypeOf(mime_type, name);
    return { type, url: attachment.url, name, mime_type, ...(attachment.voice && type === 'audio' ? { voice: true } : {}) };
  });
}

function problemOf(links: VisitorLinkReader, link: DriveLinkRef, bot: string, folder: string): string | undefined {
  if (link.bot !== bot || !link.path.startsWith(folder)) return 'is not a file this visitor uploaded to this bot';
  const check = links.check(link);
  if (check === 'forged') return 'is not a valid link';
  if (check === 'expired') return 'has expired: upload the file again';
  return undefined;
}
