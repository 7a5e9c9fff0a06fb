import { createHash } from 'node:crypto';
import ICAL from 'ical.js';

/** A contact as read from one vCard, before owner and source are set. */
export interface CardFields {
  external_id: string;
  full_name: string;
  emails: string[];
  phones: string[];
  organization: string;
  vcard: string;
}

/**
 * The vCards of a text (vCard 3.0 and 4.0 alike: ical.js reads both). A card without UID is named
 * by a hash of its text, so the same card imported twice is the same contact.
 */
export function parseVcards(text: string): CardFields[] {
  const parsed = ICAL.parse(text) as unknown[];
  const list = (typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[][];
  return list.map((jcard) => cardFields(new ICAL.Component(jcard)));
}

function cardFields(card: ICAL.Component): CardFields {
  const vcard = card.toString();
  const strings = (name: string) => card.getAllProperties(name).map((p) => String(p.getFirstValue() ?? '').replace(/^tel:/, '').trim()).filter(Boolean);
  const org = card.getFirstProperty('org')?.getValues()[0];
  const n = card.getFirstPropertyValue('n');
  const structured = Array.isArray(n) ? [n[1], n[0]].filter(Boolean).join(' ') : '';
  const uid = card.getFirstPropertyValue('uid');
  return {
    external_id: typeof uid === 'string' && uid ? uid : createHash('sha256').update(vcard).digest('hex'),
    full_name: String(card.getFirstPropertyValue('fn') ?? '') || structured,
    emails: strings('email'),
    phones: strings('tel'),
    organization: Array.isArray(org) ? org.filter(Boolean).join(', ') : String(org ?? ''),
    vcard,
  };
}
