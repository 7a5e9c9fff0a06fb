import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestService, type TestService } from '../support/service.js';
import { testDriversLabel } from '../support/drivers.js';

let service: TestService;
let botsDir: string;
beforeAll(async () => {
  botsDir = await mkdtemp(path.join(os.tmpdir(), 'sb-rate-'));
  const pkg = path.join(botsDir, 'tight.gbai');
  await mkdir(path.join(pkg, 'tight.gbdialog'), { recursive: true });
  await mkdir(path.join(pkg, 'tight.gbot'), { recursive: true });
  await writeFile(path.join(pkg, 'tight.gbot', 'config.csv'), 'name,value\nweb-rate-limit,3\nweb-rate-window-seconds,60\n');
  await writeFile(path.join(pkg, 'tight.gbdialog', 'start.bas'), 'DO\n  HEAR x\n  TALK "echo " & x\nLOOP\n');
  service = await startTestService({ BOTS_DIR: botsDir });
});
afterAll(async () => {
  await service.dispose();
  await rm(botsDir, { recursive: true, force: true });
});

test(`a visitor over the bot's web-rate-limit gets 429 with the rate-limit body (${testDriversLabel()})`, async () => {
  const url = `${service.url}/api/channels/web/tight/messages`;
  const post = (body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const first = (await (await post({ text: 'one' })).json()) as { session_token: string };
  expect((await post({ text: 'two', session_token: first.session_token })).status).toBe(200);
  expect((await post({ text: 'three', session_token: first.session_token })).status).toBe(200);
  const limited = await post({ text: 'four', session_token: first.session_token });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await limited.json()).toMatchObject({
    error: 'rate_limit_exceeded',
    message: expect.any(String),
    limit: 3,
    window: '1m',
    retry_after: expect.any(Number),
  });
  // Another visitor is not affected.
  expect((await post({ text: 'hello' })).status).toBe(200);
});
