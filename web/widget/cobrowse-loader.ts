/**
 * Loads the co-browse recorder (`/cobrowse.js`, rrweb: about 60 KB gzipped) from the Switchboard
 * server the widget came from, only when a visitor allows co-browse, so the widget every visitor
 * loads stays small (docs/attendance/co-browse.md, "Size"). Loaded once per page.
 */
import type { PageRecording } from './cobrowse-recorder.js';

/** What `/cobrowse.js` puts on the page (vite.config.ts, mode `cobrowse`). */
export type RecordPage = (onBatch: (json: string) => void) => PageRecording;

let loading: Promise<RecordPage> | undefined;

export function loadRecorder(src: string): Promise<RecordPage> {
  loading ??= new Promise<RecordPage>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      const lib = (globalThis as { SwitchboardCobrowse?: { recordPage?: RecordPage } }).SwitchboardCobrowse;
      if (lib?.recordPage) resolve(lib.recordPage);
      else reject(new Error('the co-browse recorder did not load'));
    });
    script.addEventListener('error', () => reject(new Error('the co-browse recorder did not load')));
    document.head.append(script);
  }).catch((err: unknown) => {
    loading = undefined; // a later "Allow" tries again
    throw err;
  });
  return loading;
}
