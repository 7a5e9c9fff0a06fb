import { startFakeOpenAi, type FakeOpenAi } from '../../test/support/fake-openai.js';
import { createLlmClient, LlmError } from './llm-client.js';
import { createLlmClients } from './llm-clients.js';

let fake: FakeOpenAi;
beforeAll(async () => { fake = await startFakeOpenAi(); });
afterAll(async () => { await fake.close(); });

// The fake listens on 127.0.0.1, so these settings allow private networks, as a local model server needs.
const settings = () => ({ url: fake.url, key: 'sk-test', model: 'test-model', timeoutMs: 300, allowPrivateNetworks: true });
const ask = [{ role: 'user' as const, content: 'Say hi as JSON' }];

test('no URL and no key: no model', () => {
  expect(createLlmClient({ model: 'm', timeoutMs: 1000, allowPrivateNetworks: false })).toBeUndefined();
});

test('json() sends the model, the messages and response_format json_object, and parses the answer', async () => {
  fake.answer(() => ({ json: { greeting: 'hi' } }));
  const before = fake.requests.length;
  expect(await createLlmClient(settings())!.json(ask)).toEqual({ greeting: 'hi' });
  const request = fake.requests[before]!;
  expect(request).toMatchObject({ model: 'test-model', messages: ask, response_format: { type: 'json_object' }, authorization: 'Bearer sk-test' });
});

test('a JSON answer inside a Markdown fence is accepted; text() returns plain text', async () => {
  fake.answer(() => ({ text: '```json\n{"a":1}\n```' }));
  expect(await createLlmClient(settings())!.json(ask)).toEqual({ a: 1 });
  fake.answer(() => ({ text: 'Hello there' }));
  expect(await createLlmClient(settings())!.text(ask)).toBe('Hello there');
  expect(fake.requests.at(-1)!.response_format).toBeUndefined();
});

test.each([
  ['garbage', { text: 'I am not JSON' }, 'invalid_answer'],
  ['an HTTP error', { status: 500 }, 'unavailable'],
  ['a stall', { stall: true as const }, 'timeout'],
])('%s becomes LlmError %s, asked exactly once (no retries)', async (_name, answer, reason) => {
  fake.answer(() => answer);
  const before = fake.requests.length;
  const error = await createLlmClient(settings())!.json(ask).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LlmError);
  expect((error as LlmError).reason).toBe(reason);
  expect(fake.requests.length - before).toBe(1);
});

test('clients are shared per setting', () => {
  const clients = createLlmClients();
  expect(clients.forSettings(settings())).toBe(clients.forSettings(settings()));
  expect(clients.forSettings({ ...settings(), model: 'other' })).not.toBe(clients.forSettings(settings()));
  expect(clients.forSettings({ model: 'm', timeoutMs: 1, allowPrivateNetworks: false })).toBeUndefined();
});

test('the outbound guard: loopback needs allowPrivateNetworks; metadata addresses are refused always; nothing is sent', async () => {
  const before = fake.requests.length;
  for (const [url, allowPrivateNetworks] of [[fake.url, false], ['http://169.254.169.254/v1', true], ['http://metadata.google.internal/v1', true]] as const) {
    const error = await createLlmClient({ ...settings(), url, allowPrivateNetworks })!.text(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).message).toMatch(/not allowed/);
  }
  expect(fake.requests.length).toBe(before);
});
