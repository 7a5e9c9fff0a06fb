import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ProcessSettingsSchema } from '../../config/process-settings.js';

/**
 * The deployment files (docs/operations/high-availability.md), checked for structure: CI has no
 * docker, so compose.yaml is parsed with the yaml package and held against what the service
 * needs, nginx.conf against the services it balances, and the Dockerfile's COPY sources against
 * the source tree and what its build stage makes.
 */
interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
  ports?: string[];
}

const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const instances = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
const settingKeys = new Set(Object.keys(ProcessSettingsSchema.shape));

test('compose.yaml runs two service instances, PostgreSQL, Redis and a load balancer, each with a healthcheck', () => {
  expect(instances.map(([name]) => name).sort()).toEqual(['switchboard-1', 'switchboard-2']);
  expect(compose.services.postgres?.image).toMatch(/^postgres:/);
  expect(compose.services.redis?.image).toMatch(/^redis:/);
  expect(compose.services.lb?.image).toMatch(/^nginx:/);
  for (const [name, service] of Object.entries(compose.services)) expect({ name, healthcheck: !!service.healthcheck?.test }).toEqual({ name, healthcheck: true });
});

test('the instances use only settings the service knows, share the database, Redis, the token secret and the data folder', () => {
  for (const [, service] of instances) {
    const env = service.environment ?? {};
    expect(Object.keys(env).filter((key) => !settingKeys.has(key))).toEqual([]);
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(service.volumes?.some((v) => v.endsWith(`:${env.DATA_DIR}`))).toBe(true);
    expect(service.healthcheck?.test).toEqual(expect.arrayContaining([expect.stringContaining(`127.0.0.1:${env.PORT}/readyz`)]));
    expect(service.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
  }
  expect(compose.services.lb?.depends_on).toEqual({ 'switchboard-1': { condition: 'service_healthy' }, 'switchboard-2': { condition: 'service_healthy' } });
  for (const service of Object.values(compose.services)) {
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('.')) expect(existsSync(source)).toBe(true);
      else expect(Object.keys(compose.volumes)).toContain(source);
    }
  }
});

test('nginx balances over both instances on their port and passes WebSocket upgrades through', () => {
  const nginx = readFileSync('deploy/nginx.conf', 'utf8');
  const upstreams = [...nginx.matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
  expect(upstreams).toEqual(instances.map(([name, s]) => `${name}:${s.environment?.PORT}`));
  expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
  expect(nginx).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
  expect(nginx).not.toMatch(/^\s*(ip_hash|sticky|hash)\b/m);
});

test('the Dockerfile copies only what exists or what its build stage makes, and runs as a non-root user', () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  expect(stages).toHaveLength(2);
  const [build, runtime] = stages as [string, string];
  expect(build).toMatch(/^RUN npm ci$/m);
  expect(build).toMatch(/^RUN npm run build/m);
  // What the build stage makes: node_modules (npm ci) and dist (tsc outDir and the web build).
  const made = new Set(['node_modules', 'dist']);
  const copies = [...dockerfile.matchAll(/^COPY\s+(--from=\w+\s+)?(.+)$/gm)].map((m) => ({ from: m[1], args: m[2]!.split(/\s+/) }));
  expect(copies.length).toBeGreaterThan(0);
  for (const { from, args } of copies) {
    const sources = args.slice(0, -1);
    for (const source of sources) {
      if (from) expect({ source, ok: made.has(path.relative('/app', source)) || existsSync(path.relative('/app', source)) }).toEqual({ source, ok: true });
      else if (source !== '.') expect({ source, ok: existsSync(source) }).toEqual({ source, ok: true });
    }
  }
  expect(runtime).toMatch(/^USER node$/m);
  expect(runtime).toMatch(/^CMD \["node", "dist\/bin\/switchboard.js", "start"\]$/m);
  expect(existsSync('bin/switchboard.ts')).toBe(true);
});
