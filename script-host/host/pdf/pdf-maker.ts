import type { PdfMaker } from '../../../basic-interpreter/index.js';
import { loadOptional } from '../../../infra/optional-package.js';
import { htmlBlocks, textBlocks } from './html-blocks.js';

/**
 * The PDF maker of GENERATE PDF and MERGE PDF (basic-interpreter/host/pdf-maker.ts), given to the
 * standard host by the server and the CLI. pdf-lib and marked are optional dependencies loaded on
 * first use, as FILL's libraries are (docs/dependencies.md): without them the keywords say what to install.
 */
export const pdfMaker: PdfMaker = {
  async render({ kind, text, title, image }) {
    const { layOutPdf } = await loadOptional('pdf-lib', 'GENERATE PDF', () => import('./lay-out-pdf.js'));
    if (kind === 'text') return layOutPdf(textBlocks(text), title);
    const html = kind === 'markdown' ? await markdownToHtml(text) : text;
    return layOutPdf(htmlBlocks(html), title, image);
  },
  async merge(files) {
    const { mergePdfFiles } = await loadOptional('pdf-lib', 'MERGE PDF', () => import('./merge-pdfs.js'));
    return mergePdfFiles(files);
  },
};

async function markdownToHtml(markdown: string): Promise<string> {
  const { marked } = await loadOptional('marked', 'GENERATE PDF of a Markdown template', () => import('marked'));
  return marked.parse(markdown, { async: false });
}
