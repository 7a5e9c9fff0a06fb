import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A throw-away BOTS_DIR for a suite whose bots need their own config.csv or start.bas. */
export interface TestBots {
  readonly dir: string;
  /**
   * Copies bots/default.gbai as `<name>.gbai`, sets `config` keys in its config.csv (replacing
   * lines of the same key) and, when given, replaces its start.bas. With `tenant`, the bot is that
   * tenant's: under `tenants/<tenant>/` (docs/operations/tenants.md, "Bots").
   */
  add(name: string, config: Record<string, string>, startBas?: string, options?: { tenant?: string }): Promise<void>;
  remove(): Promise<void>;
}

export async function createTestBots(label = 'sb-bots-'): Promise<TestBots> {
  const dir = await mkdtemp(path.join(os.tmpdir(), label));
  return {
    dir,
    async add(name, config, startBas, options = {}) {
      const bot = path.join(dir, ...(options.tenant ? ['tenants', options.tenant] : []), `${name}.gbai`);
      await cp(path.resolve('bots/default.gbai'), bot, { recursive: true });
      for (const part of ['gbot', 'gbdialog', 'gbdata']) await rename(path.join(bot, `default.${part}`), path.join(bot, `${name}.${part}`));
      const csv = path.join(bot, `${name}.gbot`, 'config.csv');
      const lines = (await readFile(csv, 'utf8')).split('\n').filter((l) => !Object.keys(config).some((k) => l.startsWith(`${k},`)));
      await writeFile(csv, [...lines, ...Object.entries(config).map(([k, v]) => `${k},${v}`), ''].join('\n'));
      if (startBas !== undefined) await writeFile(path.join(bot, `${name}.gbdialog`, 'start.bas'), startBas);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
