import { anonymousName, customerDisplayName, shortId } from './display-name.js';

const SESSION = '3f9a2c71-0d4e-4b8a-9c1f-2a6b7c8d9e0f';

describe("the customer's display name", () => {
  test("the CRM contact's first and last name come first", () => {
    expect(customerDisplayName({ contact: { first_name: 'Maria', last_name: 'Souza' }, context_data: { customer_name: 'Mary' }, channel: 'web', session_id: SESSION }))
      .toBe('Maria Souza');
    expect(customerDisplayName({ contact: { first_name: ' Maria ', last_name: null }, channel: 'web', session_id: SESSION })).toBe('Maria');
    expect(customerDisplayName({ contact: { first_name: null, last_name: 'Souza' }, channel: 'web', session_id: SESSION })).toBe('Souza');
  });

  test("else the session's customer_name, trimmed", () => {
    expect(customerDisplayName({ contact: { first_name: '', last_name: ' ' }, context_data: { customer_name: ' Maria ' }, channel: 'web', session_id: SESSION }))
      .toBe('Maria');
    expect(customerDisplayName({ contact: null, context_data: { customer_name: 'Maria' }, channel: 'sms', session_id: SESSION })).toBe('Maria');
  });

  test('else the channel and a short id — never the bare UUID or a blank or non-text name', () => {
    expect(shortId(SESSION)).toBe('3f9a2c');
    expect(anonymousName('web', SESSION)).toBe('web · 3f9a2c');
    for (const context_data of [undefined, {}, { customer_name: '   ' }, { customer_name: 42 }, { customer_name: null }]) {
      expect(customerDisplayName({ context_data, channel: 'bot_msg', session_id: SESSION })).toBe('bot_msg · 3f9a2c');
    }
    expect(shortId('3F9A2C71-0D4E')).toBe('3f9a2c');
  });
});
