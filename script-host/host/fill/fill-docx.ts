import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import type { Value } from '../../../basic-interpreter/index.js';
import { valueAt } from './data-path.js';

/**
 * A Word template filled by docxtemplater with the placeholders of the text templates
 * (docs/basic.md, FILL): `{{name}}`, `{{a.b}}`, `{{#items}}…{{/items}}` (a table row holding the
 * section repeats per item, a paragraph holding only a section tag disappears) and
 * `{{^items}}…{{/items}}` for an empty list. A name missing from the data, or from an item and
 * every scope around it, is left empty.
 */
export function fillDocx(bytes: Buffer, data: Value): Buffer {
  let document: Docxtemplater;
  try {
    document = new Docxtemplater(new PizZip(bytes), {
      delimiters: { start: '{{', end: '}}' },
      paragraphLoop: true,
      // The error reaches the script author (and the log) as a runtime error; docxtemplater need not print it too.
      errorLogging: false,
      linebreaks: true,
      nullGetter: () => '',
      parser: (tag) => ({ get: (scope: Value) => valueAt(scope, tag) }),
    });
    document.render(data);
  } catch (error) {
    throw new Error(describe(error), { cause: error });
  }
  return document.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** docxtemplater's errors list each faulty tag under `properties.errors`; the author reads their explanations. */
function describe(error: unknown): string {
  const properties = (error as { properties?: { errors?: { properties?: { explanation?: string } }[]; explanation?: string } }).properties;
  const explanations = (properties?.errors ?? [{ properties }]).map((e) => e.properties?.explanation).filter((e): e is string => Boolean(e));
  if (explanations.length > 0) return explanations.join('; ');
  return /end of central directory|zip/i.test((error as Error).message ?? '') ? 'it is not a Word (.docx) file' : (error as Error).message;
}
