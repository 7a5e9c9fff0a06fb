/**
 * Records the host page for co-browse (docs/attendance/co-browse.md) with rrweb: a snapshot of the
 * DOM, then its changes, the visitor's scroll, pointer and typing. What is private is cut here, in
 * the page, before anything is sent: password fields (also after a "show password" toggle turns one
 * into text), card fields, and whatever the site marks with `data-switchboard-mask` or the
 * `switchboard-mask` class are recorded as empty boxes of the same size, without their value or
 * content, and their typing is not recorded. The widget and the attendant's pointer are left out.
 */
import { record } from 'rrweb';

/** What never leaves the page: recorded as a blank box. */
export const PRIVATE_SELECTOR = [
  'input[type="password" i]', '[data-rr-is-password]', '[autocomplete$="password" i]', '[autocomplete^="cc-" i]',
  '[data-switchboard-mask]', '.switchboard-mask',
].join(', ');
/** The widget's own elements: the attendant sees the page, not the chat about it. */
const OWN_ELEMENTS = 'switchboard-chat, switchboard-pointer';
/** Events are sent in batches this often, so typing a word is one frame, not one per key. */
const BATCH_MS = 150;

/** A running recording: `snapshot` records the whole page again (a console that needs to start over), `stop` ends it. */
export interface PageRecording {
  snapshot(): void;
  stop(): void;
}

/** Starts recording; each batch of events reaches `onBatch` as JSON text. */
export function recordPage(onBatch: (json: string) => void): PageRecording {
  let batch: unknown[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (batch.length === 0) return;
    const events = batch;
    batch = [];
    onBatch(JSON.stringify(events));
  };
  const stopRecording = record({
    emit(event) {
      batch.push(event);
      timer ??= setTimeout(flush, BATCH_MS);
    },
    blockSelector: `${PRIVATE_SELECTOR}, ${OWN_ELEMENTS}`,
    // Belt and braces: a password field that escaped the selector is still masked, its length hidden.
    maskInputOptions: { password: true },
    maskInputFn: (text, element) => (element?.matches(PRIVATE_SELECTOR) ? '' : text),
    maskTextSelector: PRIVATE_SELECTOR,
    slimDOMOptions: 'all',
    recordCanvas: false,
    collectFonts: false,
    sampling: { mousemove: 100, scroll: 150 },
  });
  return {
    snapshot: () => record.takeFullSnapshot(true),
    stop() {
      stopRecording?.();
      clearTimeout(timer);
      flush();
    },
  };
}
