/** GENERATE PDF's layout and MERGE PDF, on the script host's side of the host port (docs/basic.md). */
export { pdfMaker } from './pdf-maker.js';
