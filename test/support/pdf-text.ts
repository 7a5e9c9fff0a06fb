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

function drawnText(page: PDFPage): string[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const texts: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) texts.push(Buffer.from(hex!, 'hex').toString('latin1'));
  }
  return texts;
}
