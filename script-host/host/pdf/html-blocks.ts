import { Parser } from 'htmlparser2';

/**
 * What GENERATE PDF lays out (docs/basic.md, "GENERATE PDF and MERGE PDF"): a page's text as
 * blocks, in reading order. Styles other than page breaks are not read; an image is a block of its own.
 */
export type Block =
  | { kind: 'heading'; level: number; text: string }
  /** Text whose `\n` are line breaks (`<br>`, `<pre>`); `indent` in list or quote levels. */
  | { kind: 'paragraph'; text: string; indent: number }
  | { kind: 'item'; marker: string; text: string; indent: number }
  | { kind: 'row'; cells: string[]; header: boolean }
  | { kind: 'rule' }
  | { kind: 'page' }
  /** An `<img>`: its `src` (a data: URI or a path in the bot's drive), its text alternative, and its size in CSS pixels when given. */
  | { kind: 'image'; src: string; alt: string; width?: number; height?: number };

/** Elements whose content is not page text. */
const HIDDEN = new Set(['head', 'style', 'script', 'title', 'template', 'noscript', 'svg']);
/** Elements that end the text before them and start a new block. */
const BLOCKS = new Set([
  'p', 'div', 'section', 'article', 'header', 'footer', 'main', 'nav', 'aside', 'address', 'figure', 'figcaption',
  'dl', 'dt', 'dd', 'center', 'form', 'fieldset', 'table', 'thead', 'tbody', 'tfoot', 'caption', 'body', 'html',
]);
const HEADING = /^h([1-6])$/;
const breaksBefore = (style: string | undefined) => /(?:page-break-before|break-before)\s*:\s*(?:always|page)/i.test(style ?? '');
const breaksAfter = (style: string | undefined) => /(?:page-break-after|break-after)\s*:\s*(?:always|page)/i.test(style ?? '');

/** The blocks of an HTML page (a filled template). */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let text = '';
  let hidden = 0;
  let pre = 0;
  let quote = 0;
  const lists: { ordered: boolean; count: number }[] = [];
  const items: { marker: string; indent: number }[] = [];
  /** The open row: its cells, whether it is in a `<thead>`, and whether every cell so far is a `<th>` (either makes it a header). */
  let row: { cells: string[]; inHead: boolean; allHeaders: boolean } | undefined;
  let cell: string | undefined;
  let inHead = 0;
  /** Per open element, whether a page break follows its end. */
  const openBreaks: boolean[] = [];

  const clean = (value: string) => value.split('\n').map((line) => line.replace(/[ \t\r\f]+/g, ' ').trim()).join('\n').replace(/^\n+|\n+$/g, '');
  const flush = () => {
    const body = clean(text);
    text = '';
    if (body === '') return;
    const item = items.at(-1);
    if (item) {
      blocks.push({ kind: 'item', marker: item.marker, text: body, indent: item.indent });
      item.marker = ''; // the item's later paragraphs go under its text, without a second marker
    } else blocks.push({ kind: 'paragraph', text: body, indent: quote });
  };

  const parser = new Parser({
    onopentag(name, attributes) {
      openBreaks.push(breaksAfter(attributes.style));
      if (HIDDEN.has(name)) hidden += 1;
      if (hidden) return;
      if (breaksBefore(attributes.style)) {
        flush();
        blocks.push({ kind: 'page' });
      }
      if (name === 'br') {
        if (cell !== undefined) cell += ' ';
        else text += '\n';
      } else if (name === 'hr') {
        flush();
        blocks.push({ kind: 'rule' });
      } else if (name === 'img' && attributes.src) {
        flush();
        blocks.push({ kind: 'image', src: attributes.src, alt: attributes.alt ?? '', ...size(attributes) });
      } else if (name === 'ul' || name === 'ol') {
        flush();
        lists.push({ ordered: name === 'ol', count: Number(attributes.start ?? 1) - 1 });
      } else if (name === 'li') {
        flush();
        const list = lists.at(-1);
        if (list) list.count += 1;
        items.push({ marker: list?.ordered ? `${list.count}.` : '\u2022', indent: Math.max(lists.length - 1, 0) + quote });
      } else if (name === 'tr') {
        flush();
        row = { cells: [], inHead: inHead > 0, allHeaders: true };
      } else if (name === 'td' || name === 'th') {
        cell = '';
        if (name === 'td' && row) row.allHeaders = false;
      } else if (name === 'thead') {
        inHead += 1;
      } else if (name === 'pre') {
        flush();
        pre += 1;
      } else if (name === 'blockquote') {
        flush();
        quote += 1;
      } else if (BLOCKS.has(name) || HEADING.test(name)) {
        flush();
      }
    },
    ontext(data) {
      if (hidden) return;
      const piece = pre ? data : data.replace(/\s+/g, ' ');
      if (cell !== undefined) cell += piece;
      else text += piece;
    },
    onclosetag(name) {
      const breakAfter = openBreaks.pop() ?? false;
      if (HIDDEN.has(name)) {
        hidden -= 1;
        return;
      }
      if (hidden) return;
      const heading = HEADING.exec(name);
      if (heading) {
        const body = clean(text).replace(/\n/g, ' ');
        text = '';
        if (body) blocks.push({ kind: 'heading', level: Number(heading[1]), text: body });
      } else if (name === 'td' || name === 'th') {
        if (row && cell !== undefined) row.cells.push(clean(cell).replace(/\n/g, ' '));
        cell = undefined;
      } else if (name === 'tr') {
        if (row && row.cells.length) blocks.push({ kind: 'row', cells: row.cells, header: row.inHead || row.allHeaders });
        row = undefined;
      } else if (name === 'thead') {
        inHead -= 1;
      } else if (name === 'li') {
        flush();
        items.pop();
      } else if (name === 'ul' || name === 'ol') {
        flush();
        lists.pop();
      } else if (name === 'pre') {
        flush();
        pre -= 1;
      } else if (name === 'blockquote') {
        flush();
        quote -= 1;
      } else if (BLOCKS.has(name)) {
        flush();
      }
      if (breakAfter) {
        flush();
        blocks.push({ kind: 'page' });
      }
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}

/** An image's `width` and `height` attributes, in CSS pixels, when they are numbers. */
function size(attributes: Record<string, string>): { width?: number; height?: number } {
  const pixels = (value: string | undefined) => (value !== undefined && /^\d+(?:\.\d+)?(?:px)?$/.test(value.trim()) ? Number.parseFloat(value) : undefined);
  const width = pixels(attributes.width);
  const height = pixels(attributes.height);
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) };
}

/** Plain text: paragraphs between blank lines, their lines kept. */
export function textBlocks(text: string): Block[] {
  return text.split(/\r?\n[ \t]*\r?\n/).map((part) => part.replace(/\s+$/g, '')).filter((part) => part.trim() !== '')
    .map((part) => ({ kind: 'paragraph', text: part.replace(/\r/g, ''), indent: 0 }));
}
