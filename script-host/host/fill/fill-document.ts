import type { DocumentFiller } from '../../../basic-interpreter/index.js';

/**
 * The document filler of FILL (basic-interpreter/host/document-filler.ts): Word through
 * docxtemplater, Excel through exceljs, PDF forms through pdf-lib. Given to the standard host by
 * the server (script-host/effect-host.ts) and the CLI. Each library is loaded on the first FILL of its
 * kind: together they take about two seconds to load, which every server start (and restart
 * after a crash) would otherwise pay.
 */
export const fillDocument: DocumentFiller = async ({ kind, bytes, data }) => {
  switch (kind) {
    case 'docx':
      return (await import('./fill-docx.js')).fillDocx(bytes, data);
    case 'xlsx':
      return (await import('./fill-xlsx.js')).fillXlsx(bytes, data);
    case 'pdf':
      return (await import('./fill-pdf.js')).fillPdf(bytes, data);
  }
};
