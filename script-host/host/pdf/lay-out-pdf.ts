import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { MadePdf } from '../../../basic-interpreter/index.js';
import type { Block } from './html-blocks.js';

/** A4 in points, with 2 cm margins. */
const PAGE = { width: 595.28, height: 841.89, margin: 56.7 };
const BODY_SIZE = 11;
const LEADING = 1.4;
const HEADING_SIZES = [20, 16, 14, 12, 11, 11];
const INDENT = 18;
const CELL_PADDING = 4;
const LINE_COLOUR = rgb(0.75, 0.75, 0.75);

/** Pictographs and their joiners have no glyph in the standard fonts and carry no words: they are left out. */
const PICTOGRAPHS = /\p{Extended_Pictographic}|\u200d|\ufe0f/gu;

/**
 * The blocks laid out on A4 pages in Helvetica (docs/basic.md, "GENERATE PDF and MERGE PDF"):
 * headings, paragraphs, list items and table rows, wrapped to the page and continued on new pages.
 * The standard fonts write Latin text (WinAnsi): other characters print as "?". Images (PNG or
 * JPEG, from a data: URI or through `image`) are drawn at their size, shrunk to fit the page; one
 * that cannot be read shows its text alternative.
 */
export async function layOutPdf(blocks: readonly Block[], title: string, image?: (src: string) => Promise<Buffer | undefined>): Promise<MadePdf> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Switchboard');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writable = new Set(regular.getCharacterSet());
  const printable = (text: string) => [...text.replace(PICTOGRAPHS, '')].map((c) => (c === '\n' || writable.has(c.codePointAt(0)!) ? c : '?')).join('');

  const width = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  let empty = true;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
    empty = true;
  };
  /** Room for `height` more points on this page, else a new one. */
  const room = (height: number) => {
    if (!empty && y - height < PAGE.margin) newPage();
  };
  const lines = (text: string, font: PDFFont, size: number, maxWidth: number) => wrap(printable(text), font, size, maxWidth);
  const write = (text: string, x: number, font: PDFFont, size: number) => {
    page.drawText(text, { x, y: y - size, size, font });
  };
  /** The text wrapped from `x` to the right margin, line after line, over pages; a list item's marker before its first line. */
  const writeLines = (text: string, x: number, font: PDFFont, size: number, marker?: string) => {
    lines(text, font, size, PAGE.margin + width - x).forEach((line, i) => {
      room(size * LEADING);
      if (i === 0 && marker) write(marker, x - INDENT + 4, font, size);
      write(line, x, font, size);
      y -= size * LEADING;
      empty = false;
    });
  };

  for (const block of blocks) {
    switch (block.kind) {
      case 'page':
        if (!empty) newPage();
        break;
      case 'rule':
        room(12);
        page.drawLine({ start: { x: PAGE.margin, y: y - 6 }, end: { x: PAGE.margin + width, y: y - 6 }, thickness: 0.75, color: LINE_COLOUR });
        y -= 12;
        empty = false;
        break;
      case 'heading': {
        const size = HEADING_SIZES[block.level - 1] ?? BODY_SIZE;
        if (!empty) y -= size * 0.6;
        writeLines(block.text, PAGE.margin, bold, size);
        y -= size * 0.3;
        break;
      }
      case 'paragraph':
      case 'item': {
        const x = PAGE.margin + block.indent * INDENT + (block.kind === 'item' ? INDENT : 0);
        writeLines(block.text, x, regular, BODY_SIZE, block.kind === 'item' ? block.marker : undefined);
        y -= BODY_SIZE * 0.5;
        break;
      }
      case 'image': {
        const picture = await embedImage(doc, block.src, image);
        // Nothing to draw: the alternative text stands in its place.
        if (!picture) {
          if (block.alt.trim()) writeLines(`[${block.alt.trim()}]`, PAGE.margin, regular, BODY_SIZE);
          break;
        }
        const { w, h } = drawnSize(picture, block, { width, height: PAGE.height - 2 * PAGE.margin });
        room(h + 6);
        page.drawImage(picture, { x: PAGE.margin, y: y - h, width: w, height: h });
        y -= h + 6;
        empty = false;
        break;
      }
      case 'row': {
        const font = block.header ? bold : regular;
        const columnWidth = width / block.cells.length;
        const cells = block.cells.map((cell) => lines(cell, font, BODY_SIZE, columnWidth - 2 * CELL_PADDING));
        const height = Math.max(1, ...cells.map((c) => c.length)) * BODY_SIZE * LEADING + 2 * CELL_PADDING;
        room(height);
        cells.forEach((cellLines, column) => {
          cellLines.forEach((line, i) => {
            page.drawText(line, { x: PAGE.margin + column * columnWidth + CELL_PADDING, y: y - CELL_PADDING - BODY_SIZE - i * BODY_SIZE * LEADING, size: BODY_SIZE, font });
          });
        });
        y -= height;
        page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.margin + width, y }, thickness: block.header ? 1 : 0.5, color: LINE_COLOUR });
        empty = false;
        break;
      }
    }
  }
  return { bytes: Buffer.from(await doc.save()), pages: doc.getPageCount() };
}

/** Points per CSS pixel. */
const PX = 0.75;

/** An image's size on the page: CSS pixels as points, a size given once keeping the proportions, shrunk to fit `room`. */
function drawnSize(picture: PDFImage, block: Extract<Block, { kind: 'image' }>, room: { width: number; height: number }): { w: number; h: number } {
  const ratio = picture.height / picture.width;
  const w = block.width !== undefined ? block.width * PX : block.height !== undefined ? (block.height * PX) / ratio : picture.width * PX;
  const h = block.height !== undefined ? block.height * PX : w * ratio;
  const fit = Math.min(1, room.width / w, room.height / h);
  return { w: w * fit, h: h * fit };
}

/** A PNG or JPEG from a data: URI or from `image`, embedded once per use; undefined when it cannot be read. */
async function embedImage(doc: PDFDocument, src: string, image: ((src: string) => Promise<Buffer | undefined>) | undefined): Promise<PDFImage | undefined> {
  const inline = /^data:image\/[a-z+.-]+;base64,(.*)$/is.exec(src);
  const bytes = inline ? Buffer.from(inline[1]!, 'base64') : await image?.(src);
  if (!bytes) return undefined;
  try {
    if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return await doc.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes);
  } catch {
    return undefined; // a damaged file: its alternative text instead
  }
  return undefined;
}

/** The text's lines (its own `\n` kept) broken between words to fit `maxWidth`; a word wider than that is broken where it must be. */
function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= maxWidth;
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      line = word;
      while (!fits(line) && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
        out.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    out.push(line);
  }
  return out;
}
