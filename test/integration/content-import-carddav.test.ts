import { cardDavSource, runImport } from '../../content/importers/index.js';
import type { DatabaseHandle } from '../../db/index.js';
import { importTarget } from '../support/content-import.js';
import { openTestDatabase } from '../support/drivers.js';
import { startRadicale, type TestRadicale } from '../support/radicale.js';

/** `import carddav` against the distribution's radicale (tsdav): every card, resumed after an interruption, nothing twice. */
let radicale: TestRadicale;
let database: DatabaseHandle;

const card = (uid: string, name: string, email: string, version = '4.0') =>
  ['BEGIN:VCARD', `VERSION:${version}`, `UID:${uid}`, `FN:${name}`, `EMAIL:${email}`, 'END:VCARD', ''].join('\r\n');

beforeAll(async () => {
  radicale = await startRadicale();
  database = await openTestDatabase();
  await radicale.putCard('ann', card('ann-1', 'Ann Lee', 'ann@example.test', '3.0'));
  await radicale.putCard('bo', card('bo-2', 'Bo Chen', 'bo@example.test'));
  await radicale.putCard('cy', card('cy-3', 'Cy Diaz', 'cy@example.test'));
});
afterAll(async () => {
  await database?.close();
  await radicale?.stop();
});

test('every card of the address book, with its URL and ETag; an interrupted run resumes and a re-run adds nothing', async () => {
  const { target, checkpoints, records, reader } = await importTarget(database);
  const source = () => cardDavSource(target, { url: radicale.url, username: radicale.user, password: radicale.password, outbound: { allowPrivateNetworks: true } });
  expect(await runImport({ checkpoints }, source(), { limit: 1 })).toMatchObject({ status: 'stopped', imported: 1 });
  expect(await runImport({ checkpoints }, source())).toMatchObject({ status: 'done', imported: 2, total_imported: 3 });
  expect(await runImport({ checkpoints }, source())).toMatchObject({ status: 'done', imported: 0, skipped: 3 });
  const contacts = await records.contacts.list(reader, { limit: 10, offset: 0 });
  expect(contacts.map((c) => [c.full_name, c.emails])).toEqual([['Ann Lee', ['ann@example.test']], ['Bo Chen', ['bo@example.test']], ['Cy Diaz', ['cy@example.test']]]);
  expect(contacts[0]!.external_id).toMatch(/\/carder\/contacts\/ann\.vcf$/);
  expect(contacts[0]!.etag).toBeTruthy();
});
