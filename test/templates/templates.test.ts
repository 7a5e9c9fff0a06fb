import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadScript } from '../../basic-interpreter/index.js';
import { loadBotPackages } from '../../config/index.js';
import { seedTablesFromCsv } from '../../script-host/index.js';
import { createLogger } from '../../infra/logger.js';
import { playTranscript } from '../basic/transcript-player.js';
import { firstDifference, parseTranscript } from '../basic/transcript.js';

/**
 * The industry templates (templates/README.md): each package loads as a bot (valid config.csv,
 * every script compiles), and each `test/templates/<industry>/<case>.transcript` plays against
 * its `start.bas` with the package's `param-*` values and `.gbdata` tables, in one go and with a
 * fresh VM after every HEAR, as the conformance suite does.
 */
const templatesDir = path.resolve('templates');
const transcriptsDir = path.resolve('test/templates');
const INDUSTRIES = ['education', 'financial', 'healthcare', 'professional'];
const logger = createLogger({ level: 'silent' });

test('the four industry templates load as bot packages, and every script compiles', async () => {
  const { bots, failures } = await loadBotPackages(templatesDir, logger);
  expect(failures).toEqual([]);
  expect(bots.map((b) => b.name)).toEqual(INDUSTRIES);
  for (const bot of bots) {
    expect({ [bot.name]: bot.extra }).toEqual({ [bot.name]: {} });
    const dialogs = path.join(bot.dir, `${bot.name}.gbdialog`);
    const scripts = (await readdir(dialogs)).filter((f) => f.endsWith('.bas'));
    expect(scripts).toContain('start.bas');
    for (const file of scripts) {
      const loaded = loadScript(await readFile(path.join(dialogs, file), 'utf8'), file);
      expect(loaded.ok ? [] : loaded.errors).toEqual([]);
    }
  }
});

const cases = INDUSTRIES.flatMap((industry) => readdirSync(path.join(transcriptsDir, industry))
  .filter((f) => f.endsWith('.transcript'))
  .map((f) => [`${industry}/${f.slice(0, -11)}`, industry] as const));

describe.each(cases)('%s', (name, industry) => {
  const transcript = parseTranscript(readFileSync(path.join(transcriptsDir, `${name}.transcript`), 'utf8'));
  const packageDir = path.join(templatesDir, `${industry}.gbai`);
  const options = async (fresh: boolean) => {
    const { bots } = await loadBotPackages(templatesDir, logger);
    const bot = bots.find((b) => b.name === industry);
    return {
      dir: path.join(packageDir, `${industry}.gbdialog`),
      entry: 'start',
      variables: { ...bot?.params },
      seed: (tables: Parameters<typeof seedTablesFromCsv>[1]) => seedTablesFromCsv(packageDir, tables, { onlyIfEmpty: true }),
      fresh,
    };
  };
  test('runs as its transcript says', async () => {
    expect(firstDifference(await playTranscript(transcript, await options(false)), transcript.lines)).toBeUndefined();
  });
  test('gives the same transcript with a fresh VM after every HEAR', async () => {
    expect(firstDifference(await playTranscript(transcript, await options(true)), transcript.lines)).toBeUndefined();
  });
});
