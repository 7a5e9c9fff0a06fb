import { mkdtemp, rm, stat } from 'node:fs/promises';
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

  test('two processes starting at once agree on one secret', async () => {
    const [a, b] = await Promise.all([resolveJwtSecret({ dataDir: dir }), resolveJwtSecret({ dataDir: dir })]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
