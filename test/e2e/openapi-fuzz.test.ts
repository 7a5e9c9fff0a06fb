import { connect } from 'node:net';
import { sampleOf, UNKNOWN_UUID, type JsonSchema, type OpenApiDocument, type Operation, type Parameter } from '../support/openapi-samples.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

/**
 * Every path × method of the live OpenAPI document, called as an attacker or a careless client
 * would: malformed JSON, wrong types, missing fields, over-long strings, NUL and lone surrogates,
 * bad UUIDs, traversal strings and malformed percent-escapes, CR/LF and NUL in text and in
 * headers, bodies nested 10,000 levels, with and without the admin's token. No answer may be a 5xx,
 * and every error answer is a JSON `{error, message}` body (README, "Security model"). The number
 * of requests is bounded (MAX_PER_OPERATION per operation). The provider webhook doors, signed, are
 * test/e2e/webhook-fuzz.test.ts.
 */

const MAX_PER_OPERATION = 45;
const PARALLEL = 8;

/** Values that must never make the server fail, for any string field, parameter or path segment. */
const HOSTILE_STRINGS = [
  'a\u0000b', '\ud800x', 'x\udc00', '../../../../etc/passwd', '..\\..\\windows\\win.ini', 'x'.repeat(100_000), '', ' ',
  'not-a-uuid', `${UNKNOWN_UUID}'--`, '%00', '{{7*7}}', '<script>alert(1)</script>', '\u202e', '9'.repeat(400),
  // File names, content types, subjects: text that may end up in a header.
  'a\r\nX-Injected: 1', 'text/plain\r\n\r\n<html>', 'a\rb\nc',
];
const HOSTILE_VALUES: unknown[] = [null, 0, -1, 1e308, 3.5, true, [], {}, ['a\u0000'], { nested: 'a\u0000b' }];
/** Raw path segments: sent as written (percent-escapes included, malformed ones too). */
const HOSTILE_SEGMENTS = [
  '%00', '%E0%A4%A', '%ED%A0%80', '%', '%zz', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'x'.repeat(3000), 'not-a-uuid',
  UNKNOWN_UUID, encodeURIComponent('a\u0000b'), 'default',
];
const MALFORMED_BODIES = ['{', '{"a":', 'null', '[]', '"text"', '12', '{"a":1}}', '\u0000', '{"text":"\\ud800x"}'];

let service: TestService;
let admin: { authorization: string };
let document: OpenApiDocument;

beforeAll(async () => {
  service = await startTestService();
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  document = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as OpenApiDocument;
});
afterAll(async () => { await service.dispose(); });

/** A plausible valid value for a schema, so that one field at a time can be made hostile. */
const sample = (schema: JsonSchema | undefined) => sampleOf(document, schema);

