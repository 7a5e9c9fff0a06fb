import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveJwtSecret } from './jwt-secret.js';

describe('resolveJwtSecret', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'sb-jwt-')); });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  test('JWT_SECRET wins', async () => {
    const secret = await resolveJwtSecret({ jwtSecret: 'k'.repeat(40), dataDir: dir });
    expect(new TextDecoder().decode(secret)).toBe('k'.repeat(40));
  });

  test('without it, one secret is generated, kept private in DATA_DIR and reused after a restart', async () => {
    const first = await resolveJwtSecret({ dataDir: dir });
    const again = await resolveJwtSecret({ dataDir: dir });
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect((await stat(path.join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
  });

  test('instances starting at once agree on one whole secret and leave no temporary files', async () => {
    for (let round = 0; round < 20; round += 1) {
      const roundDir = path.join(dir, String(round));
      const secrets = await Promise.all(Array.from({ length: 8 }, () => resolveJwtSecret({ dataDir: roundDir })));
      const texts = new Set(secrets.map((secret) => new TextDecoder().decode(secret)));
      expect(texts.size).toBe(1);
      expect([...texts][0]!.length).toBeGreaterThanOrEqual(48);
      expect(await readdir(roundDir)).toEqual(['jwt-secret']);
    }
  });

  test('an empty secret file is an error that says what to do, not an empty key', async () => {
    await writeFile(path.join(dir, 'jwt-secret'), '');
    await expect(resolveJwtSecret({ dataDir: dir })).rejects.toThrow(/is empty: delete it/);
  });
});
