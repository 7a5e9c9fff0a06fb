import { PDFDocument } from 'pdf-lib';
import type { MadePdf } from '../../../basic-interpreter/index.js';

/** MERGE PDF (docs/basic.md, "GENERATE PDF and MERGE PDF"): every page of each PDF, in the order given. */
export async function mergePdfFiles(files: readonly { name: string; bytes: Buffer }[]): Promise<MadePdf> {
  const merged = await PDFDocument.create();
  for (const file of files) {
    let source: PDFDocument;
    try {
      source = await PDFDocument.load(file.bytes);
    } catch (error) {
      throw new Error(`MERGE PDF: "${file.name}" is not a PDF it can read`, { cause: error });
    }
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return { bytes: Buffer.from(await merged.save()), pages: merged.getPageCount() };
}
