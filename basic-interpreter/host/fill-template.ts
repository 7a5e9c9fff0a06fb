import Handlebars from 'handlebars';
import type { Value } from '../values.js';
import { normalizeFilePath, type FileStore } from './file-store.js';

/** Templates FILL can read: text, with `{{placeholder}}` and `{{#items}}…{{/items}}` sections. */
const TEXT_TEMPLATES = /\.(txt|md|html?|csv|json|xml)$/i;

/**
 * FILL template, data [TO path] (docs/basic.md, "Compatibility"): the drive's text template
 * filled by Handlebars, whose `{{name}}` and `{{#items}}…{{/items}}` are the reference's
 * placeholders; HTML templates escape the values, the others take them as they are. Word, Excel
 * and PDF templates are not read.
 */
export async function fillTemplate(files: FileStore, input: { template: string; data: Value; path?: string }): Promise<Value> {
  const template = normalizeFilePath(input.template);
  if (!TEXT_TEMPLATES.test(template)) {
    throw new Error(`not available: FILL of "${template}" (only text templates are filled: .txt, .md, .html, .csv, .json, .xml)`);
  }
  const bytes = await files.read(template);
  if (bytes === undefined) throw new Error(`FILL: no file "${template}" in the bot's drive`);
  let content: string;
  try {
    content = Handlebars.compile(bytes.toString('utf8'), { noEscape: !/\.html?$/i.test(template) })(input.data ?? {});
  } catch (error) {
    throw new Error(`FILL: the template "${template}" does not parse: ${(error as Error).message}`, { cause: error });
  }
  const path = input.path === undefined ? null : normalizeFilePath(input.path);
  if (path !== null) await files.write(path, Buffer.from(content, 'utf8'));
  return { path, content, size: Buffer.byteLength(content) };
}
