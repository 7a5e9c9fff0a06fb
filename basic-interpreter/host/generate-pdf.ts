import type { ObjectValue, Value } from '../values.js';
import { normalizeFilePath, type FileStore } from './file-store.js';
import { fillText } from './fill-template.js';
import type { MadePdf, PdfMaker, PdfSourceKind } from './pdf-maker.js';

/** The templates GENERATE PDF lays out, by extension. */
const PDF_TEMPLATES: Record<string, PdfSourceKind> = { html: 'html', htm: 'html', md: 'markdown', markdown: 'markdown', txt: 'text' };

/** Where a template named without an extension (`WITH TEMPLATE "invoice"`) is looked for, in this order. */
const NAMED_TEMPLATE_PATHS = (name: string) => [`${name}.html`, `templates/${name}.html`, `${name}.md`, `templates/${name}.md`];

/** A drive link to a file, when the host has one (the server's signed download link). */
type Links = ((path: string) => string | Promise<string>) | undefined;

const kindOf = (path: string): PdfSourceKind | undefined => PDF_TEMPLATES[/\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ''];

function maker(pdf: PdfMaker | undefined, keyword: string): PdfMaker {
  if (pdf === undefined) throw new Error(`not available: ${keyword} (this host makes no PDFs)`);
  return pdf;
}

/**
 * GENERATE PDF template, data, path (docs/basic.md, "GENERATE PDF and MERGE PDF"): the drive's
 * template filled as FILL fills a text template, laid out as a PDF by the host's maker and written
 * to `path`. Resolves to the reference's `{url, localName}` and the file's path, name, size and pages.
 */
export async function generatePdf(files: FileStore, pdf: PdfMaker | undefined, links: Links, input: { template: string; data: Value; path: string }): Promise<Value> {
  const make = maker(pdf, 'GENERATE PDF');
  const { template, source } = await readTemplate(files, input.template);
  const kind = kindOf(template);
  if (kind === undefined) throw new Error(`GENERATE PDF: "${template}" is not a template it lays out (.html, .md or .txt)`);
  const text = fillText('GENERATE PDF', template, source.toString('utf8'), input.data);
  const path = normalizeFilePath(input.path);
  const made = await make.render({ kind, text, title: nameOf(path).replace(/\.pdf$/i, ''), image: (src) => driveImage(files, template, src) });
  await files.write(path, made.bytes);
  return madeFile(path, made, links);
}

/**
 * MERGE PDF files, path (docs/basic.md, "GENERATE PDF and MERGE PDF"): the drive's PDFs, named by
 * path (or by GENERATE PDF's result), their pages in the order given, written to `path`.
 */
export async function mergePdfs(files: FileStore, pdf: PdfMaker | undefined, links: Links, input: { files: readonly string[]; path: string }): Promise<Value> {
  const make = maker(pdf, 'MERGE PDF');
  if (input.files.length === 0) throw new Error('MERGE PDF: the list of files is empty');
  const parts: { name: string; bytes: Buffer }[] = [];
  for (const file of input.files) {
    const name = normalizeFilePath(file);
    const bytes = await files.read(name);
    if (bytes === undefined) throw new Error(`MERGE PDF: no file "${name}" in the bot's drive`);
    parts.push({ name, bytes });
  }
  const path = normalizeFilePath(input.path);
  const made = await make.merge(parts);
  await files.write(path, made.bytes);
  return madeFile(path, made, links);
}

/** The template at its path, or a name without extension looked for as .html or .md, also under templates/. */
async function readTemplate(files: FileStore, name: string): Promise<{ template: string; source: Buffer }> {
  const given = normalizeFilePath(name);
  const candidates = kindOf(given) === undefined && !/\.[a-z0-9]+$/i.test(given) ? NAMED_TEMPLATE_PATHS(given) : [given];
  for (const template of candidates) {
    const source = await files.read(template);
    if (source !== undefined) return { template, source };
  }
  throw new Error(`GENERATE PDF: no template "${candidates.join('" or "')}" in the bot's drive`);
}

const nameOf = (path: string) => path.split('/').pop() ?? path;

/**
 * An image a template shows by path: the drive's file, relative to the template's folder (from
 * the drive's root with a leading `/`). Addresses on the web are not fetched; nor is a path that
 * leaves the drive.
 */
async function driveImage(files: FileStore, template: string, src: string): Promise<Buffer | undefined> {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src)) return undefined;
  const folder = template.includes('/') ? template.slice(0, template.lastIndexOf('/')) : '';
  try {
    return await files.read(normalizeFilePath(src.startsWith('/') ? src : `${folder}/${src}`));
  } catch {
    return undefined;
  }
}

async function madeFile(path: string, made: MadePdf, links: Links): Promise<ObjectValue> {
  return {
    url: links === undefined ? null : await links(path),
    localName: path,
    path,
    name: nameOf(path),
    content_type: 'application/pdf',
    size: made.bytes.length,
    pages: made.pages,
  };
}
