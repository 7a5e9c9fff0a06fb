import { formatDuration, renderEmail, type ConversationFacts } from './email-templates.js';

const conversation: ConversationFacts = {
  session_id: '6f1c2d3e-0000-4000-8000-000000000001', channel: 'web', customer_name: 'Maria <Silva>',
  last_message: 'Where is my order?', waiting_seconds: 305,
};

describe('attendance email templates', () => {
  test('every kind names the customer, channel, last message, waiting time and session id', () => {
    for (const notice of [
      { kind: 'new_assignment', conversation, attendant_name: 'Ana' },
      { kind: 'queue_alert', conversation, waiting_count: 11, threshold: 10 },
      { kind: 'customer_waiting', conversation, attendant_name: 'Ana' },
      { kind: 'sla_breach', conversation, max_wait_seconds: 600 },
    ] as const) {
      const mail = renderEmail(notice);
      expect(mail.text).toContain('Maria <Silva>');
      expect(mail.text).toContain('Channel: web');
      expect(mail.text).toContain('Last message: Where is my order?');
      expect(mail.text).toContain('Waiting: 5 min 5 s');
      expect(mail.text).toContain(`Session: ${conversation.session_id}`);
      // HTML is escaped and has no links.
      expect(mail.html).toContain('Maria &lt;Silva&gt;');
      expect(mail.html).not.toContain('<Silva>');
      expect(mail.html).not.toContain('href');
    }
  });

  test('subjects say what happened', () => {
    expect(renderEmail({ kind: 'new_assignment', conversation, attendant_name: 'Ana' }).subject).toBe('New conversation assigned: Maria <Silva> (web)');
    expect(renderEmail({ kind: 'queue_alert', conversation, waiting_count: 11, threshold: 10 }).subject).toBe('Queue alert: 11 customers waiting');
    expect(renderEmail({ kind: 'customer_waiting', conversation }).subject).toBe('Customer waiting 5 min 5 s: Maria <Silva> (web)');
    expect(renderEmail({ kind: 'sla_breach', conversation, max_wait_seconds: 600 }).subject).toBe('SLA breached: Maria <Silva> waiting 5 min 5 s');
    expect(renderEmail({ kind: 'resolved', conversation }).subject).toBe('Your conversation has been resolved');
  });

  test('the customer notice gives the session as a reference and says nothing internal', () => {
    const mail = renderEmail({ kind: 'resolved', conversation });
    expect(mail.text).toContain(`Reference: ${conversation.session_id}`);
    expect(mail.text).toContain('on web has been resolved');
    expect(mail.text).not.toMatch(/Waiting|attendant/i);
  });

  test('who waits is said whether or not someone holds the conversation', () => {
    expect(renderEmail({ kind: 'customer_waiting', conversation, attendant_name: 'Ana' }).text).toContain('Ana has not accepted');
    expect(renderEmail({ kind: 'customer_waiting', conversation }).text).toContain('no attendant has taken');
    expect(renderEmail({ kind: 'sla_breach', conversation, max_wait_seconds: 600 }).text).toMatch(/limit of 10 min[\s\S]*Assigned to: nobody/);
  });

  test('a customer name cannot inject header lines into the subject', () => {
    const evil = { ...conversation, customer_name: 'Eve\r\nBcc: victim@example.test' };
    expect(renderEmail({ kind: 'new_assignment', conversation: evil, attendant_name: 'Ana' }).subject)
      .toBe('New conversation assigned: Eve Bcc: victim@example.test (web)');
  });

  test('the plain template sends text only', () => {
    const mail = renderEmail({ kind: 'resolved', conversation }, 'plain');
    expect(mail.html).toBeUndefined();
    expect(mail.text).toContain('Reference');
    expect(renderEmail({ kind: 'resolved', conversation }, 'something-else').html).toBeDefined();
  });

  test.each([[0, '0 s'], [59, '59 s'], [60, '1 min'], [305, '5 min 5 s'], [3600, '1 h'], [7380, '2 h 3 min']])('formatDuration(%d) = %s', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
});
