import type { DocumentFiller } from '../../../basic-interpreter/index.js';
import { loadOptional } from '../../../infra/optional-package.js';

/**
 * The document filler of FILL (basic-interpreter/host/document-filler.ts): Word through
 * docxtemplater, Excel through exceljs, PDF forms through pdf-lib. Given to the standard host by
 * the server (script-host/effect-host.ts) and the CLI. Each library is loaded on the first FILL of its
 * kind: together they take about two seconds to load, which every server start (and restart
 * after a crash) would otherwise pay. The three are optional dependencies (docs/dependencies.md):
 * an install without them fills text templates only, and FILL of such a document says what to install.
 */
export const fillDocument: DocumentFiller = async ({ kind, bytes, data }) => {
  switch (kind) {
    case 'docx':
      return (await loadOptional(['docxtemplater', 'pizzip'], 'filling Word templates', () => import('./fill-docx.js'))).fillDocx(bytes, data);
    case 'xlsx':
      return (await loadOptional('exceljs', 'filling Excel templates', () => import('./fill-xlsx.js'))).fillXlsx(bytes, data);
    case 'pdf':
      return (await loadOptional('pdf-lib', 'filling PDF forms', () => import('./fill-pdf.js'))).fillPdf(bytes, data);
  }
};
