import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { pdfPageImages, pdfPageTexts } from '../../../test/support/pdf-text.js';
import { htmlBlocks } from './html-blocks.js';
import { pdfMaker } from './pdf-maker.js';

// GENERATE PDF's layout and MERGE PDF (docs/basic.md, "GENERATE PDF and MERGE PDF"), read back
// from the PDFs they make.

const INVOICE = `<!DOCTYPE html><html><head><title>ignored</title><style>body { font-family: Arial; }</style></head><body>
  <div class="header"><h1>INVOICE</h1><p class="invoice-number">INV-7</p></div>
  <p><strong>Customer:</strong> Ana Souza<br>Rua das Flores, 12</p>
  <table><tr><th>Item</th><th>Qty</th></tr><tr><td>Kettle</td><td>2</td></tr></table>
  <ol><li>Pay in 30 days</li><li>Keep this copy</li></ol>
  <div style="page-break-before: always"><h2>Terms</h2><p>S&atilde;o Paulo &amp; 📄 ελ</p></div>
</body></html>`;

test('an HTML page is read as headings, paragraphs with their line breaks, table rows and list items; head and styles are not text', () => {
  expect(htmlBlocks(INVOICE)).toEqual([
    { kind: 'heading', level: 1, text: 'INVOICE' },
    { kind: 'paragraph', text: 'INV-7', indent: 0 },
    { kind: 'paragraph', text: 'Customer: Ana Souza\nRua das Flores, 12', indent: 0 },
    { kind: 'row', cells: ['Item', 'Qty'], header: true },
    { kind: 'row', cells: ['Kettle', '2'], header: false },
    { kind: 'item', marker: '1.', text: 'Pay in 30 days', indent: 0 },
    { kind: 'item', marker: '2.', text: 'Keep this copy', indent: 0 },
    { kind: 'page' },
    { kind: 'heading', level: 2, text: 'Terms' },
    { kind: 'paragraph', text: 'São Paulo & 📄 ελ', indent: 0 },
  ]);
});

test('the PDF holds the text in order, a page break starts a page, and letters the font lacks print as "?" while pictographs are left out', async () => {
  const made = await pdfMaker.render({ kind: 'html', text: INVOICE, title: 'INV-7' });
  expect(made.pages).toBe(2);
  const [first, second] = await pdfPageTexts(made.bytes);
  expect(first!.split('\n')).toEqual(['INVOICE', 'INV-7', 'Customer: Ana Souza', 'Rua das Flores, 12', 'Item', 'Qty', 'Kettle', '2', '1.', 'Pay in 30 days', '2.', 'Keep this copy']);
  expect(second!.split('\n')).toEqual(['Terms', 'São Paulo & ??']);
  expect((await PDFDocument.load(made.bytes)).getTitle()).toBe('INV-7');
});

test('long text wraps inside the margins and goes on over as many pages as it needs', async () => {
  const paragraph = `<p>${'word '.repeat(400)}</p>`;
  const made = await pdfMaker.render({ kind: 'html', text: paragraph.repeat(6), title: 'long' });
  expect(made.pages).toBeGreaterThan(1);
  const lines = (await pdfPageTexts(made.bytes)).flatMap((page) => page.split('\n'));
  expect(lines.join(' ').split(' ').filter((w) => w === 'word')).toHaveLength(2400);
  expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(100);
});

test('a Markdown template is laid out from its headings, emphasis and lists; plain text keeps its lines', async () => {
  const markdown = await pdfMaker.render({ kind: 'markdown', text: '# Report\n\n**Date:** 2026-11-29\n\n- Kettle: 2\n- Mug: 5\n', title: 'r' });
  expect((await pdfPageTexts(markdown.bytes))[0]!.split('\n')).toEqual(['Report', 'Date: 2026-11-29', '\u0095', 'Kettle: 2', '\u0095', 'Mug: 5']);
  const text = await pdfMaker.render({ kind: 'text', text: 'Dear Ana,\nthank you.\n\nBye', title: 't' });
  expect((await pdfPageTexts(text.bytes))[0]!.split('\n')).toEqual(['Dear Ana,', 'thank you.', 'Bye']);
});

test('MERGE PDF keeps every page of each PDF in the order given, and names a file that is not a PDF', async () => {
  const cover = await pdfMaker.render({ kind: 'text', text: 'Cover', title: 'c' });
  const body = await pdfMaker.render({ kind: 'html', text: '<p>One</p><p style="page-break-before: always">Two</p>', title: 'b' });
  const merged = await pdfMaker.merge([{ name: 'body.pdf', bytes: body.bytes }, { name: 'cover.pdf', bytes: cover.bytes }]);
  expect(merged.pages).toBe(3);
  expect(await pdfPageTexts(merged.bytes)).toEqual(['One', 'Two', 'Cover']);
  await expect(pdfMaker.merge([{ name: 'notes.txt', bytes: Buffer.from('not a pdf') }])).rejects.toThrow('MERGE PDF: "notes.txt" is not a PDF it can read');
});

/** A PNG of `width` × `height` pixels. */
const png = (width: number, height: number) => PNG.sync.write(Object.assign(new PNG({ width, height }), { data: Buffer.alloc(width * height * 4, 0x80) }));

test('images are drawn from a data: URI or the drive at their size in points, shrunk to the page; one that cannot be read shows its alternative text', async () => {
  const logo = png(200, 100);
  const asked: string[] = [];
  const made = await pdfMaker.render({
    kind: 'html', title: 'i',
    text: `<img src="data:image/png;base64,${logo.toString('base64')}"><img src="logo.png" width="120"><img src="wide.png">`
      + '<img src="https://cdn.example.test/x.png" alt="Company logo"><img src="missing.png">',
    image: async (src) => {
      asked.push(src);
      return src === 'logo.png' ? logo : src === 'wide.png' ? png(2000, 100) : undefined;
    },
  });
  // 200 × 100 CSS pixels are 150 × 75 points; width 120 keeps the proportions; 2,000 pixels wide shrinks to the text width.
  expect((await pdfPageImages(made.bytes))[0]).toEqual([
    { width: 150, height: 75 }, { width: 90, height: 45 }, { width: 481.88, height: expect.closeTo(24.09, 1) },
  ]);
  expect((await pdfPageTexts(made.bytes))[0]).toBe('[Company logo]');
  expect(asked).toEqual(['logo.png', 'wide.png', 'https://cdn.example.test/x.png', 'missing.png']);
});
