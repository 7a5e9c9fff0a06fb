import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBotPackages } from './bot-packages.js';
import { ConfigError } from './config-error.js';
import { defaultBotConfig } from './config-keys.js';
import { captureLogger, tempDir } from '../test/fixtures/config/helpers.js';

describe('loadBotPackages', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await dir.remove();
  });

  it('loads the good bots and reports the bad ones as logged failures', async () => {
    await dir.write('sales.gbai/sales.gbot/config.csv', 'name,value\nattendance-queue-size,10\nparam-greeting,Hi\n');
    await dir.write('broken.gbai/broken.gbot/config.csv', 'name,value\nattendance-queue-size,abc\n');
    await dir.write('bare.gbai/bare.gbdialog/start.txt', 'no config.csv here');
    await dir.write('bad name.gbai/bad name.gbot/config.csv', 'name,value\n');
    await dir.write('notes.txt', 'not a bot');
    await dir.write('file.gbai', 'a file, not a folder');
    const { logger, lines } = captureLogger();

    const { bots, failures } = await loadBotPackages(dir.path, logger);

    expect(bots.map((bot) => bot.name)).toEqual(['bare', 'sales']);
    const sales = bots[1];
    expect(sales?.dir).toBe(join(dir.path, 'sales.gbai'));
    expect(sales?.config['attendance-queue-size']).toBe(10);
    expect(sales?.params).toEqual({ greeting: 'Hi' });
    expect(sales?.extra).toEqual({});
    expect(bots[0]?.config).toEqual(defaultBotConfig());

    expect(failures.map(({ name, dir: failedDir }) => [name, failedDir])).toEqual([
      ['bad name', join(dir.path, 'bad name.gbai')],
      ['broken', join(dir.path, 'broken.gbai')],
    ]);
    expect(failures[0]?.error.message).toContain('bot name "bad name" must start with a letter or digit');
    const configError = failures[1]?.error;
    expect(configError).toBeInstanceOf(ConfigError);
    expect(configError).toMatchObject({ line: 2, key: 'attendance-queue-size' });

    const errors = lines.filter((line) => line.level === 50);
    expect(errors.map((line) => line['bot'])).toEqual(['bad name', 'broken']);
    expect(errors[1]?.msg).toBe(`bot "broken" not loaded: ${configError?.message}`);
  });

  it('warns and returns no bots when the bots directory is missing', async () => {
    const { logger, warnings } = captureLogger();
    const missing = join(dir.path, 'no-such-dir');
    await expect(loadBotPackages(missing, logger)).resolves.toEqual({ bots: [], failures: [] });
    expect(warnings()).toEqual([expect.objectContaining({ botsDir: missing })]);
  });

  it('loads the default bot shipped in bots/ without warnings', async () => {
    const { logger, lines } = captureLogger();
    const { bots, failures } = await loadBotPackages(fileURLToPath(new URL('../bots', import.meta.url)), logger);
    expect(failures).toEqual([]);
    const bot = bots.find(({ name }) => name === 'default');
    expect(bot?.config['attendance-auto-transfer']).toBe(true);
    expect(bot?.config['attendance-transfer-keywords']).toEqual(['human', 'attendant', 'agent', 'person']);
    expect(lines).toEqual([]);
  });
});
