import { createHmac } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createBotDataRepo, createBotsRepo } from '../../db/index.js';
import { createLogger } from '../../infra/logger.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

// WEBHOOK "name", CALL "/name" and ON FORM SUBMIT "form" (docs/basic.md, "Webhooks and forms")
// through the real service: bots' scripts as HTTP endpoints, called over HTTP and from a conversation.

const HOOKS = 'hooks';
const SCRIPTS: Record<string, Record<string, string>> = {
  [HOOKS]: {
    'status.bas': [
      'WEBHOOK "status"',
      'result_status = "healthy"',
      'result_version = "1.0.0"',
      'result_method = method',
      'result_id = params.id',
      'result_event = headers.x_github_event',
      'TALK "only in the log"',
    ].join('\n'),
    'order.bas': [
      'WEBHOOK "order-received"',
      'IF ISEMPTY(body.order_id) THEN',
      '    result_status = 400',
      '    result_error = "Missing order_id"',
      '    EXIT',
      'END IF',
      'SAVE "orders", {id: body.order_id, total: body.total}',
      'result = #{status: 201, body: #{id: body.order_id, created: TRUE}, headers: #{"X-Order": body.order_id, "Set-Cookie": "no"}}',
    ].join('\n'),
    'echo.bas': ['WEBHOOK "Echo"', 'RETURN {method: method, path: path, body: body, auth: headers.authorization}'].join('\n'),
    'broken.bas': ['WEBHOOK "broken"', 'THROW "internal detail 42"'].join('\n'),
    'waits.bas': ['WEBHOOK "waits"', 'HEAR x'].join('\n'),
    'loop.bas': ['WEBHOOK "loop"', 'RETURN CALL "/loop"'].join('\n'),
    'dup-one.bas': ['WEBHOOK "dup"', 'RETURN 1'].join('\n'),
    'dup-two.bas': ['WEBHOOK "dup"', 'RETURN 2'].join('\n'),
    'contact.bas': [
      'ON FORM SUBMIT "contact" WITH VALIDATION',
      '    SAVE "leads", {name: FORM.name, email: fields.email, source: metadata.utm_source}',
      '    TALK "Thank you, " & FORM.name & "!"',
      'END ON',
      'TALK "not run for a form"',
    ].join('\n'),
  },
};
// A conversation calling the bot's webhooks in process.
const START = [
  'r = CALL "/status?id=9"',
  'TALK r.status & " " & r.id',
  'CALL "/order-received", {order_id: "C-1", total: 3}',
  'bad = CALL "/order-received", {}',
  'TALK bad.status & " " & bad.error & " " & bad.body.error',
  '',
].join('\n');

let bots: TestBots;
let service: TestService;
const log: string[] = [];

