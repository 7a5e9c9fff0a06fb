import { createInMemoryBotData, createStandardHost, type Effect } from '../host/index.js';
import type { Value } from '../values.js';
import { startDialog } from '../vm/index.js';
import { eventWatches } from './event-watches.js';
import { loadScript } from './load-script.js';

// ON EMAIL and ON CHANGE (docs/basic.md, "Event handlers"): top-level declarations the compiled
// script keeps, so the host knows which scripts watch the bot's mailbox and drive folders; run as
// a statement, each asks the host whether it can watch.

function watchesOf(source: string): unknown {
  const loaded = loadScript(source, 'watch.bas');
  return loaded.ok ? eventWatches(loaded.script) : loaded.errors.map((e) => e.split('\n')[0]);
}

test.each([
  ['ON EMAIL', [{ kind: 'mail' }]],
  ['ON EMAIL "Support@Company.com"\n  TALK email.subject\nEND ON', [{ kind: 'mail', address: 'support@company.com' }]],
  ['ON EMAIL "orders@company.com" FROM "Supplier@Vendor.com"', [{ kind: 'mail', address: 'orders@company.com', from: 'supplier@vendor.com' }]],
  ['ON EMAIL "alerts@company.com" SUBJECT "URGENT"', [{ kind: 'mail', address: 'alerts@company.com', subject: 'urgent' }]],
  ['ON EMAIL "a@b.c" FROM "stripe.com" SUBJECT "paid"', [{ kind: 'mail', address: 'a@b.c', from: 'stripe.com', subject: 'paid' }]],
  ['on email from "boss@example.com"', [{ kind: 'mail', from: 'boss@example.com' }]],
  ['ON CHANGE "invoices"', [{ kind: 'folder', folder: 'invoices', events: ['create', 'modify', 'delete'] }]],
  ['ON CHANGE "/in/new/" EVENTS "created, changed"', [{ kind: 'folder', folder: 'in/new', events: ['create', 'modify'] }]],
  ['ON CHANGE "x" EVENTS "rename"', [{ kind: 'folder', folder: 'x', events: ['create', 'delete'] }]],
  ['ON CHANGE "a"\nON EMAIL\nON INSERT OF "t"', [{ kind: 'folder', folder: 'a', events: ['create', 'modify', 'delete'] }, { kind: 'mail' }]],
  // A connected account's folder is no watch: the statement refuses it when it runs.
  ['ON CHANGE "account://user@gmail.com/Documents"', []],
  // Inside a block it is a statement only.
  ['IF TRUE THEN\n  ON CHANGE "a"\nEND IF', []],
  ['ON "new_message" CALL HandleMessage', []],
  ['TALK 1', []],
])('%j watches %j', (source, expected) => {
  expect(watchesOf(source)).toEqual(expected);
});

test.each([
  ['folder = "a"\nON CHANGE folder', 'watch.bas:2: ON CHANGE is read when the script loads: write its values in quotes'],
  ['ON EMAIL "a@b.c" FROM x', 'watch.bas:1: ON EMAIL is read when the script loads: write its values in quotes'],
  ['ON CHANGE "a" EVENTS "create, explode"', 'watch.bas:1: ON CHANGE: "explode" is not an event (create, modify, delete, rename, move)'],
  ['ON CHANGE "a", "b"', 'watch.bas:1: expected ON CHANGE "folder" [EVENTS "create, modify, delete"]'],
  ['ON EMAIL "a@b.c", "b"', 'watch.bas:1: expected ON EMAIL ["address"] [FROM "sender"] [SUBJECT "text"]'],
])('%j is refused when it loads', (source, error) => {
  expect(watchesOf(source)).toEqual([error]);
});

async function run(source: string, answer: (effect: Effect) => Value): Promise<{ status: string; error?: string; talk: string[]; effects: string[] }> {
  const loaded = loadScript(source, 'watch.bas');
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const data = createInMemoryBotData();
  const effects: string[] = [];
  const host = createStandardHost({
    tables: data.tables('b'), botMemory: data.botMemory('b'), userMemory: data.userMemory('b', 'u'), http: async () => null,
    conversation: async (effect) => {
      effects.push(JSON.stringify({ ...effect, file: undefined, line: undefined }));
      return answer(effect);
    },
  });
  const result = await startDialog({ library: { get: () => loaded.script }, host, entry: 'watch' });
  return {
    status: result.status, talk: result.outputs.map((o) => o.text), effects,
    ...(result.status === 'error' ? { error: result.error.message } : {}),
  };
}

test('run as statements, the declarations ask the host to check them, and GET LAST asks for the run\'s event', async () => {
  const mail = { subject: 'Invoice 7', from_address: 'ann@example.test' };
  const result = await run('ON EMAIL "a@b.c"\nemail = GET LAST "email_received_events"\nTALK email.subject\nON CHANGE "in"\nEND ON', (effect) => (effect.type === 'event.last' ? mail : null));
  expect(result).toEqual({
    status: 'done', talk: ['Invoice 7'],
    effects: [
      JSON.stringify({ type: 'watch.check', kind: 'mail' }),
      JSON.stringify({ type: 'event.last', name: 'email_received_events' }),
      JSON.stringify({ type: 'watch.check', kind: 'folder', folder: 'in' }),
    ],
  });
});

test('a host that cannot watch stops the script with its reason; a connected account\'s folder is not available', async () => {
  const refused = await run('ON EMAIL\nTALK "after"', () => {
    throw new Error('not available: ON EMAIL (this bot has no mailbox: set email-imap-host in its config.csv)');
  });
  expect(refused).toMatchObject({ status: 'error', talk: [], error: expect.stringContaining('not available: ON EMAIL (this bot has no mailbox: set email-imap-host in its config.csv)') });
  const account = await run('ON CHANGE "account://user@gmail.com/Docs"', () => null);
  expect(account).toMatchObject({
    status: 'error', error: expect.stringContaining('not available: ON CHANGE of "account://user@gmail.com/Docs" (there are no connected accounts: ON CHANGE watches a folder of the bot\'s drive)'),
  });
  expect(account.effects).toEqual([]);
});
