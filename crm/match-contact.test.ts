import type { ContactKeys, MatchedContact, NewMatchedContact } from '../db/index.js';
import type { CustomerLookup } from '../engine/index.js';
import { matchContact, type MatchContactDeps } from './match-contact.js';

// Matching a conversation's customer to a contact (docs/crm.md, "Matching a conversation to its
// contact"), on an in-memory directory that keeps contacts and identities as the tables do.

interface Stored { contact: Omit<MatchedContact, 'matched_by'>; bot_id: string }

type Identities = MatchContactDeps['identities'];

class MemoryIdentities implements Identities {
  readonly contacts: Stored[] = [];
  readonly identities: { bot_id: string; contact_id: string; channel: string; external_id: string }[] = [];
  /** Makes the next create lose a race: another turn created the same phone meanwhile. */
  raceWith: Omit<MatchedContact, 'matched_by'> | undefined;

  add(bot_id: string, contact: Partial<Omit<MatchedContact, 'matched_by'>> & { id: string }): void {
    this.contacts.push({ bot_id, contact: { first_name: null, last_name: null, email: null, phone: null, ...contact } });
  }

  async find(keys: ContactKeys): Promise<MatchedContact | undefined> {
    const mine = this.contacts.filter((c) => c.bot_id === keys.bot_id);
    const identity = keys.identity && this.identities.find((i) => i.bot_id === keys.bot_id && i.channel === keys.identity!.channel && i.external_id === keys.identity!.external_id);
    const byIdentity = identity && mine.find((c) => c.contact.id === identity.contact_id);
    if (byIdentity) return { ...byIdentity.contact, matched_by: 'identity' };
    const byPhone = keys.phone && mine.find((c) => c.contact.phone === keys.phone);
    if (byPhone) return { ...byPhone.contact, matched_by: 'phone' };
    const byEmail = keys.email && mine.find((c) => c.contact.email === keys.email);
    return byEmail ? { ...byEmail.contact, matched_by: 'email' } : undefined;
  }

  async addIdentity(bot_id: string, contact_id: string, identity: { channel: string; external_id: string }): Promise<void> {
    if (!this.identities.some((i) => i.bot_id === bot_id && i.channel === identity.channel && i.external_id === identity.external_id)) {
      this.identities.push({ bot_id, contact_id, ...identity });
    }
  }

  async create(contact: NewMatchedContact): Promise<MatchedContact | undefined> {
    if (this.raceWith) {
      this.add(contact.bot_id, this.raceWith);
      this.raceWith = undefined;
      return undefined;
    }
    const stored = {
      id: `c${this.contacts.length + 1}`, first_name: contact.first_name ?? null, last_name: contact.last_name ?? null,
      email: contact.email ?? null, phone: contact.phone ?? null,
    };
    this.contacts.push({ bot_id: contact.bot_id, contact: stored });
    if (contact.identity) await this.addIdentity(contact.bot_id, stored.id, contact.identity);
    return { ...stored, matched_by: 'created' };
  }
}

const BOT = 'bot-1';
const lookup = (over: Partial<CustomerLookup> & Pick<CustomerLookup, 'channel' | 'customer'>): CustomerLookup => ({ bot_id: BOT, create: false, ...over });

let identities: MemoryIdentities;
beforeEach(() => {
  identities = new MemoryIdentities();
});

test('an sms number finds the contact with that phone in E.164, and gives the session its name', async () => {
  identities.add(BOT, { id: 'maria', first_name: 'Maria', last_name: 'Silva', phone: '+5511987654321' });
  const match = await matchContact({ identities }, lookup({ channel: 'sms', customer: { external_id: '+55 11 98765-4321', phone: '+55 11 98765-4321' } }));
  expect(match).toEqual({ customer_id: 'maria', name: 'Maria Silva', phone: '+5511987654321' });
  expect(identities.identities).toEqual([]); // the phone is the identity on sms and mobile_msg
});

