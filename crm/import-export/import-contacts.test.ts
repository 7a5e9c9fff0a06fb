import { Readable } from 'node:stream';
import { createMemoryCrmStores } from '../memory-crm-stores.js';
import { parseMapping, resolveColumns } from './column-mapping.js';
import { importContacts } from './import-contacts.js';
import { exportContactsCsv } from './export-csv.js';

const BOT = '11111111-1111-4111-8111-111111111111';
const csv = (text: string) => Readable.from([text]);

describe('column mapping', () => {
  test('headers naming a field or an alias need no mapping; explicit pairs win; the rest is ignored', () => {
    expect(resolveColumns(['First Name', 'E-mail', 'Mobile', 'Cidade', 'Grupo'], parseMapping(['Grupo=tags', 'cidade=custom.city']))).toEqual({
      fields: ['first_name', 'email', 'phone', 'custom.city', 'tags'], ignored: [],
    });
    expect(resolveColumns(['id', 'phone'], {}).ignored).toEqual(['id']);
    expect(() => parseMapping(['x=age'])).toThrow(/column=field/);
  });
});

describe('importContacts', () => {
  test('creates, rejects bad rows with their lines and reasons, then a re-import updates instead of duplicating', async () => {
    const stores = createMemoryCrmStores();
    const file = [
      'Nome,Telefone,Email,Tier,Tags',
      'Maria Silva,(11) 98765-4321,maria@x.test,gold,vip',
      'Joao,123,,standard,',
      'Ana,,ana@x.test,diamond,',
      'Sem Contato,,,,',
      'Maria S.,+55 11 98765-4321,,,late',
    ].join('\n');
    const map = parseMapping(['Nome=name', 'Telefone=phone']);
    const report = await importContacts(stores, { botId: BOT, source: csv(file), mapping: map, defaultCountry: 'BR', batchSize: 2 });
    expect(report).toMatchObject({ rows: 5, created: 1, updated: 1, rejected_count: 3 });
    expect(report.rejected.map((r) => r.line)).toEqual([3, 4, 5]);
    expect(report.rejected[0]!.reason).toMatch(/phone "123"/);
    expect(report.rejected[1]!.reason).toMatch(/tier "diamond"/);
    expect(report.rejected[2]!.reason).toMatch(/no phone or email/);
    const [maria] = [...stores.contacts.values()];
    expect(maria).toMatchObject({ first_name: 'Maria', last_name: 'S.', phone: '+5511987654321', email: 'maria@x.test', tier: 'gold', tags: ['vip', 'late'] });

    const again = await importContacts(stores, { botId: BOT, source: csv('email,ltv\nMARIA@x.test,1500.50\nnew@x.test,3\n'), defaultCountry: 'BR' });
    expect(again).toMatchObject({ created: 1, updated: 1, rejected_count: 0 });
    expect(stores.contacts.size).toBe(2);
    expect(stores.contacts.get(maria!.id)).toMatchObject({ ltv: 1500.5, tier: 'gold' });
  });

  test('a dry run writes nothing and counts a repeated row as an update', async () => {
    const stores = createMemoryCrmStores();
    const report = await importContacts(stores, { botId: BOT, source: csv('email\na@x.test\nA@x.test\n'), dryRun: true, batchSize: 1 });
    expect(report).toMatchObject({ dry_run: true, created: 1, updated: 1 });
    expect(stores.contacts.size).toBe(0);
  });

  test('a row whose phone and email belong to two contacts is rejected; a file without phone or email columns is refused', async () => {
    const stores = createMemoryCrmStores();
    await importContacts(stores, { botId: BOT, source: csv('phone,email\n+5511987654321,\n,b@x.test\n') });
    const report = await importContacts(stores, { botId: BOT, source: csv('phone,email\n+5511987654321,b@x.test\n') });
    expect(report.rejected).toEqual([{ line: 2, reason: expect.stringMatching(/two different contacts/) as unknown as string }]);
    await expect(importContacts(stores, { botId: BOT, source: csv('name\nx\n') })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(importContacts(stores, { botId: BOT, source: csv('phone\n"unclosed\n') })).rejects.toMatchObject({ code: 'invalid_csv' });
  });

  test('the export reads back: same columns, tags joined with ;', async () => {
    const stores = createMemoryCrmStores();
    await importContacts(stores, { botId: BOT, source: csv('name,phone,tags\n"Silva, Maria",+5511987654321,vip;late\n') });
    let text = '';
    for await (const chunk of exportContactsCsv(stores, BOT)) text += String(chunk);
    const [header, row] = text.trim().split('\r\n');
    expect(header).toMatch(/^id,first_name,last_name,email,phone,/);
    expect(row).toContain('"Silva,",Maria,,+5511987654321');
    expect(row).toContain('vip;late');
  });
});
