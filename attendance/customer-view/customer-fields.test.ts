import { buildCustomerView, cardFacts, fieldRecord, fieldText, type CustomerSources } from './customer-fields.js';

const SESSION = '3f9a2c71-0d4e-4b8a-9c1f-2a6b7c8d9e0f';
const CONTACT = '11111111-2222-4333-8444-555555555555';

const session = (extra: Partial<CustomerSources['session']> = {}): CustomerSources['session'] => ({
  id: SESSION, channel: 'web', external_user_id: 'visitor-77', customer_id: null, context_data: {}, ...extra,
});
const contact = (extra: Partial<NonNullable<CustomerSources['contact']>> = {}): NonNullable<CustomerSources['contact']> => ({
  id: CONTACT, first_name: 'Maria', last_name: 'Souza', email: 'maria@example.com', phone: '+5511987650001', tier: 'gold', ltv: 1200.5,
  last_purchase: '2026-10-01', tags: ['vip', 'late-order'], custom_fields: { favourite: 'pizza' }, note: 'Prefers email', ...extra,
});
const DEFAULT = ['name', 'email', 'phone', 'tier', 'ltv'];

describe('the customer view', () => {
  test('the default fields, from the contact, in the configured order', () => {
    const view = buildCustomerView({ session: session({ customer_id: CONTACT }), contact: contact() }, DEFAULT);
    expect(view).toEqual({
      session_id: SESSION, channel: 'web', contact_id: CONTACT, name: 'Maria Souza',
      fields: [
        { key: 'name', label: 'Name', value: 'Maria Souza' },
        { key: 'email', label: 'Email', value: 'maria@example.com' },
        { key: 'phone', label: 'Phone', value: '+5511987650001' },
        { key: 'tier', label: 'Tier', value: 'gold' },
        { key: 'ltv', label: 'Lifetime value', value: 1200.5 },
      ],
      tags: ['vip', 'late-order'], note: 'Prefers email',
    });
  });

  test('only the listed fields; blank and repeated names are skipped; unknown names read custom fields, then the session', () => {
    const view = buildCustomerView(
      { session: session({ context_data: { loyalty: 'silver', favourite: 'pasta' } }), contact: contact() },
      ['tier', ' ', 'tags', 'tier', 'last_purchase', 'customer_id', 'favourite', 'loyalty', 'nothing'],
    );
    expect(fieldRecord(view)).toEqual({
      tier: 'gold', tags: ['vip', 'late-order'], last_purchase: '2026-10-01', customer_id: CONTACT, favourite: 'pizza', loyalty: 'silver', nothing: null,
    });
    expect(view.fields.find((f) => f.key === 'favourite')!.label).toBe('favourite');
  });

  test('without a contact: what the channel and scripts kept in the session, and the campaign fields', () => {
    const context_data = {
      customer_name: 'Maria', customer_email: 'maria@example.com', customer_tier: 'premium', customer_lifetime_value: '300',
      campaign_id: 'c-1', campaign_name: 'Black Friday', utm_source: 'facebook', utm_medium: 'cpc', ad_id: 'ad-9', segment: 'returning', lead_source: 'ad',
    };
    const names = ['name', 'email', 'phone', 'tier', 'ltv', 'last_purchase', 'tags', 'campaign_id', 'campaign_name', 'utm_source', 'utm_medium', 'ad_id', 'segment', 'lead_source'];
    const view = buildCustomerView({ session: session({ context_data }), contact: null }, names);
    expect(fieldRecord(view)).toEqual({
      name: 'Maria', email: 'maria@example.com', phone: null, tier: 'premium', ltv: 300, last_purchase: null, tags: [],
      campaign_id: 'c-1', campaign_name: 'Black Friday', utm_source: 'facebook', utm_medium: 'cpc', ad_id: 'ad-9', segment: 'returning', lead_source: 'ad',
    });
    expect(view).toMatchObject({ contact_id: null, tags: [], note: null });
  });

  test('the session keys a script sets show when the bot lists them (docs/crm.md, "Script keys and keywords")', () => {
    const context_data = { meeting_room: 'room-7', meeting_url: 'https://meet.example.com/room-7', voice_response: true, needs_human: true, lead_source: 'instagram' };
    const view = buildCustomerView({ session: session({ context_data }), contact: null }, ['meeting_room', 'meeting_url', 'voice_response', 'needs_human', 'lead_source']);
    expect(fieldRecord(view)).toEqual({
      meeting_room: 'room-7', meeting_url: 'https://meet.example.com/room-7', voice_response: 'true', needs_human: 'true', lead_source: 'instagram',
    });
  });

  test('the phone of an sms or mobile_msg customer is their channel id, as E.164; a web visitor id is no phone', () => {
    expect(fieldRecord(buildCustomerView({ session: session({ channel: 'sms', external_user_id: '+55 11 98765-0002' }) }, ['phone']))).toEqual({ phone: '+5511987650002' });
    expect(fieldRecord(buildCustomerView({ session: session({ channel: 'mobile_msg', external_user_id: '5511987650003' }) }, ['phone']))).toEqual({ phone: '+5511987650003' });
    expect(fieldRecord(buildCustomerView({ session: session({ external_user_id: '5511987650003' }) }, ['phone']))).toEqual({ phone: null });
  });

  test('the contact wins over what scripts set; a nameless customer is shown by channel and short id', () => {
    const view = buildCustomerView(
      { session: session({ context_data: { customer_tier: 'standard', customer_lifetime_value: 10 } }), contact: contact({ first_name: null, last_name: null }) },
      ['name', 'tier', 'ltv'],
    );
    expect(fieldRecord(view)).toEqual({ name: 'web · 3f9a2c', tier: 'gold', ltv: 1200.5 });
  });

  test('as text and on cards: unknown is "—" in text and left off cards, and the name is the card title, not a fact', () => {
    expect(fieldText(null)).toBe('—');
    expect(fieldText([])).toBe('—');
    expect(fieldText(['a', 'b'])).toBe('a, b');
    expect(fieldText(12.5)).toBe('12.5');
    const view = buildCustomerView({ session: session(), contact: contact({ email: null, tags: [] }) }, ['name', 'email', 'tier', 'tags', 'ltv']);
    expect(cardFacts(view)).toEqual([{ title: 'Tier', value: 'gold' }, { title: 'Lifetime value', value: '1200.5' }]);
  });
});
