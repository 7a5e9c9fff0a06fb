import { Parser } from 'htmlparser2';
import { parse as parseCsv } from 'csv-parse/sync';

/** The text of one document, ready to chunk; `links` only for HTML (the crawler follows them). */
export interface ExtractedDocument {
  title: string;
  text: string;
  links: string[];
}

/** Elements whose content is not the page's text. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title', 'nav', 'iframe']);
/** Inline elements that end a word: `<a>A</a><a>B</a>` is two words to search for. */
const WORD_ENDS = new Set(['a', 'span', 'td', 'th', 'label', 'button', 'img']);
/** Elements that end a paragraph: the chunker splits at blank lines. */
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'main', 'li', 'ul', 'ol', 'table', 'tr', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote', 'header', 'footer', 'dd', 'dt']);

/** An HTML page's visible text (blocks as paragraphs), its `<title>` (else first `<h1>`) and its links. */
export function extractHtml(html: string): ExtractedDocument {
  const text: string[] = [];
  const links: string[] = [];
  let title = '';
  let heading = '';
  let skipping = 0;
  let inTitle = false;
  let inH1 = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (SKIPPED.has(name)) skipping += 1;
      if (name === 'title') inTitle = true;
      if (name === 'h1') inH1 = true;
      if (name === 'a' && attributes.href) links.push(attributes.href);
      if (BLOCKS.has(name)) text.push('\n\n');
    },
    ontext(data) {
      if (inTitle) title += data;
      if (skipping > 0) return;
      if (inH1) heading += data;
      text.push(data);
    },
    onclosetag(name) {
      if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
      if (name === 'title') inTitle = false;
      if (name === 'h1') inH1 = false;
      if (BLOCKS.has(name)) text.push('\n\n');
      else if (WORD_ENDS.has(name)) text.push(' ');
    },
  }, { decodeEntities: true });
  parser.end(html);
  const joined = text.join('').replace(/[ \t\r\f\v]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  return { title: clean(title) || clean(heading), text: joined, links };
}

/** The extensions {@link extractDocument} reads. */
const READABLE = new Set(['html', 'htm', 'md', 'markdown', 'txt', 'text', 'csv', 'json']);

/** Whether a file of a collection has a reader here (others are skipped without being read). */
export function isReadable(fileName: string): boolean {
  return READABLE.has(fileName.toLowerCase().split('.').pop() ?? '');
}

/**
 * A document of a .gbkb collection by its extension: HTML as above, Markdown and text as they
 * are (the first `# heading` is the title), CSV one paragraph per row (`column: value` lines), JSON
 * pretty-printed. Undefined for a format without a reader here (PDF, DOCX…).
 */
export function extractDocument(fileName: string, content: string): ExtractedDocument | undefined {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  const base = fileName.split('/').pop() ?? fileName;
  switch (extension) {
    case 'html': case 'htm': {
      const page = extractHtml(content);
      return { ...page, title: page.title || base, links: [] };
    }
    case 'md': case 'markdown': case 'txt': case 'text': {
      const heading = /^#{1,6}\s+(.+)$/m.exec(content);
      return { title: clean(heading?.[1] ?? '') || base, text: content, links: [] };
    }
    case 'csv': {
      const rows = parseCsv(content, { columns: true, skip_empty_lines: true, relax_column_count: true, bom: true }) as Record<string, string>[];
      return { title: base, text: rows.map((row) => Object.entries(row).map(([k, v]) => `${k}: ${v}`).join('\n')).join('\n\n'), links: [] };
    }
    case 'json':
      try {
        return { title: base, text: JSON.stringify(JSON.parse(content), null, 2), links: [] };
      } catch {
        return { title: base, text: content, links: [] };
      }
    default:
      return undefined;
  }
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
