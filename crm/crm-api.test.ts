import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../infra/errors.js';
import { createCrmApi, type CrmBot } from './crm-api.js';
import { mergedFields } from './contacts/merge-contacts.js';
import { createMemoryCrmStores } from './memory-crm-stores.js';

const SHOP: CrmBot = { id: '11111111-1111-4111-8111-111111111111', name: 'shop', config: { 'crm-enabled': true, 'crm-default-country': 'BR' } };
const OFF: CrmBot = { id: '22222222-2222-4222-8222-222222222222', name: 'off', config: { 'crm-enabled': false } };
const SUPERVISOR = { user_id: 'u1', roles: ['supervisor'] };
const ATTENDANT = { user_id: 'u2', roles: ['attendant'] };

function setup() {
  const stores = createMemoryCrmStores();
  const bots = [SHOP, OFF];
  const crm = createCrmApi({ stores, bots: { all: bots, find: (ref) => bots.find((b) => b.id === ref || b.name === ref) } });
  return { stores, crm };
}

describe('contacts', () => {
  test('stored with an E.164 phone and a lower-case email; a duplicate phone or email is refused naming the existing contact', async () => {
    const { crm } = setup();
    const maria = await crm.contacts.create({ bot: 'shop', fields: { first_name: 'Maria', phone: '(11) 98765-4321', email: 'Maria@Example.com', tags: ['VIP'] } });
    expect(maria).toMatchObject({ phone: '+5511987654321', email: 'maria@example.com', tags: ['vip'], bot_id: SHOP.id });
    const byPhone = crm.contacts.create({ bot: 'shop', fields: { phone: '+55 11 98765 4321' } });
    await expect(byPhone).rejects.toMatchObject({ code: 'duplicate_contact', details: { field: 'phone', existing_contact_id: maria.id } });
    await expect(byPhone).rejects.toBeInstanceOf(ConflictError);
    await expect(crm.contacts.create({ bot: 'shop', fields: { email: 'MARIA@example.com ' } }))
      .rejects.toMatchObject({ code: 'duplicate_contact', details: { field: 'email', existing_contact_id: maria.id } });
    await expect(crm.contacts.create({ bot: 'shop', fields: { phone: '12' } })).rejects.toMatchObject({ code: 'invalid_phone' });
    await expect(crm.contacts.create({ bot: 'shop', fields: { email: 'nope' } })).rejects.toMatchObject({ code: 'invalid_email' });
  });

  test('an update may not take another contact\'s phone; its own is fine', async () => {
    const { crm } = setup();
    const a = await crm.contacts.create({ bot: 'shop', fields: { phone: '+5511987654321' } });
    const b = await crm.contacts.create({ bot: 'shop', fields: { phone: '+5511987654322' } });
    await expect(crm.contacts.update({ actor: SUPERVISOR, id: b.id, changes: { phone: '11 98765-4321' } }))
      .rejects.toMatchObject({ code: 'duplicate_contact', details: { existing_contact_id: a.id } });
    expect(await crm.contacts.update({ actor: SUPERVISOR, id: a.id, changes: { phone: '+5511987654321', tier: 'gold' } })).toMatchObject({ tier: 'gold' });
  });

  test('attendants change tags only', async () => {
    const { crm } = setup();
    const a = await crm.contacts.create({ bot: 'shop', fields: { first_name: 'Ana' } });
    expect((await crm.contacts.update({ actor: ATTENDANT, id: a.id, changes: { tags: ['Callback'] } })).tags).toEqual(['callback']);
    await expect(crm.contacts.update({ actor: ATTENDANT, id: a.id, changes: { tags: [], note: 'x' } })).rejects.toBeInstanceOf(ForbiddenError);
  });

  test('search by name, phone in any spelling, email, tag, with paging', async () => {
    const { crm } = setup();
    for (let i = 0; i < 5; i++) {
      await crm.contacts.create({ bot: 'shop', fields: { first_name: `Ana${i}`, last_name: 'Souza', phone: `+551198765432${i}`, email: `ana${i}@x.test`, tags: i % 2 ? ['vip'] : [] } });
    }
    expect((await crm.contacts.list({ bot: 'shop', filter: { name: 'ana3 souza' }, page: 1, limit: 20 })).total).toBe(1);
    expect((await crm.contacts.list({ bot: 'shop', filter: { phone: '(11) 98765-4322' }, page: 1, limit: 20 })).contacts[0]!.first_name).toBe('Ana2');
    expect((await crm.contacts.list({ bot: 'shop', filter: { email: 'ANA4@x.test' }, page: 1, limit: 20 })).total).toBe(1);
    expect((await crm.contacts.list({ bot: 'shop', filter: { tag: 'VIP' }, page: 1, limit: 20 })).total).toBe(2);
    const second = await crm.contacts.list({ bot: 'shop', filter: { name: 'souza' }, page: 2, limit: 2 });
    expect({ total: second.total, n: second.contacts.length, page: second.page, limit: second.limit }).toEqual({ total: 5, n: 2, page: 2, limit: 2 });
  });

  test('a bot whose crm-enabled is false answers crm_disabled; an unknown bot is 404; with two bots the bot is required', async () => {
    const { crm } = setup();
    await expect(crm.contacts.create({ bot: 'off', fields: { first_name: 'x' } })).rejects.toMatchObject({ code: 'crm_disabled' });
    await expect(crm.contacts.list({ bot: 'nobody', filter: {}, page: 1, limit: 20 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(crm.contacts.list({ filter: {}, page: 1, limit: 20 })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('merge', () => {
  test('empty fields are filled from the other, tags united, custom fields added; deals move; the other is deleted', async () => {
    const { crm, stores } = setup();
    const keep = await crm.contacts.create({ bot: 'shop', fields: { first_name: 'Maria', phone: '+5511987654321', tags: ['vip'], custom_fields: { a: 1 } } });
    const from = await crm.contacts.create({
      bot: 'shop', fields: { first_name: 'M.', last_name: 'Silva', email: 'm@x.test', tier: 'gold', tags: ['late', 'vip'], custom_fields: { a: 2, b: true } },
    });
    const deal = await crm.deals.create({ bot: 'shop', fields: { name: 'Sofa', contact_id: from.id } });
    const merged = await crm.contacts.merge({ id: keep.id, from: from.id });
    expect(merged).toMatchObject({
      first_name: 'Maria', last_name: 'Silva', email: 'm@x.test', phone: '+5511987654321', tier: 'gold', tags: ['vip', 'late'], custom_fields: { a: 1, b: true },
    });
    expect(stores.deals.get(deal.id)!.contact_id).toBe(keep.id);
    await expect(crm.contacts.get(from.id)).rejects.toMatchObject({ code: 'contact_not_found' });
    await expect(crm.contacts.merge({ id: keep.id, from: keep.id })).rejects.toBeInstanceOf(ValidationError);
  });

  test('mergedFields changes nothing the kept contact has', async () => {
    const { crm } = setup();
    const a = await crm.contacts.create({ bot: 'shop', fields: { first_name: 'A', tags: ['x'] } });
    const b = await crm.contacts.create({ bot: 'shop', fields: { first_name: 'B', tags: ['x'] } });
    expect(mergedFields(a, b)).toEqual({});
  });
});

describe('deals and stages', () => {
  test('a deal\'s stage must exist; moving changes it; stages keep probability 0-100 and a full reorder', async () => {
    const { crm } = setup();
    const lead = await crm.stages.create({ fields: { name: 'lead', probability: 10 } });
    const won = await crm.stages.create({ fields: { name: 'won', probability: 100 } });
    expect([lead.order_index, won.order_index]).toEqual([0, 1]);
    await expect(crm.stages.create({ fields: { name: 'lead' } })).rejects.toMatchObject({ code: 'duplicate_stage' });
    await expect(crm.deals.create({ bot: 'shop', fields: { name: 'X', stage: 'nope' } })).rejects.toMatchObject({ code: 'unknown_stage' });
    const deal = await crm.deals.create({ bot: 'shop', fields: { name: 'X', stage: 'lead', value: 100 } });
    expect((await crm.deals.move({ id: deal.id, stage: 'won' })).stage).toBe('won');
    await expect(crm.deals.move({ id: deal.id, stage: 'lost' })).rejects.toMatchObject({ code: 'unknown_stage' });
    expect((await crm.stages.reorder({ ids: [won.id, lead.id] })).map((s) => s.name)).toEqual(['won', 'lead']);
    await expect(crm.stages.reorder({ ids: [won.id] })).rejects.toBeInstanceOf(ValidationError);
    await expect(crm.deals.create({ bot: 'off', fields: { name: 'Y' } })).rejects.toMatchObject({ code: 'crm_disabled' });
  });
});
