/** The sources of `switchboard import <kind>` (docs/content.md, "Importers") and their runner. */
export { runImport, type ImportSource, type ImportSummary, type ImportItem, type RunImportDeps } from './run-import.js';
export type { ImportTarget } from './import-deps.js';
export { icsSource } from './ics-source.js';
export { vcfSource } from './vcf-source.js';
export { cardDavSource, type CardDavOptions } from './carddav-source.js';
export { imapSource, type ImapOptions } from './imap-source.js';
export { s3Source } from './s3-source.js';
export { pstSource } from './pst-source.js';
export { pstKind, pstMail, pstContact, pstEvent, type PstItem, type PstMail, type PstContact, type PstAppointment } from './pst-mapping.js';
