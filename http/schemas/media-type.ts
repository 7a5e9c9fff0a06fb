import { z } from 'zod';
import { MEDIA_TYPE_MAX, normalizeMediaType } from '../../infra/media-type.js';

/**
 * A media type a client names explicitly (a file's `content_type`, an attachment's `mime_type`):
 * `type/subtype` with token or plain quoted parameters (infra/media-type.ts), given in its normal
 * form; anything else, a CR/LF above all, is a 400 validation_error (docs/content.md, "Content types").
 */
export const MediaTypeSchema = z.string().min(1).max(MEDIA_TYPE_MAX)
  .transform((value, ctx) => {
    const normal = normalizeMediaType(value);
    if (normal === undefined) ctx.addIssue({ code: 'custom', message: 'must be a media type: type/subtype, then optional ; name=value parameters' });
    return normal ?? value;
  })
  .meta({ example: 'image/png' });
