/**
 * The script host's side of the BASIC interpreter's host port: the I/O the interpreter leaves to its
 * host. The guarded HTTP client behind GET/POST (with its SSRF guard), a bot's `.gbdialog`
 * folder as a hot-reloading script library, `.gbdata` CSV seeding of a bot's tables, and the
 * filler of FILL's Word, Excel and PDF templates, and GENERATE PDF's and MERGE PDF's maker. The server (app/bots.ts,
 * script-host/effect-host.ts) and the CLI (bin/) build their hosts from these.
 */
export { createHttpPerformer, type HttpPerformerOptions } from './http-effect.js';
export { HttpRefusedError, HttpRequestError, type ResolveHost, type ResolvedAddress } from '../../infra/outbound-guard.js';
export { ScriptFolder, type ProblemListener, type ScriptFolderOptions } from './script-folder.js';
export { seedTablesFromCsv, SeedDataError, type SeedOptions, type SeededTable } from './seed-tables.js';
export { createFolderFileStore } from './folder-file-store.js';
export { fillDocument } from './fill/index.js';
export { pdfMaker } from './pdf/index.js';
export { readQrCode, QR_LIMITS, type QrLimits, type QrProblem, type QrReading } from './qr-code.js';
export { readQrLink, type QrLinkProblem } from './read-qr-link.js';
export { fetchLinkBytes } from './fetch-link-bytes.js';
export { receiveHearFile, HEAR_FILE_MAX_BYTES, RECEIVED_FOLDER, type FetchedFile, type HearFileDeps, type HearFileProblem } from './hear-file.js';
