/** Co-browse (docs/attendance/co-browse.md): the attendant's and the visitor's halves of the relay, and what they carry. */
export { endCobrowse, pointCobrowse, requestCobrowse, resyncCobrowse, type AttendantCobrowseDeps } from './attendant-cobrowse.js';
export {
  acceptCobrowse, declineCobrowse, endCobrowseByVisitor, relayCobrowseEvents, type CobrowseEventsPart, type CobrowseParty, type VisitorCobrowseDeps,
} from './visitor-cobrowse.js';
export { COBROWSE_CHUNK_MAX, COBROWSE_PARTS_MAX, type CobrowseFrame, type CobrowseSignal } from './cobrowse-signals.js';
export {
  cobrowseRecordingPath, createCobrowseRecorder, COBROWSE_RECORDING_MAX_CHARS,
  type CobrowseRecorder, type CobrowseRecordingFile, type CobrowseRecordingKey, type CobrowseRecordingStore,
} from './cobrowse-recording.js';
export { deleteKeptCobrowse, readKeptCobrowse, type KeptCobrowseDeps } from './kept-cobrowse.js';
export { visitorCobrowsePort } from './visitor-cobrowse-port.js';
