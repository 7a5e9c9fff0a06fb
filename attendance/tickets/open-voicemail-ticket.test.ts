import { conversation, fakeConversations, fakeRepositories } from '../../test/support/attendance-fakes.js';
import type { TicketRow } from '../../db/index.js';
import { openVoicemailTicket } from './open-voicemail-ticket.js';

// A caller's voicemail becomes a ticket (docs/channels/rtc-sip.md, "Voicemail"), on in-memory repositories.

const now = () => new Date('2026-01-01T12:00:00Z');
const recording = { url: 'https://example.test/api/drive/files/phone/voicemail/a.wav?x', path: 'voicemail/a.wav', mime_type: 'audio/wav', duration_seconds: 7 };

function setup(contact?: { id: string; phone: string | null; email: string | null }) {
  const conversations = fakeConversations([conversation('s-1', { channel: 'rtc_sip' })]);
  const log: string[] = [];
  const tickets: Partial<TicketRow>[] = [];
  const announced: string[] = [];
  const repos = fakeRepositories({
    conversations,
    sessions: { findById: async (id: string) => (id === 's-1' ? { id, bot_id: 'bot-1', channel: 'rtc_sip', customer_id: contact?.id ?? null } : undefined) as never },
    crm: { getContact: async (id: string) => (contact?.id === id ? contact : undefined) as never },
    tickets: { create: async (values) => { tickets.push(values); return { id: 't-1', ticket_number: 1, status: 'open', ...values } as TicketRow; } },
    events: { append: async (event) => { log.push(event.type); return undefined as never; } },
  });
  const deps = { repos, now, config: () => undefined, onTicketChange: async (change: { change: string }) => { announced.push(change.change); } };
  return { conversations, log, tickets, announced, deps };
}

test('the conversation leaves the queue, then an open voicemail ticket holds the transcript and the recording', async () => {
  const { conversations, log, tickets, announced, deps } = setup({ id: 'c-1', phone: '+15550199', email: 'maria@example.test' });
  const ticket = await openVoicemailTicket(deps, { session_id: 's-1', caller: '+15550199', transcript: 'Please call me back.', recording });
  expect(conversations.rows.get('s-1')?.status).toBe('resolved');
  // Resolved before the ticket exists, so the conversation's resolve cannot resolve it.
  expect(log).toEqual(['resolved', 'ticket_created']);
  expect(tickets).toEqual([expect.objectContaining({
    session_id: 's-1', subject: 'Voicemail from +15550199', description: 'Please call me back.', assigned_to: null, channel: 'rtc_sip',
    customer_id: 'c-1', contact_phone: '+15550199', contact_email: 'maria@example.test', tags: ['voicemail'],
    custom_fields: { voicemail: { transcript: 'Please call me back.', recording } },
  })]);
  expect(ticket.status).toBe('open');
  expect(announced).toEqual(['created']);
});

test('a caller without a contact: the number is the ticket\'s phone; no words heard, no description', async () => {
  const { tickets, deps } = setup();
  await openVoicemailTicket(deps, { session_id: 's-1', caller: '+15550123', transcript: '  ', recording });
  expect(tickets[0]).toMatchObject({ customer_id: null, contact_phone: '+15550123', description: null });
  await expect(openVoicemailTicket(deps, { session_id: 's-9', caller: '+1', transcript: '', recording })).rejects.toThrow('does not exist');
});