/** Percent-encodes text; a lone surrogate (which encodeURIComponent refuses) becomes its raw UTF-8-style escape. */
function encodeLeniently(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

interface Attempt { method: string; path: string; headers: Record<string, string>; body?: string; what: string }

function attemptsFor(path: string, method: string, operation: Operation): Attempt[] {
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const validSegment = (p: Parameter) => encodeURIComponent(String(sample(p.schema)));
  const fill = (override?: { name: string; raw: string }) =>
    path.replace(/\{(\w+)\}/g, (_m, name: string) => (override?.name === name ? override.raw : validSegment(pathParams.find((p) => p.name === name)!)));
  const validQuery = () => queryParams.map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema)))}`);
  const validBody = sample(bodySchema) as Record<string, unknown>;
  const auth = operation.security?.length ? admin : {};
  const attempts: Attempt[] = [];
  const add = (what: string, url: string, body?: string, headers: Record<string, string> = auth) =>
    attempts.push({ method: method.toUpperCase(), path: url, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body }), what });

  const query = validQuery();
  const base = `${fill()}${query.length ? `?${query.join('&')}` : ''}`;
  const json = bodySchema ? JSON.stringify(validBody) : undefined;
  add('valid shape', base, json);
  if (operation.security?.length) add('no token', base, json, {});
  for (const p of pathParams) for (const raw of HOSTILE_SEGMENTS) add(`path ${p.name}=${raw.slice(0, 20)}`, `${fill({ name: p.name, raw })}${query.length ? `?${query.join('&')}` : ''}`, json);
  for (const p of queryParams) {
    for (const value of [...HOSTILE_STRINGS.slice(0, 12), '%E0%A4%A']) {
      const raw = value === '%E0%A4%A' ? value : encodeLeniently(value);
      const others = query.filter((q) => !q.startsWith(`${p.name}=`));
      add(`query ${p.name}=${value.slice(0, 20)}`, `${fill()}?${[...others, `${p.name}=${raw}`].join('&')}`, json);
    }
    add(`query ${p.name} twice`, `${fill()}?${[...query, `${p.name}=a`, `${p.name}=b`].join('&')}`, json);
  }
  if (bodySchema) {
    for (const raw of MALFORMED_BODIES) add(`malformed body ${raw.slice(0, 12)}`, base, raw);
    add('empty object', base, '{}');
    const fields = Object.keys(validBody ?? {});
    for (const field of fields) {
      const rest = { ...validBody };
      delete rest[field];
      add(`missing ${field}`, base, JSON.stringify(rest));
      for (const value of [...HOSTILE_STRINGS, ...HOSTILE_VALUES]) {
        add(`${field}=${JSON.stringify(value).slice(0, 20)}`, base, JSON.stringify({ ...validBody, [field]: value }));
      }
    }
    add('NUL in a key', base, JSON.stringify({ ...validBody, 'k\u0000': 1 }));
  }
  // Bounded: the first attempts (valid, auth, path and query) always run; body fields are sampled evenly.
  if (attempts.length <= MAX_PER_OPERATION) return attempts;
  const head = attempts.slice(0, 25);
  const tail = attempts.slice(25);
  const step = tail.length / (MAX_PER_OPERATION - head.length);
  return [...head, ...Array.from({ length: MAX_PER_OPERATION - head.length }, (_v, i) => tail[Math.floor(i * step)]!)];
}

async function send(attempt: Attempt): Promise<string | undefined> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${service.url}${attempt.path}`, { method: attempt.method, headers: attempt.headers, ...(attempt.body === undefined ? {} : { body: attempt.body }) });
    text = await res.text();
  } catch (error) {
    // A connection the server dropped is a failure too, named by the request that met it.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `${attempt.method} ${attempt.path.slice(0, 120)} [${attempt.what}] → no answer: ${cause?.code ?? cause?.message ?? String(error)}`;
  }
  const where = `${attempt.method} ${attempt.path.slice(0, 120)} [${attempt.what}] → ${res.status}`;
  if (res.status >= 500) return `${where} ${text.slice(0, 200)}`;
  if (res.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${where}: error body is not JSON: ${text.slice(0, 100)}`;
    }
    const b = body as { error?: unknown; message?: unknown; code?: unknown; status?: unknown };
    // The groups API answers its own errors with their own body {error, code, status} (docs/groups.md, "Errors").
    const groupBody = where.includes(' /api/groups/') && typeof b.error === 'string' && typeof b.code === 'string' && b.status === res.status;
    if (!groupBody && (typeof b.error !== 'string' || typeof b.message !== 'string')) return `${where}: error body without error/message: ${text.slice(0, 100)}`;
  }
  return undefined;
}

/** Every attempt the document gives, in its order. */
function allAttempts(): Attempt[] {
  const attempts: Attempt[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) attempts.push(...attemptsFor(path, method, operation));
  }
  return attempts;
}

test('the document gives more than 1,000 attempts over more than 25 paths', () => {
  expect(Object.keys(document.paths).length).toBeGreaterThan(25);
  expect(allAttempts().length).toBeGreaterThan(1000);
});

// In parts, each with its own time: the attempts grow with every route the API gains.
const PARTS = 6;
test.each(Array.from({ length: PARTS }, (_v, part) => part + 1))('no request built from the OpenAPI document gets a 5xx or a non-JSON error (part %i of 6)', async (part) => {
  const attempts = allAttempts().filter((_a, i) => i % PARTS === part - 1);
  expect(await failuresOf(attempts, send)).toEqual([]);
}, 240_000);

/** Every operation of the document, its path filled with plausible values. */
function operations(): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => {
    const params = (operation.parameters ?? []).filter((p) => p.in === 'path');
    const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(sample(params.find((p) => p.name === name)?.schema))));
    return { method: method.toUpperCase(), path: filled, operation };
  }));
}

/**
 * One request written byte for byte on a socket: fetch and node:http refuse to send CR, LF or NUL
 * in a header, or a body with GET. Answers the status and the body (the server closes after it).
 */
function rawExchange(method: string, path: string, headers: [string, string][], body = ''): Promise<{ status: number; text: string }> {
  const { port } = new URL(service.url);
  const head = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers.map(([n, v]) => `${n}: ${v}`)];
  if (body) head.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, text: Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8') });
    });
    // Written, not ended: a half-closed client gets no answer; `Connection: close` ends the exchange.
    socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]));
  });
}

/** Runs the requests a few at a time; answers each one the rule finds wrong, described. */
async function failuresOf<T>(items: T[], run: (item: T) => Promise<string | undefined>): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) failures.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(run))).filter((r): r is string => r !== undefined));
  return failures;
}

const DEEP_BODIES = [`${'['.repeat(10_000)}${']'.repeat(10_000)}`, `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`];
// A visitor's upload is the file's bytes, of any type: a deep JSON file is a file like any other.
const RAW_FILE_PATHS = /^\/api\/channels\/web\/[^/]+\/uploads$/;

test('a body nested 10,000 levels (arrays or objects) is 400 validation_error on every operation, before its token is read', async () => {
  const attempts = operations().flatMap((op) => DEEP_BODIES.map((body) => ({ ...op, body })));
  expect(attempts.length).toBeGreaterThan(200);
  const failures = await failuresOf(attempts, async ({ method, path, body }) => {
    const { status, text } = await rawExchange(method, path, [['Content-Type', 'application/json']], body);
    const where = `${method} ${path} [${body.slice(0, 2)}…] → ${status} ${text.slice(0, 120)}`;
    if (RAW_FILE_PATHS.test(path)) return status >= 500 || status === 0 ? where : undefined;
    return status === 400 && (JSON.parse(text) as { error?: string }).error === 'validation_error' ? undefined : where;
  });
  expect(failures).toEqual([]);
}, 120_000);

/** Headers a client sends, the ones the server reads (types, ids, credentials, origins, signatures) among them. */
const HEADER_NAMES = [
  'Content-Type', 'X-Request-Id', 'Authorization', 'Origin', 'Cookie', 'Accept', 'User-Agent', 'X-Forwarded-For',
  'X-Hub-Signature-256', 'X-Telegram-Bot-Api-Secret-Token', 'X-Twilio-Signature', 'X-Slack-Signature', 'X-Webhook-Signature',
];
/** Written raw: bare CR, bare LF, NUL, a CR LF that starts another header, bytes that are not UTF-8, other controls. */
const HOSTILE_HEADER_VALUES = ['a\rb', 'a\nb', 'a\u0000b', 'a\r\nX-Injected: 1', 'application/json; charset=\u00ff\u00fe', 'a\u0001\u007fb', 'Bearer \u00e9\u00e9'];

test('CR, LF, NUL and stray bytes in any header never get a 5xx, and every refusal is a JSON error body', async () => {
  const attempts = operations().flatMap((op, i) => HEADER_NAMES.map((name, j) => ({ ...op, name, value: HOSTILE_HEADER_VALUES[(i + j) % HOSTILE_HEADER_VALUES.length]! })));
  // Every header meets every value somewhere.
  expect(new Set(attempts.map((a) => `${a.name}|${a.value}`)).size).toBe(HEADER_NAMES.length * HOSTILE_HEADER_VALUES.length);
  const failures = await failuresOf(attempts, async ({ method, path, operation, name, value }) => {
    const headers: [string, string][] = [...(operation.security?.length ? [['Authorization', admin.authorization] as [string, string]] : []), [name, value]];
    const body = operation.requestBody ? '{}' : '';
    if (body && name !== 'Content-Type') headers.push(['Content-Type', 'application/json']);
    const { status, text } = await rawExchange(method, path, headers, body);
    const where = `${method} ${path} [${name}: ${JSON.stringify(value)}] → ${status} ${text.slice(0, 120)}`;
    if (status === 0 || status >= 500) return where;
    if (status < 400) return undefined;
    try {
      const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
      return typeof parsed.error === 'string' && (typeof parsed.message === 'string' || path.startsWith('/api/groups/')) ? undefined : where;
    } catch {
      return `${where}: not JSON`;
    }
  });
  expect(failures).toEqual([]);
}, 120_000);

test('NUL and lone surrogates in text are 400 validation_error; a malformed escape in a path is 400', async () => {
  const post = (path: string, body: string) => fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  for (const body of ['{"text":"a\\u0000b"}', '{"text":"\\ud800x"}']) {
    const res = await post('/api/channels/web/default/messages', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'validation_error' });
  }
  const login = await post('/api/auth/login', '{"username":"ad\\u0000min","password":"whatever-1"}');
  expect(login.status).toBe(400);
  expect(await login.json()).toMatchObject({ error: 'validation_error' });
  const tickets = await fetch(`${service.url}/api/attendance/tickets?category=%00`, { headers: admin });
  expect(tickets.status).toBe(400);
  const escape = await post('/api/channels/web/%E0%A4%A/messages', '{"text":"hi"}');
  expect(escape.status).toBe(400);
  expect(await escape.json()).toMatchObject({ error: 'invalid_path' });
});

test('a JSON body in a charset the depth check cannot read (utf-32) is 415 unsupported_charset, not parsed unchecked', async () => {
  const res = await fetch(`${service.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-32' }, body: '{}' });
  expect(res.status).toBe(415);
  expect(await res.json()).toMatchObject({ error: 'unsupported_charset' });
});

test('deleting a queue while members are added answers 2xx or 404/409, never 5xx', async () => {
  const user = await fetch(`${service.url}/api/users`, {
    method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'racer', email: 'racer@example.test', password: 'password-racer', roles: ['attendant'] }),
  });
  const { id: userId } = (await user.json()) as { id: string };
  const statuses: number[] = [];
  for (let round = 0; round < 10; round++) {
    const created = await fetch(`${service.url}/api/attendance/queues`, {
      method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ name: `race ${round}` }),
    });
    const { id } = (await created.json()) as { id: string };
    const answers = await Promise.all([
      fetch(`${service.url}/api/attendance/queues/${id}/members`, {
        method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ user_id: userId }),
      }),
      fetch(`${service.url}/api/attendance/queues/${id}`, { method: 'DELETE', headers: admin }),
    ]);
    statuses.push(...answers.map((a) => a.status));
  }
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.every((s) => s < 300 || s === 404 || s === 409)).toBe(true);
});
