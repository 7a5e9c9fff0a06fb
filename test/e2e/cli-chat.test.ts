import { chatCommand } from '../../bin/chat-command.js';
import { startKit, type Kit } from '../support/attendance-kit.js';
import { cliIo } from '../support/cli-io.js';
import { waitFor } from '../support/wait-for.js';

// `switchboard chat <bot>` against a real service: HTTP for the visitor's messages, the session's
// socket for what attendants and the system say. Run in this process (the command is a function
// of its streams), so the suite starts one service and no child CLI.

let kit: Kit;
beforeAll(async () => { kit = await startKit(); });
afterAll(async () => { await kit.service.dispose(); });

/** The command on streams: lines are typed with `type`, the printed text accumulates in `out`. */
function startChat(args: string[]) {
  const streams = cliIo();
  const exit = chatCommand(args, streams.io, {});
  return {
    type: (line: string) => streams.type(line),
    end: () => { streams.end(); return exit; },
    get out() { return streams.stdout; },
    get err() { return streams.stderr; },
  };
}

test('a visitor chats with the default bot, is handed to a person, and sees what the attendant says', async () => {
  const chat = startChat(['default', '--url', kit.service.url, '--name', 'Ana']);
  chat.type('hi');
  await waitFor(() => chat.out.includes('bot> How can I help you?'), 'the greeting and the menu');
  expect(chat.out.split('\n').slice(0, 4)).toEqual([
    `Chatting with "default" at ${kit.service.url} as a web visitor. Ctrl-D ends.`,
    'bot> Hello, Ana! I am the Switchboard demo bot.',
    'bot> How can I help you?',
    '     [Opening hours] [Order status] [Talk to a person]',
  ]);

  chat.type('Talk to a person');
  const queued = async () => ((await kit.call('GET', '/api/attendance/queue', kit.admin)).body as unknown as unknown[]).length;
  await waitFor(async () => (await queued()) > 0, 'the conversation in the queue');
  // The admin of the first start takes it, as README's first minutes do.
  const taken = await kit.command(kit.admin, '/take');
  expect(taken).toMatchObject({ ok: true });
  await kit.command(kit.admin, '/resolve', taken.session_id);
  // The survey after a person's attendance comes from the system, over the socket.
  await waitFor(() => /system> .*0 to 10/.test(chat.out), { what: () => `the survey question in:\n${chat.out}` });
  chat.type('9');
  await waitFor(() => /Thank/i.test(chat.out), { what: () => `the survey's thanks in:\n${chat.out}` });
  expect(await chat.end()).toBe(0);
  expect(chat.err).toBe('');
  // Every line printed once: the socket's copies of the bot's replies are left out.
  expect(chat.out.match(/Hello, Ana!/g)).toHaveLength(1);
});

test('an unknown bot is the server\'s 404, and the command fails', async () => {
  const chat = startChat(['nobody', '--url', kit.service.url]);
  chat.type('hi');
  expect(await chat.end()).toBe(1);
  expect(chat.err).toMatch(/^404 /);
});

test('without a bot the usage is printed (exit 2)', async () => {
  const chat = startChat([]);
  expect(await chat.end()).toBe(2);
  expect(chat.err).toMatch(/Usage: switchboard chat <bot>/);
});
