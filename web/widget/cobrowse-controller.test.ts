import { describe, expect, test } from '@jest/globals';
import { CobrowseController, type CobrowseView } from './cobrowse-controller.js';
import type { RecordPage } from './cobrowse-loader.js';

// The widget's side of co-browse without a page (docs/attendance/co-browse.md): nothing is recorded
// before Allow, batches are cut into parts the server takes, and either side's stop stops it.

const ID = '11111111-2222-4333-8444-555555555555';

function setup(options: { recorderFails?: boolean } = {}) {
  const sent: Record<string, unknown>[] = [];
  const shown: string[] = [];
  let answer: ((allow: boolean) => void) | undefined;
  let stop: (() => void) | undefined;
  const view: CobrowseView = {
    ask: (attendant, a) => { shown.push(`ask ${attendant}`); answer = a; },
    sharing: (attendant, s) => { shown.push(`sharing ${attendant}`); stop = s; },
    clear: () => void shown.push('clear'),
    say: (text) => void shown.push(`say ${text}`),
  };
  const recording = { emit: (_json: string) => undefined as void, stopped: false, snapshots: 0 };
  const recordPage: RecordPage = (onBatch) => {
    recording.emit = onBatch;
    return { snapshot: () => void recording.snapshots++, stop: () => void (recording.stopped = true) };
  };
  let loads = 0;
  const controller = new CobrowseController((f) => (sent.push(f), true), view, async () => {
    loads++;
    if (options.recorderFails) throw new Error('blocked');
    return recordPage;
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { controller, sent, shown, recording, settle, answer: (allow: boolean) => answer!(allow), stop: () => stop!(), loads: () => loads };
}

describe('CobrowseController', () => {
  test('a request asks; "Don\'t allow" says no and loads nothing', async () => {
    const { controller, sent, shown, answer, loads, settle } = setup();
    controller.onPush({ type: 'cobrowse_request', cobrowse_id: ID, attendant: 'Ana' });
    expect(shown).toEqual(['ask Ana']);
    answer(false);
    await settle();
    expect(sent).toEqual([{ type: 'cobrowse_decline', cobrowse_id: ID }]);
    expect(loads()).toBe(0);
  });

  test('"Allow" loads the recorder, then says yes; batches go in numbered parts of at most 16,000 characters', async () => {
    const { controller, sent, shown, recording, answer, settle } = setup();
    controller.onPush({ type: 'cobrowse_request', cobrowse_id: ID, attendant: 'Ana' });
    answer(true);
    await settle();
    expect(sent).toEqual([{ type: 'cobrowse_accept', cobrowse_id: ID }]);
    expect(shown).toEqual(['ask Ana', 'clear', 'sharing Ana']);
    const batch = JSON.stringify([{ type: 2, data: 'x'.repeat(40_000) }]);
    recording.emit(batch);
    recording.emit('[]');
    const parts = sent.slice(1);
    expect(parts.map((p) => [p.seq, p.part, p.parts, String(p.data).length])).toEqual([[0, 0, 3, 16_000], [0, 1, 3, 16_000], [0, 2, 3, batch.length - 32_000], [1, 0, 1, 2]]);
    expect(parts.slice(0, 3).map((p) => p.data).join('')).toBe(batch);
    controller.onPush({ type: 'cobrowse_resync', cobrowse_id: ID });
    expect(recording.snapshots).toBe(1);
  });

  test('a page too big to send ends it and says so', async () => {
    const { controller, sent, shown, recording, answer, settle } = setup();
    controller.onPush({ type: 'cobrowse_request', cobrowse_id: ID, attendant: 'Ana' });
    answer(true);
    await settle();
    recording.emit('x'.repeat(49 * 16_000));
    expect(sent.at(-1)).toEqual({ type: 'cobrowse_end', cobrowse_id: ID });
    expect(recording.stopped).toBe(true);
    expect(shown.slice(-2)).toEqual(['say ended', 'say too_big']);
  });

  test('Stop sharing tells the server; the attendant\'s stop does not echo; signals of another co-browse are ignored', async () => {
    const first = setup();
    first.controller.onPush({ type: 'cobrowse_request', cobrowse_id: ID, attendant: 'Ana' });
    first.answer(true);
    await first.settle();
    first.stop();
    expect(first.sent.at(-1)).toEqual({ type: 'cobrowse_end', cobrowse_id: ID });
    expect(first.recording.stopped).toBe(true);

    const second = setup();
    second.controller.onPush({ type: 'cobrowse_request', cobrowse_id: ID, attendant: 'Ana' });
    second.answer(true);
    await second.settle();
    second.controller.onPush({ type: 'cobrowse_ended', cobrowse_id: 'another', by: 'attendant' });
    expect(second.recording.stopped).toBe(false);
    second.controller.onPush({ type: 'cobrowse_ended', cobrowse_id: ID, by: 'attendant' });
    expect(second.recording.stopped).toBe(true);
    expect(second.sent).toEqual([{ type: 'cobrowse_accept', cobrowse_id: ID }]);
    expect(second.shown.at(-1)).toBe('say ended');
  });

  test('the attendant stops while the recorder loads: nothing starts; a recorder that does not load is a no', async () => {
    const { controller, sent, answer, settle } = setup();
    controller.onPush({ type: 'cobrowse_request', cobrowse_id: ID, attendant: 'Ana' });
    answer(true);
    controller.onPush({ type: 'cobrowse_ended', cobrowse_id: ID, by: 'attendant' });
    await settle();
    expect(sent).toEqual([]);

    const failing = setup({ recorderFails: true });
    failing.controller.onPush({ type: 'cobrowse_request', cobrowse_id: ID, attendant: 'Ana' });
    failing.answer(true);
    await failing.settle();
    expect(failing.sent).toEqual([{ type: 'cobrowse_decline', cobrowse_id: ID }]);
    expect(failing.shown.at(-1)).toBe('say failed');
  });
});