beforeAll(async () => {
  bots = await createTestBots('sb-webhooks-');
  await bots.add(HOOKS, {}, START);
  await bots.add('secure', { 'webhook-secret': 's3cret' });
  await bots.add('limited', { 'webhook-rate-limit': '2', 'webhook-rate-window-seconds': '3600' });
  for (const bot of ['secure', 'limited']) SCRIPTS[bot] = { 'echo.bas': SCRIPTS[HOOKS]!['echo.bas']! };
  for (const [bot, files] of Object.entries(SCRIPTS)) {
    for (const [file, source] of Object.entries(files)) await writeFile(path.join(bots.dir, `${bot}.gbai`, `${bot}.gbdialog`, file), `${source}\n`);
  }
  const destination = new Writable({ write(chunk: Buffer, _enc, done) { log.push(chunk.toString()); done(); } });
  service = await startTestService({ BOTS_DIR: bots.dir }, { logger: createLogger({ level: 'warn', destination }) });
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

const url = (p: string) => `${service.url}${p}`;
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const tableOf = async (bot: string, table: string) => {
  const { id } = await createBotsRepo(service.database.db).ensure(bot);
  return createBotDataRepo(service.database.db).tables(id).find(table, []);
};

describe('WEBHOOK', () => {
  test('a GET answers the result_* variables, with params, headers and method', async () => {
    const res = await fetch(url(`/api/${HOOKS}/webhook/status?id=7`), { headers: { 'X-GitHub-Event': 'push' } });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: 'healthy', version: '1.0.0', method: 'GET', id: '7', event: 'push' });
  });

  test('a POST of JSON runs the script on the bot\'s data; result {status, body, headers} is the answer', async () => {
    const res = await fetch(url(`/api/${HOOKS}/webhook/order-received`), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: 'W-1', total: 59.98 }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-order')).toBe('W-1');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await json(res)).toEqual({ id: 'W-1', created: true });
    expect(await tableOf(HOOKS, 'orders')).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'W-1', total: 59.98 })]));
  });

  test('a header value no HTTP header can carry (CR/LF, NUL, characters beyond Latin-1) is left out, not a 500', async () => {
    for (const orderId of ['注文-1', 'W-3\r\nSet-Cookie: x=1', 'W-4\u0001']) {
      const res = await fetch(url(`/api/${HOOKS}/webhook/order-received`), {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: orderId, total: 1 }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('x-order')).toBeNull();
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  test('a JSON body nested deeper than 64 levels is 400 validation_error before the script runs', async () => {
    const res = await fetch(url(`/api/${HOOKS}/webhook/order-received`), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"order_id":${'['.repeat(65)}${']'.repeat(65)}}`,
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error: 'validation_error' });
  });

  test('result_status = 400 is the HTTP status; a urlencoded body is read as fields', async () => {
    const missing = await fetch(url(`/api/${HOOKS}/webhook/order-received`), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}',
    });
    expect(missing.status).toBe(400);
    expect(await json(missing)).toEqual({ status: 400, error: 'Missing order_id' });
    const form = await fetch(url(`/api/${HOOKS}/webhook/order-received`), {
      method: 'PUT', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'order_id=W-2&total=5',
    });
    expect(form.status).toBe(201);
  });

  test('RETURN is the answer; any method; names are compared ignoring case', async () => {
    const res = await fetch(url(`/api/${HOOKS}/webhook/echo`), { method: 'PATCH', headers: { 'content-type': 'text/plain' }, body: 'plain words' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ method: 'PATCH', path: `/api/${HOOKS}/webhook/echo`, body: 'plain words', auth: null });
    expect((await fetch(url(`/api/${HOOKS}/webhook/ECHO`), { method: 'DELETE' })).status).toBe(200);
  });

  test('an unknown bot or endpoint is a 404 with the error body', async () => {
    const noName = await fetch(url(`/api/${HOOKS}/webhook/nothing-here`), { method: 'POST' });
    expect(noName.status).toBe(404);
    expect(await json(noName)).toEqual({ error: 'webhook_not_found', message: expect.stringContaining('nothing-here'), request_id: expect.any(String) });
    const noBot = await fetch(url('/api/no-such-bot/webhook/status'));
    expect(noBot.status).toBe(404);
    expect((await json(noBot)).error).toBe('bot_not_found');
  });

  test('a failing script, one stopped at HEAR, endless CALLs and a name two scripts declare: 500 that names nothing inside', async () => {
    for (const name of ['broken', 'waits', 'loop', 'dup']) {
      const res = await fetch(url(`/api/${HOOKS}/webhook/${name}`));
      expect(res.status).toBe(500);
      const body = await json(res);
      expect(body).toEqual({ error: 'script_failed', message: expect.any(String), request_id: expect.any(String) });
      expect(JSON.stringify(body)).not.toContain('internal detail');
    }
    const logged = log.join('');
    expect(logged).toContain('internal detail 42');
    expect(logged).toContain('calls of webhooks nested deeper than 3');
    // Found when the bot loaded, too.
    expect(logged).toContain('WEBHOOK \\"dup\\" is declared by dup-one.bas and dup-two.bas');
  });

  test('a body over 1 MB is refused with 413', async () => {
    const res = await fetch(url(`/api/${HOOKS}/webhook/echo`), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect((await json(res)).error).toBe('payload_too_large');
  });

  test('with webhook-secret, a request needs the bearer secret or the body\'s HMAC signature, else 401', async () => {
    const body = JSON.stringify({ hello: 'world' });
    const post = (headers: Record<string, string>) => fetch(url('/api/secure/webhook/echo'), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const none = await post({});
    expect(none.status).toBe(401);
    expect((await json(none)).error).toBe('unauthorized');
    expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post({ 'x-webhook-signature': 'sha256=00' })).status).toBe(401);

    const bearer = await post({ authorization: 'Bearer s3cret' });
    expect(bearer.status).toBe(200);
    // The script never sees the secret.
    expect(await json(bearer)).toEqual({ method: 'POST', path: '/api/secure/webhook/echo', body: { hello: 'world' }, auth: null });
    const signature = createHmac('sha256', 's3cret').update(body).digest('hex');
    expect((await post({ 'x-webhook-signature': `sha256=${signature}` })).status).toBe(200);
    // An unknown name is not told apart without the secret.
    expect((await fetch(url('/api/secure/webhook/nothing'))).status).toBe(401);
  });

  test('webhook-rate-limit per client address: the next request is a 429 with the rate-limit body', async () => {
    expect((await fetch(url('/api/limited/webhook/echo'))).status).toBe(200);
    expect((await fetch(url('/api/limited/webhook/echo'))).status).toBe(200);
    const refused = await fetch(url('/api/limited/webhook/echo'));
    expect(refused.status).toBe(429);
    expect(await json(refused)).toEqual(expect.objectContaining({ error: 'rate_limit_exceeded', limit: 2, window: '1h', retry_after: expect.any(Number) }));
  });
});

describe('CALL "/name"', () => {
  test('a conversation calls the bot\'s WEBHOOK scripts in process and gets their answers as values', async () => {
    const answer = await sayOnWeb(service.url, HOOKS, 'hi');
    expect(answer.replies.map((r) => r.text)).toEqual(['healthy 9', '400 Missing order_id Missing order_id']);
    expect(await tableOf(HOOKS, 'orders')).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'C-1', total: 3 })]));
  });
});

describe('ON FORM SUBMIT', () => {
  const post = (form: string, body: string, type = 'application/x-www-form-urlencoded', query = '') =>
    fetch(url(`/api/${HOOKS}/forms/${form}${query}`), { method: 'POST', headers: { 'content-type': type, origin: 'null' }, body, redirect: 'manual' });

  test('a urlencoded post runs the block with FORM, fields and metadata; the acknowledgement carries its TALK lines', async () => {
    const res = await post('contact', 'name=Ana&email=ana%40example.com', undefined, '?utm_source=ads');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await json(res)).toEqual({ success: true, form: 'contact', messages: ['Thank you, Ana!'] });
    expect(await tableOf(HOOKS, 'leads')).toEqual([{ name: 'Ana', email: 'ana@example.com', source: 'ads' }]);
  });

  test('JSON works too; WITH VALIDATION refuses a bad email with 400 before the block runs', async () => {
    const bad = await post('contact', JSON.stringify({ name: 'Bo', email: 'not-an-email' }), 'application/json');
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual(expect.objectContaining({ error: 'invalid_form', issues: [{ path: 'email', message: 'not an email address' }] }));
    // The address rule is HEAR … AS EMAIL's: a one-letter top-level domain or a space is no address.
    for (const email of ['bo@example.c', 'bo @example.com']) {
      expect((await post('contact', JSON.stringify({ name: 'Bo', email }), 'application/json')).status).toBe(400);
    }
    expect(await tableOf(HOOKS, 'leads')).toHaveLength(1);
  });

  test('a _next path on this server is a 303 back to it; another host is ignored', async () => {
    const back = await post('contact', 'name=Cy&_next=%2Fsites%2Fhooks%2Fpromo%2Fthanks.html');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/sites/hooks/promo/thanks.html');
    const elsewhere = await post('contact', 'name=Di&_next=%2F%2Fevil.example%2F');
    expect(elsewhere.status).toBe(200);
    const leads = await tableOf(HOOKS, 'leads');
    expect(leads.map((l) => l.name)).toEqual(['Ana', 'Cy', 'Di']);
  });

  test('the OpenAPI document lists both entry points', async () => {
    const paths = ((await json(await fetch(url('/api/openapi.json')))).paths ?? {}) as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/{bot}/webhook/{name}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
    expect(Object.keys(paths['/api/{bot}/forms/{form}'] ?? {})).toEqual(['post']);
  });

  test('an unknown form is a 404 with the error body', async () => {
    const res = await post('newsletter', 'email=a%40b.co');
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: 'form_not_found', message: expect.stringContaining('newsletter'), request_id: expect.any(String) });
  });
});
