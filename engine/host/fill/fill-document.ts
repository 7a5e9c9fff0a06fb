import type { DocumentFiller } from '../../../basic-interpreter/index.js';
import { fillDocx } from './fill-docx.js';
import { fillPdf } from './fill-pdf.js';
import { fillXlsx } from './fill-xlsx.js';

/**
 * The document filler of FILL (basic-interpreter/host/document-filler.ts): Word through
 * docxtemplater, Excel through exceljs, PDF forms through pdf-lib. Given to the standard host by
 * the server (engine/engine-host.ts) and the CLI.
 */
export const fillDocument: DocumentFiller = async ({ kind, bytes, data }) => {
  switch (kind) {
    case 'docx':
      return fillDocx(bytes, data);
    case 'xlsx':
      return fillXlsx(bytes, data);
    case 'pdf':
      return fillPdf(bytes, data);
  }
};
