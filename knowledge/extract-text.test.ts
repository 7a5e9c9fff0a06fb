import { extractDocument, extractHtml } from './extract-text.js';

test('HTML: visible text by blocks, the title, the links; scripts, styles and navigation left out', () => {
  const page = extractHtml('<html><head><title> Opening &amp; hours </title><script>var x = 1;</script></head><body>'
    + '<nav><a href="/">Home</a></nav><h1>Hours</h1><p>Open <b>9</b> to 6.</p><ul><li>Mon</li><li>Sat</li></ul><a href="/contact">Contact</a></body></html>');
  expect(page).toEqual({ title: 'Opening & hours', text: 'Hours\n\nOpen 9 to 6.\n\nMon\n\nSat\n\nContact', links: ['/', '/contact'] });
  expect(extractHtml('<h1>Only a heading</h1>').title).toBe('Only a heading');
});

test('documents by extension: Markdown title, CSV rows as paragraphs, JSON, and no reader for PDF', () => {
  expect(extractDocument('faq/hours.md', 'Intro\n\n## Hours\n\nNine to six.')).toEqual({ title: 'Hours', text: 'Intro\n\n## Hours\n\nNine to six.', links: [] });
  expect(extractDocument('notes.txt', 'plain')?.title).toBe('notes.txt');
  expect(extractDocument('items.csv', 'name,price\n"Pen, blue",2\nInk,5\n')?.text).toBe('name: Pen, blue\nprice: 2\n\nname: Ink\nprice: 5');
  expect(extractDocument('data.json', '{"a":1}')?.text).toBe('{\n  "a": 1\n}');
  expect(extractDocument('page.HTML', '<p>Hi</p>')).toEqual({ title: 'page.HTML', text: 'Hi', links: [] });
  expect(extractDocument('scan.pdf', '%PDF')).toBeUndefined();
});
