import type { Response } from 'express';
import { essenceOf, mediaTypeOr } from '../infra/media-type.js';

/**
 * Types a browser may show in place, from this server's origin: none of them runs script. Every
 * other type (HTML, SVG, XML, JavaScript, PDF, anything unknown) goes as a download
 * (docs/content.md, "Serving files").
 */
const INLINE_TYPES = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon',
  'text/plain', 'text/csv', 'application/json',
]);
const INLINE_MAJORS = new Set(['audio', 'video']);

/** Whether a file of this (normalized) media type may be shown in place rather than downloaded. */
export function showsInline(mediaType: string): boolean {
  const essence = essenceOf(mediaType);
  return INLINE_TYPES.has(essence) || INLINE_MAJORS.has(essence.split('/')[0]!);
}

/** A stored file as one of the routes that serve them hands it over. */
export interface StoredFileAnswer {
  bytes: Buffer;
  /** The type it was stored with; invalid or absent is application/octet-stream, or (with `name`) the type of the name's extension. */
  contentType?: string | null | undefined;
  /** The file name for Content-Disposition. */
  name?: string;
  /** Always a download, whatever the type (signed drive links). */
  download?: boolean;
}

/**
 * Answers 200 with a stored file under the headers every such answer carries: the type in its
 * checked form (a stored type that is not a media type, a row written before types were checked,
 * goes as application/octet-stream), `X-Content-Type-Options: nosniff`, and
 * `Content-Disposition: attachment` unless the type is one a browser may show in place.
 */
export function sendStoredFile(res: Response, file: StoredFileAnswer): void {
  // Without a stored type, attachment(name) below gives the type of the name's extension.
  const type = file.contentType == null && file.name ? undefined : mediaTypeOr(file.contentType);
  const inline = !file.download && type !== undefined && showsInline(type);
  if (!inline) {
    if (file.name) res.attachment(file.name);
    else res.setHeader('Content-Disposition', 'attachment');
  }
  if (type !== undefined) res.setHeader('Content-Type', type);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.status(200).send(file.bytes);
}