test('a contact of another bot is not matched', async () => {
  identities.add('other-bot', { id: 'x', phone: '+5511987654321' });
  expect(await matchContact({ identities }, lookup({ channel: 'mobile_msg', customer: { external_id: '5511987654321', phone: '+5511987654321' } }))).toBeUndefined();
});

test('a web visitor found by email (any case) learns the visitor id, so the same browser is found without it', async () => {
  identities.add(BOT, { id: 'ana', first_name: 'Ana', email: 'ana@example.com' });
  const first = await matchContact({ identities }, lookup({ channel: 'web', customer: { external_id: 'visitor-9', email: ' Ana@Example.COM ' } }));
  expect(first).toEqual({ customer_id: 'ana', name: 'Ana', email: 'ana@example.com' });
  expect(identities.identities).toEqual([{ bot_id: BOT, contact_id: 'ana', channel: 'web', external_id: 'visitor-9' }]);
  expect(await matchContact({ identities }, lookup({ channel: 'web', customer: { external_id: 'visitor-9' } }))).toMatchObject({ customer_id: 'ana' });
});

test('bot_msg, social_dm and page_msg are found by their channel id; workchat by the AAD object id', async () => {
  identities.add(BOT, { id: 'tg' });
  identities.add(BOT, { id: 'fb' });
  identities.add(BOT, { id: 'aad' });
  await identities.addIdentity(BOT, 'tg', { channel: 'bot_msg', external_id: '4242' });
  await identities.addIdentity(BOT, 'fb', { channel: 'page_msg', external_id: 'psid-1' });
  await identities.addIdentity(BOT, 'aad', { channel: 'workchat', external_id: 'aad-carla' });
  expect(await matchContact({ identities }, lookup({ channel: 'bot_msg', customer: { external_id: '4242' } }))).toMatchObject({ customer_id: 'tg' });
  expect(await matchContact({ identities }, lookup({ channel: 'page_msg', customer: { external_id: 'psid-1' } }))).toMatchObject({ customer_id: 'fb' });
  expect(await matchContact({ identities }, lookup({ channel: 'social_dm', customer: { external_id: 'psid-1' } }))).toBeUndefined(); // ids are per page
  expect(await matchContact({ identities }, lookup({ channel: 'workchat', customer: { external_id: 'a:conv-1', directory_id: 'aad-carla' } }))).toMatchObject({ customer_id: 'aad' });
});

test('an unknown customer stays unmatched unless the bot creates contacts; then one is made from the channel', async () => {
  const customer = { external_id: '4242', display_name: 'João da Silva' };
  expect(await matchContact({ identities }, lookup({ channel: 'bot_msg', customer }))).toBeUndefined();
  expect(identities.contacts).toEqual([]);

  const created = await matchContact({ identities }, lookup({ channel: 'bot_msg', customer, create: true }));
  expect(created).toEqual({ customer_id: 'c1', name: 'João da Silva' });
  expect(identities.contacts[0]!.contact).toMatchObject({ first_name: 'João', last_name: 'da Silva' });
  expect(identities.identities).toEqual([{ bot_id: BOT, contact_id: 'c1', channel: 'bot_msg', external_id: '4242' }]);
  // The next conversation is the same contact, not a second one.
  expect(await matchContact({ identities }, lookup({ channel: 'bot_msg', customer, create: true }))).toMatchObject({ customer_id: 'c1' });
  expect(identities.contacts).toHaveLength(1);
});

test('a contact created meanwhile by another conversation with the same phone is the one matched', async () => {
  identities.raceWith = { id: 'winner', first_name: 'Bea', last_name: null, email: null, phone: '+14155550123' };
  const match = await matchContact({ identities }, lookup({ channel: 'mobile_msg', customer: { external_id: '14155550123', phone: '+14155550123' }, create: true }));
  expect(match).toEqual({ customer_id: 'winner', name: 'Bea', phone: '+14155550123' });
});

test('a number that is not a phone number is not a key', async () => {
  identities.add(BOT, { id: 'x', phone: '+5511987654321' });
  expect(await matchContact({ identities }, lookup({ channel: 'sms', customer: { external_id: 'SHORTCODE', phone: '12345' } }))).toBeUndefined();
});
