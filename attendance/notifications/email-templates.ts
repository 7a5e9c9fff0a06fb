/**
 * The words of the attendance email notices: one small template per kind, each giving
 * a subject, a plain-text body and a simple HTML alternative. Plain functions over plain facts, so
 * they are unit-tested without a database or a mail server. Session ids are printed, never linked.
 */

/** The kinds of email notice (docs/attendance/email.md). */
export const EMAIL_KINDS = ['new_assignment', 'queue_alert', 'customer_waiting', 'sla_breach', 'resolved'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What every notice says about the conversation. */
export interface ConversationFacts {
  session_id: string;
  channel: string;
  customer_name: string;
  /** The customer's latest message; empty when there is none. */
  last_message: string;
  /** Since the conversation joined the queue. */
  waiting_seconds: number;
}

/** One notice: the kind, the conversation, and what only that kind needs. */
export type EmailNotice =
  | { kind: 'new_assignment'; conversation: ConversationFacts; attendant_name: string }
  | { kind: 'queue_alert'; conversation: ConversationFacts; waiting_count: number; threshold: number }
  | { kind: 'customer_waiting'; conversation: ConversationFacts; attendant_name?: string }
  | {
    kind: 'sla_breach'; conversation: ConversationFacts; max_wait_seconds: number; attendant_name?: string;
    /** An SLA policy's target that ran out (docs/attendance/sla.md); absent for the queue's wait limit. */
    target?: { metric: 'first_response' | 'resolution'; subject: 'conversation' | 'ticket' };
  }
  | { kind: 'resolved'; conversation: ConversationFacts };

/** A rendered notice, ready for the mailer. */
export interface RenderedEmail {
  subject: string;
  text: string;
  /** Absent with the `plain` template. */
  html?: string;
}

/**
 * Template sets `attendance-email-template` may name. `default` sends text and HTML; `plain` sends
 * text only (for mail systems that strip or distrust HTML). Unknown names fall back to `default`.
 */
export const EMAIL_TEMPLATES = ['default', 'plain'] as const;

/** "4 min 5 s", "45 s", "2 h 3 min": short enough for a subject line. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return rest > 0 ? `${m} min ${rest} s` : `${m} min`;
}

interface Parts {
  subject: string;
  /** The opening sentence. */
  lead: string;
  /** Label/value lines under it. */
  details: [string, string][];
}

/** Renders `notice` with the named template set (see {@link EMAIL_TEMPLATES}). */
export function renderEmail(notice: EmailNotice, template = 'default'): RenderedEmail {
  const parts = partsOf(notice);
  const subject = oneLine(parts.subject);
  const text = [parts.lead, '', ...parts.details.map(([k, v]) => `${k}: ${v}`), '', '— Switchboard'].join('\n');
  if (template.trim().toLowerCase() === 'plain') return { subject, text };
  const rows = parts.details.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const html = `<p>${escapeHtml(parts.lead)}</p><table>${rows}</table><p>— Switchboard</p>`;
  return { subject, text, html };
}

function partsOf(notice: EmailNotice): Parts {
  const c = notice.conversation;
  const waited = formatDuration(c.waiting_seconds);
  const staffDetails: [string, string][] = [
    ['Customer', c.customer_name], ['Channel', c.channel], ['Last message', c.last_message || '(none)'],
    ['Waiting', waited], ['Session', c.session_id],
  ];
  switch (notice.kind) {
    case 'new_assignment':
      return {
        subject: `New conversation assigned: ${c.customer_name} (${c.channel})`,
        lead: `${notice.attendant_name}, a conversation was assigned to you. Type /take in the console to accept it.`,
        details: staffDetails,
      };
    case 'queue_alert':
      return {
        subject: `Queue alert: ${notice.waiting_count} customers waiting`,
        lead: `${notice.waiting_count} customers are waiting for an attendant, more than the alert threshold of ${notice.threshold}. The latest:`,
        details: staffDetails,
      };
    case 'customer_waiting':
      return {
        subject: `Customer waiting ${waited}: ${c.customer_name} (${c.channel})`,
        lead: notice.attendant_name
          ? `${c.customer_name} has waited ${waited} and ${notice.attendant_name} has not accepted the conversation yet.`
          : `${c.customer_name} has waited ${waited} and no attendant has taken the conversation yet.`,
        details: staffDetails,
      };
    case 'sla_breach':
      return {
        subject: `SLA breached: ${c.customer_name} waiting ${waited}`,
        lead: notice.target
          ? `The ${notice.target.metric === 'first_response' ? 'first-response' : 'resolution'} target of ${formatDuration(notice.max_wait_seconds)} for ${notice.target.subject === 'ticket' ? 'a ticket of ' : ''}${c.customer_name} has run out.`
          : `${c.customer_name} has waited longer than the queue's limit of ${formatDuration(notice.max_wait_seconds)} without being attended.`,
        details: [...staffDetails, ['Assigned to', notice.attendant_name ?? 'nobody']],
      };
    case 'resolved':
      return {
        subject: 'Your conversation has been resolved',
        lead: `Hello ${c.customer_name}, thank you for contacting us. Your conversation on ${c.channel} has been resolved. If you need anything else, just write to us again.`,
        details: [['Your message', c.last_message || '(none)'], ['Reference', c.session_id]],
      };
  }
}

/** Subjects are one header line: control characters (CR/LF included) become spaces, and length is bounded. */
function oneLine(value: string): string {
  const printable = [...value].map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch)).join('');
  const flat = printable.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
