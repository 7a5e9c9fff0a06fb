import type { NewCalendarEvent, NewContentContact, NewMailMessage } from '../../db/index.js';

/**
 * The fields of pst-extractor's item objects (PSTMessage, PSTContact, PSTAppointment) that the
 * import reads. pst-extractor exports only some of its classes, so items are told apart by their
 * `messageClass` (IPM.Note, IPM.Contact, IPM.Appointment) and read through these getters.
 */
export interface PstItem {
  messageClass: string;
  descriptorNodeId: { toString(): string };
  subject: string;
  displayName: string;
  body: string;
}
export interface PstMail extends PstItem {
  senderEmailAddress: string;
  displayTo: string;
  displayCC: string;
  messageDeliveryTime: Date | null;
  clientSubmitTime: Date | null;
  internetMessageId: string;
  isRead: boolean;
  messageSize: { toNumber(): number };
}
export interface PstContact extends PstItem {
  email1EmailAddress: string;
  email2EmailAddress: string;
  email3EmailAddress: string;
  primaryTelephoneNumber: string;
  businessTelephoneNumber: string;
  mobileTelephoneNumber: string;
  homeTelephoneNumber: string;
  companyName: string;
}
export interface PstAppointment extends PstItem {
  location: string;
  startTime: Date | null;
  endTime: Date | null;
  /** True for an all-day appointment. */
  subType: boolean;
  isRecurring: boolean;
  /** Outlook's description of the recurrence ("every Monday…"). */
  recurrencePattern: string;
}

type Owned<T> = Omit<T, 'owner_id' | 'source'>;

/** Which archive a PST item goes to; notes, tasks and the rest of Outlook's classes are not imported. */
export function pstKind(item: PstItem): 'mail' | 'contact' | 'event' | undefined {
  const cls = item.messageClass.toUpperCase();
  if (cls.startsWith('IPM.CONTACT')) return 'contact';
  if (cls.startsWith('IPM.APPOINTMENT')) return 'event';
  if (cls.startsWith('IPM.NOTE')) return 'mail';
  return undefined;
}

/** A message in the mail archive under its PST folder path; the descriptor id is its identity in the file. */
export function pstMail(item: PstMail, folder: string): Owned<NewMailMessage> {
  const list = (text: string) => text.split(';').map((s) => s.trim()).filter(Boolean);
  return {
    folder, uid: item.descriptorNodeId.toString(), message_id: item.internetMessageId || null, subject: item.subject,
    from_address: item.senderEmailAddress, to_addresses: [...list(item.displayTo), ...list(item.displayCC)],
    sent_at: item.clientSubmitTime ?? item.messageDeliveryTime, flags: item.isRead ? ['\\Seen'] : [], body_text: item.body,
    size: item.messageSize.toNumber(),
  };
}

export function pstContact(item: PstContact): Owned<NewContentContact> {
  const present = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  return {
    external_id: item.descriptorNodeId.toString(), full_name: item.displayName,
    emails: present([item.email1EmailAddress, item.email2EmailAddress, item.email3EmailAddress]),
    phones: present([item.primaryTelephoneNumber, item.mobileTelephoneNumber, item.businessTelephoneNumber, item.homeTelephoneNumber]),
    organization: item.companyName, vcard: null,
  };
}

/**
 * A calendar item. PST keeps a recurrence as a binary pattern, not an RRULE: a recurring series is
 * stored as its first occurrence with Outlook's own description of the pattern in `description`
 * (docs/content.md, "Importers").
 */
export function pstEvent(item: PstAppointment): Owned<NewCalendarEvent> | undefined {
  if (!item.startTime) return undefined;
  const pattern = item.isRecurring && item.recurrencePattern ? `Repeats: ${item.recurrencePattern}` : '';
  return {
    uid: item.descriptorNodeId.toString(), summary: item.subject, location: item.location,
    description: [item.body, pattern].filter(Boolean).join('\n\n'), starts_at: item.startTime, ends_at: item.endTime ?? item.startTime,
    all_day: item.subType, time_zone: null, rrule: null, ical: null,
  };
}
