import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readProcessSettings, type ProcessSettings } from '../../config/index.js';
import { createBotsRepo, createCrmRepo, openDatabase } from '../../db/index.js';
import { importCommand } from '../../bin/import-command.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { cliIo } from '../support/cli-io.js';
import { copyMigratedPglite } from '../support/pglite-template.js';

let dir: string;
let bots: TestBots;
let settings: ProcessSettings;
let botId: string;

const open = () => openDatabase({ pgliteDir: path.join(dir, 'pglite') });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-cli-crm-'));
  await copyMigratedPglite(path.join(dir, 'pglite'));
  bots = await createTestBots('sb-cli-crm-bots-');
  await bots.add('shop', { 'crm-default-country': 'BR' });
  settings = readProcessSettings({ DATA_DIR: dir, BOTS_DIR: bots.dir, DATABASE_URL: '', REDIS_URL: '' });
  const database = await open();
  botId = (await createBotsRepo(database.db).ensure('shop')).id;
  await database.close();
});

afterAll(async () => {
  await bots?.remove();
  await rm(dir, { recursive: true, force: true });
});

describe('switchboard import contacts', () => {
  test('maps columns, reports rejected lines, a dry run writes nothing, a re-run updates', async () => {
    const file = path.join(dir, 'people.csv');
    await writeFile(file, 'Cliente,Celular,E-mail,Grupo\nMaria Silva,(11) 98765-4321,maria@x.test,vip\nSem Nada,,,\nJoao,11 91234-5678,,\n');
    const args = [file, '--bot', 'shop', '--map', 'Cliente=name', '--map', 'Celular=phone', '--map', 'Grupo=tags'];

    const dry = cliIo();
    expect(await importCommand(['contacts', ...args, '--dry-run'], settings, dry.io)).toBe(1);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, rows: 3, created: 2, updated: 0, rejected: [{ line: 3, reason: 'no phone or email to identify the contact' }] });

    const first = cliIo();
    expect(await importCommand(['contacts', ...args], settings, first.io)).toBe(1);
    expect(JSON.parse(first.stdout)).toMatchObject({ created: 2, updated: 0, rejected_count: 1 });
    const again = cliIo();
    await importCommand(['contacts', ...args], settings, again.io);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, updated: 2 });

    const database = await open();
    try {
      const { rows, total } = await createCrmRepo(database.db).searchContacts(botId, { tag: 'vip' }, { limit: 10, offset: 0 });
      expect(total).toBe(1);
      expect(rows[0]).toMatchObject({ first_name: 'Maria', last_name: 'Silva', phone: '+5511987654321', email: 'maria@x.test', tags: ['vip'] });
    } finally {
      await database.close();
    }
  });

  test('on a terminal a progress bar is drawn on stderr, to 100% and the rows read; the report stays on stdout', async () => {
    const file = path.join(dir, 'many.csv');
    const rows = Array.from({ length: 1200 }, (_, i) => `Bar ${i},+55119${String(70_000_000 + i)}`);
    await writeFile(file, `name,phone\n${rows.join('\n')}\n`);
    const terminal = cliIo();
    Object.assign(terminal.io.stderr, { isTTY: true, columns: 100 });
    expect(await importCommand(['contacts', file, '--bot', 'shop', '--dry-run'], settings, terminal.io)).toBe(0);
    expect(JSON.parse(terminal.stdout)).toMatchObject({ dry_run: true, rows: 1200, created: 1200, rejected_count: 0 });
    expect(terminal.stderr).toMatch(/contacts .*100% \| 1200 rows/);
    // Not on a terminal (a pipe, a log file): no bar, only the report.
    const piped = cliIo();
    await importCommand(['contacts', file, '--bot', 'shop', '--dry-run'], settings, piped.io);
    expect(piped.stderr).toBe('');
  });

  test('without --bot, or with an unknown field, it prints the usage and exits 2 or 1', async () => {
    const noBot = cliIo();
    expect(await importCommand(['contacts', 'x.csv'], settings, noBot.io)).toBe(2);
    expect(noBot.stderr).toContain('Usage: switchboard import contacts');
    const file = path.join(dir, 'one.csv');
    await writeFile(file, 'phone\n+5511987654321\n');
    const badMap = cliIo();
    expect(await importCommand(['contacts', file, '--bot', 'shop', '--map', 'phone=age'], settings, badMap.io)).toBe(1);
    expect(badMap.stderr).toContain('expected column=field');
  });
});
