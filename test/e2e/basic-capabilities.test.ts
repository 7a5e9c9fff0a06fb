import { createUser } from '../../auth/index.js';
import { createAttendantProfilesRepo, createBotsRepo, createQueuesRepo, createUsersRepo } from '../../db/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { testPasswords } from '../support/test-passwords.js';

// GET ATTENDANTS lists the attendance's attendants to a bot's script, with their presence and
// the queues serving that bot; CREATE DRAFT keeps a draft in the mail archive; SEND FILE sends a
// file by URL in order with the TALKs; SEARCH finds rows of the bot's tables (docs/basic.md,
// "Compatibility"; docs/content.md).

const SCRIPT = [
  'everyone = GET ATTENDANTS',
  'FOR EACH a IN everyone',
  '  TALK a.name & " " & a.status & " " & a.active_conversations & " [" & JOIN(a.queues, ", ") & "]"',
  'NEXT a',
  'FOR EACH a IN GET ATTENDANTS "online"',
  '  TALK "online: " & a.name',
  'NEXT a',
  '',
].join('\n');

const DRAFT = [
  'd = CREATE DRAFT "ana@example.test; bob@example.test", "Quote 42", "Dear Ana,\\nthe quote."',
  'TALK d.folder & ": " & d.subject',
  '',
].join('\n');

const SEND = [
  'TALK "Your invoice:"',
  'SEND FILE "https://files.example/invoices/Invoice%2042.pdf", "Invoice 42"',
  'SEND FILE "https://files.example/logo.png"',
  'TALK "Anything else?"',
  '',
].join('\n');

const FIND = [
  'SAVE "Products.csv", #{name: "Dark Chocolate", brand: "Cacau"}',
  'SAVE "Products.csv", #{name: "Milk", brand: "Chocolaté Farm"}',
  'SAVE "Products.csv", #{name: "Bread", brand: "Bakery"}',
  'FOR EACH p IN SEARCH "Products.csv", "chocolate", 10',
  '  TALK p.name & " by " & p.brand',
  'NEXT p',
  '',
].join('\n');

let bots: TestBots;
let service: TestService;

beforeAll(async () => {
  bots = await createTestBots('sb-attendants-');
  await bots.add('desk', {}, SCRIPT);
  await bots.add('shop', {}, DRAFT);
  await bots.add('sender', {}, SEND);
  await bots.add('finder', {}, FIND);
  service = await startTestService({ BOTS_DIR: bots.dir });
  const db = service.database.db;
  const users = createUsersRepo(db);
  const make = (username: string, roles: ('attendant' | 'supervisor')[]) => createUser({ users, passwords: testPasswords }, { username, email: `${username}@example.test`, password: 'password-for-tests', roles });
  const [ana, bob] = [await make('ana', ['attendant']), await make('bob', ['supervisor'])];
  await make('cid', []); // not an attendant: never listed
  const profiles = createAttendantProfilesRepo(db);
  await profiles.upsert(ana.id, { name: 'Ana Lima', status: 'online', department: 'sales' });
  await profiles.upsert(bob.id, { name: 'Bob Reis', status: 'away' });
  const stored = createBotsRepo(db);
  const [desk, shop] = [(await stored.findByName('desk'))!, (await stored.findByName('shop'))!];
  const queues = createQueuesRepo(db);
  const everyBot = await queues.create({ name: 'General', channels: ['web'] });
  const deskSales = await queues.create({ name: 'Sales', channels: ['web'], bot_id: desk.id });
  const shopOnly = await queues.create({ name: 'Shop', channels: ['web'], bot_id: shop.id });
  await queues.addMember({ queue_id: everyBot.id, user_id: ana.id });
  await queues.addMember({ queue_id: deskSales.id, user_id: ana.id });
  await queues.addMember({ queue_id: shopOnly.id, user_id: bob.id });
  await queues.addMember({ queue_id: deskSales.id, user_id: bob.id, is_active: false });
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

test('GET ATTENDANTS gives the attendants online first with status, load and the queues serving the bot; a status keeps only those in it', async () => {
  const answer = await sayOnWeb(service.url, 'desk', 'hi');
  expect(answer.replies.map((r) => r.text)).toEqual([
    'Ana Lima online 0 [General, Sales]',
    'Bob Reis away 0 []',
    'online: Ana Lima',
  ]);
});

test('CREATE DRAFT keeps an unsent draft in the administrator\'s mail archive, folder Drafts', async () => {
  const answer = await sayOnWeb(service.url, 'shop', 'hi');
  expect(answer.replies.map((r) => r.text)).toEqual(['Drafts: Quote 42']);
  const auth = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const listed = (await (await fetch(`${service.url}/api/mail/messages?folder=Drafts`, { headers: auth })).json()) as { messages: { id: string; subject: string; to: string[]; flags: string[]; date: string | null }[] };
  expect(listed.messages).toEqual([expect.objectContaining({ subject: 'Quote 42', to: ['ana@example.test', 'bob@example.test'], flags: ['\\Draft'], date: null })]);
  const body = (await (await fetch(`${service.url}/api/mail/messages/${listed.messages[0]!.id}`, { headers: auth })).json()) as { body_text: string };
  expect(body.body_text).toBe('Dear Ana,\nthe quote.');
});

test('SEND FILE puts the file on a reply by its URL, the caption as its text, in order with the TALKs', async () => {
  const answer = await sayOnWeb(service.url, 'sender', 'hi');
  expect(answer.replies).toEqual([
    { text: 'Your invoice:' },
    { text: 'Invoice 42', attachments: [{ type: 'file', url: 'https://files.example/invoices/Invoice%2042.pdf', name: 'Invoice 42.pdf' }] },
    { text: '', attachments: [{ type: 'image', url: 'https://files.example/logo.png', name: 'logo.png' }] },
    { text: 'Anything else?' },
  ]);
});

test('SEARCH finds the rows of the bot\'s table holding the words, accents and case ignored', async () => {
  const answer = await sayOnWeb(service.url, 'finder', 'hi');
  expect(answer.replies.map((r) => r.text)).toEqual(['Dark Chocolate by Cacau', 'Milk by Chocolaté Farm']);
});
