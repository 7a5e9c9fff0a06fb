import type { Value } from '../values.js';

/** The binary templates FILL hands to a {@link DocumentFiller}, by extension, with the type of the filled file. */
export const DOCUMENT_TEMPLATES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

export type DocumentKind = keyof typeof DOCUMENT_TEMPLATES;

/** One Word, Excel or PDF template of the bot's drive and the script's data to fill it with. */
export interface DocumentFillRequest {
  kind: DocumentKind;
  bytes: Buffer;
  data: Value;
}

/**
 * The port behind FILL of Word, Excel and PDF templates (docs/basic.md, "Compatibility"): the
 * libraries that read those formats also bring file-system code, so they live on the script host's
 * side of the host (script-host/host/fill/). Resolves to the filled file's bytes; rejects with a
 * message for the script author when the template cannot be filled.
 */
export type DocumentFiller = (request: DocumentFillRequest) => Promise<Buffer>;

/** The kind of a template path's extension, or undefined when FILL does not hand it to the filler. */
export function documentKind(path: string): DocumentKind | undefined {
  const extension = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension !== undefined && Object.hasOwn(DOCUMENT_TEMPLATES, extension) ? (extension as DocumentKind) : undefined;
}
