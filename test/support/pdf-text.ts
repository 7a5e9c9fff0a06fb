import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

/**
 * The text drawn on each page of a PDF whose text is shown with hex strings, as pdf-lib draws it
 * with the standard fonts (GENERATE PDF's pages): the `<…> Tj` operands of each page's content
 * streams in drawing order, decoded as WinAnsi (Latin-1 for the letters tests use).
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => drawnText(page).join('\n'));
}

/**
 * The images drawn on each page, with the size they are drawn at in points: pdf-lib draws one as
 * `q 1 0 0 1 x y cm … w 0 0 h 0 0 cm 1 0 0 1 0 0 cm /Image Do Q`.
 */
export async function pdfPageImages(bytes: Uint8Array): Promise<{ width: number; height: number }[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => [...contentOf(page).matchAll(/([\d.]+) 0 0 ([\d.]+) 0 0 cm\s+1 0 0 1 0 0 cm\s+\/\S+ Do/g)]
    .map(([, width, height]) => ({ width: Number(width), height: Number(height) })));
}

function drawnText(page: PDFPage): string[] {
  return [...contentOf(page).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1'));
}

/** A page's content streams, decoded, in order. */
function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams.map((stream) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '')).join('\n');
}
