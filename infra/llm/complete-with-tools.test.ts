import { startFakeOpenAi, type FakeOpenAi } from '../../test/support/fake-openai.js';
import { completeWithTools, type ModelTool } from './complete-with-tools.js';
import { createLlmClient, LlmError } from './llm-client.js';

let fake: FakeOpenAi;
beforeAll(async () => { fake = await startFakeOpenAi(); });
afterAll(async () => { await fake.close(); });

const client = () => createLlmClient({ url: fake.url, model: 'tool-model', timeoutMs: 2000, allowPrivateNetworks: true })!;
const ask = [{ role: 'user' as const, content: 'What is 2 + 3?' }];
const calls: Record<string, unknown>[] = [];
const add: ModelTool = {
  name: 'add', description: 'Adds two numbers', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  async run(args) {
    calls.push(args);
    if (args.a === 0) throw new Error('zero is not allowed');
    return (args.a as number) + (args.b as number);
  },
};

test('a tool call runs the tool; its result goes back as a tool message and the final text is the answer', async () => {
  fake.answer((request) => (request.messages.some((m) => m.role === 'tool') ? { text: 'It is 5.' } : { tool_calls: [{ name: 'add', arguments: { a: 2, b: 3 } }] }));
  const before = fake.requests.length;
  expect(await completeWithTools(client(), ask, [add])).toBe('It is 5.');
  const [first, second] = fake.requests.slice(before);
  expect(first!.tools).toEqual([{ type: 'function', function: { name: 'add', description: 'Adds two numbers', parameters: add.parameters } }]);
  expect(second!.messages.slice(1)).toEqual([
    { role: 'assistant', content: null, tool_calls: [{ id: expect.any(String), type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } }] },
    { role: 'tool', tool_call_id: second!.messages[1]!.tool_calls![0]!.id, content: '5' },
  ]);
  expect(calls.at(-1)).toEqual({ a: 2, b: 3 });
});

test('an unknown tool, a failing tool and arguments that are no object answer the model with an error it can read', async () => {
  fake.answer((request) => {
    if (request.messages.some((m) => m.role === 'tool')) return { text: request.messages.filter((m) => m.role === 'tool').map((m) => m.content).join(' | ') };
    return { tool_calls: [{ name: 'subtract', arguments: {} }, { name: 'add', arguments: { a: 0, b: 1 } }, { name: 'add', arguments: [1, 2] }] };
  });
  expect(await completeWithTools(client(), ask, [add])).toBe(
    '{"error":"no such tool"} | {"error":"zero is not allowed"} | {"error":"the arguments must be a JSON object"}',
  );
});

test('no tools: a plain completion; a model that keeps calling tools is stopped after five rounds', async () => {
  fake.answer(() => ({ text: 'plain' }));
  const before = fake.requests.length;
  expect(await completeWithTools(client(), ask, [])).toBe('plain');
  expect(fake.requests[before]!.tools).toBeUndefined();
  fake.answer(() => ({ tool_calls: [{ name: 'add', arguments: { a: 1, b: 1 } }] }));
  const error = await completeWithTools(client(), ask, [add]).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LlmError);
  expect((error as LlmError).message).toBe('The model was still calling tools after 5 rounds');
});
