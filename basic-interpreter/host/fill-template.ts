import Handlebars from 'handlebars';
import type { Value } from '../values.js';
import { DOCUMENT_TEMPLATES, documentKind, type DocumentFiller, type DocumentKind } from './document-filler.js';
import { fileValue } from './file-content.js';
import { normalizeFilePath, type FileStore } from './file-store.js';

/** Templates FILL can read: text, with `{{placeholder}}` and `{{#items}}…{{/items}}` sections. */
const TEXT_TEMPLATES = /\.(txt|md|html?|csv|json|xml)$/i;

interface FillInput {
  template: string;
  data: Value;
  path?: string;
}

/**
 * FILL template, data [TO path] (docs/basic.md, "Compatibility"): the drive's text template
 * filled by Handlebars, whose `{{name}}` and `{{#items}}…{{/items}}` are the reference's
 * placeholders; HTML templates escape the values, the others take them as they are. Word, Excel
 * and PDF templates go to the host's document filler and come back as a file value.
 */
export async function fillTemplate(files: FileStore, fillDocument: DocumentFiller | undefined, input: FillInput): Promise<Value> {
  const template = normalizeFilePath(input.template);
  const kind = documentKind(template);
  if (kind !== undefined) return fillBinary(files, fillDocument, kind, template, input);
  if (!TEXT_TEMPLATES.test(template)) {
    throw new Error(`not available: FILL of "${template}" (the templates are text: .txt, .md, .html, .csv, .json, .xml; and .docx, .xlsx, .pdf)`);
  }
  const content = fillText('FILL', template, (await readTemplate(files, template)).toString('utf8'), input.data);
  const path = input.path === undefined ? null : normalizeFilePath(input.path);
  if (path !== null) await files.write(path, Buffer.from(content, 'utf8'));
  return { path, content, size: Buffer.byteLength(content) };
}

/**
 * A text template's `{{placeholders}}` filled from `data` by Handlebars (FILL, GENERATE PDF); an
 * HTML template's values are escaped. A template that does not parse is the `keyword`'s error.
 */
export function fillText(keyword: string, template: string, source: string, data: Value): string {
  try {
    return Handlebars.compile(source, { noEscape: !/\.html?$/i.test(template) })(data ?? {});
  } catch (error) {
    throw new Error(`${keyword}: the template "${template}" does not parse: ${(error as Error).message}`, { cause: error });
  }
}

/** A Word, Excel or PDF template: the filled file as a file value, with `path` (null without TO) like the text answer. */
async function fillBinary(files: FileStore, fillDocument: DocumentFiller | undefined, kind: DocumentKind, template: string, input: FillInput): Promise<Value> {
  if (fillDocument === undefined) throw new Error(`not available: FILL of "${template}" (this host fills text templates only)`);
  const path = input.path === undefined ? null : normalizeFilePath(input.path);
  const bytes = await readTemplate(files, template);
  let filled: Buffer;
  try {
    filled = await fillDocument({ kind, bytes, data: input.data ?? {} });
  } catch (error) {
    throw new Error(`FILL: the template "${template}" cannot be filled: ${(error as Error).message}`, { cause: error });
  }
  if (path !== null) await files.write(path, filled);
  const name = (path ?? template).split('/').pop() ?? template;
  return { ...fileValue(name, filled, DOCUMENT_TEMPLATES[kind]), path };
}

async function readTemplate(files: FileStore, template: string): Promise<Buffer> {
  const bytes = await files.read(template);
  if (bytes === undefined) throw new Error(`FILL: no file "${template}" in the bot's drive`);
  return bytes;
}
