import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startTestService } from '../support/service.js';
import { testDriversLabel } from '../support/drivers.js';

describe(`graceful shutdown (${testDriversLabel()})`, () => {
  test('stop() waits for an in-flight job and request, then refuses connections', async () => {
    const service = await startTestService();
    const events: string[] = [];
    let started!: () => void;
    const jobStarted = new Promise<void>((resolve) => { started = resolve; });
    service.jobs.process('test.slow', async () => {
      started();
      events.push('job started');
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push('job finished');
    });
    await service.jobs.add('test.slow', {});
    await jobStarted;
    const stopped = service.dispose().then(() => events.push('stopped'));
    await stopped;
    expect(events).toEqual(['job started', 'job finished', 'stopped']);
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  });

  test('SIGTERM to the CLI stops the server and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-sigterm-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/switchboard.ts', 'start'], {
      // Embedded drivers: the CLI's signal handling is what is tested here; stop() above covers both drivers.
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_PASSWORD: 'sigterm-pass-1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logs: { msg: string; url?: string }[] = [];
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        // The log is JSON lines; the first start's banner (app/first-start-banner.ts) is plain text among them.
        if (!line.startsWith('{')) return;
        const entry = JSON.parse(line) as { msg: string; url?: string };
        logs.push(entry);
        if (entry.url) resolve(entry.url);
      });
      void exited.then((code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
    });
    try {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
