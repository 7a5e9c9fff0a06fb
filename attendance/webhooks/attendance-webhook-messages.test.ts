import type { ConversationRow } from '../../db/index.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from '../conversation-events.js';
import { buildCustomerView } from '../customer-view/customer-fields.js';
import { conversationMessages, webhookCustomer } from './attendance-webhook-messages.js';

const SESSION = '3f9a2c71-0d4e-4b8a-9c1f-2a6b7c8d9e0f';
const row = { session_id: SESSION, bot_id: 'b-1', channel: 'sms', priority: 1, topic: null } as unknown as ConversationRow;
const queued = { name: CONVERSATION_EVENTS.queued, payload: { session_id: SESSION, from: 'none', to: 'waiting', at: '2026-11-25T10:00:00.000Z' } } as unknown as ConversationEvent;

describe('attendance webhook payloads', () => {
  test("a conversation event carries the customer: display name, contact and the configured fields", () => {
    const view = buildCustomerView({
      session: { id: SESSION, channel: 'sms', external_user_id: '+5511987650001', customer_id: null, context_data: { customer_name: 'Maria', campaign_id: 'c-1' } },
      contact: null,
    }, ['phone', 'tier', 'campaign_id']);
    const [message] = conversationMessages(row, [queued], webhookCustomer(view));
    expect(message!.data.customer).toEqual({ name: 'Maria', contact_id: null, phone: '+5511987650001', tier: null, campaign_id: 'c-1' });
  });

  test('without a customer the payload is as before', () => {
    expect(conversationMessages(row, [queued])[0]!.data).not.toHaveProperty('customer');
  });
});
