import { CONTACT_TIERS, type ContactTier } from '../db/schema/crm.js';
import type { CrmContactFields, CrmContactRow, CrmIdentitiesRepo } from '../db/index.js';
import type { Channel, CustomerRef } from '../engine/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../infra/errors.js';
import { contactName, splitName } from './contact-identity.js';
import { normaliseEmail, normalisePhone } from './contacts/contact-rules.js';
import { matchContact } from './match-contact.js';

/**
 * The contact keywords of BASIC (docs/basic.md, "The customer's contact"), on the CRM's contacts:
 * GET CONTACT reads the conversation's contact, SET CONTACT field, value and ADD TAG tag change it,
 * making it first when the conversation has none.
 */

/** A contact as a script sees it: plain JSON values. */
export type ScriptContact = { id: string } & Record<string, string | number | boolean | null | string[] | Record<string, unknown>>;

/** What a script changes: a field, or a tag. */
export type ScriptContactChange = { field: string; value: unknown } | { tag: string };

export interface ScriptContactsDeps {
  readonly identities: Pick<CrmIdentitiesRepo, 'find' | 'addIdentity' | 'create' | 'contact' | 'updateContact' | 'addTag'>;
}

/** Fields with a column; any other name is a custom field. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function createScriptContacts(deps: ScriptContactsDeps) {
  return {
    async get(request: { bot_id: string; contact_id: string }): Promise<ScriptContact | null> {
      const row = await deps.identities.contact(request.bot_id, request.contact_id);
      return row ? scriptContact(row) : null;
    },

    async change(request: {
      bot_id: string; contact_id: string | null; customer: { channel: string; external_id: string; display_name?: string }; change: ScriptContactChange;
    }): Promise<ScriptContact> {
      const id = request.contact_id ?? await contactFor(deps, request.bot_id, request.customer);
      const { change } = request;
      const row = 'tag' in change
        ? await deps.identities.addTag(request.bot_id, id, normaliseTag(change.tag))
        : await update(deps, request.bot_id, id, fieldsOf(change.field, change.value));
      if (!row) throw new NotFoundError('The conversation\'s contact no longer exists', 'contact_not_found');
      return scriptContact(row);
    },
  };
}

export type ScriptContacts = ReturnType<typeof createScriptContacts>;

/** The customer's contact, found by their channel identity or made for them. */
async function contactFor(deps: ScriptContactsDeps, botId: string, customer: { channel: string; external_id: string; display_name?: string }): Promise<string> {
  const channel = customer.channel as Channel;
  const ref: CustomerRef = {
    external_id: customer.external_id, ...(customer.display_name ? { display_name: customer.display_name } : {}),
    ...(channel === 'sms' || channel === 'mobile_msg' ? { phone: customer.external_id } : {}),
  };
  const match = await matchContact(deps, { bot_id: botId, channel, customer: ref, create: true });
  if (!match) throw new ValidationError('This conversation\'s customer cannot be made a contact');
  return match.customer_id;
}

async function update(deps: ScriptContactsDeps, botId: string, id: string, fields: CrmContactFields): Promise<CrmContactRow | undefined> {
  try {
    return await deps.identities.updateContact(botId, id, fields);
  } catch (error) {
    const pg = [error, (error as { cause?: unknown }).cause].find((e) => (e as { code?: unknown } | undefined)?.code === '23505');
    if (pg) throw new ConflictError(`Another contact already has this ${fields.email ? 'email' : 'phone'}`, 'contact_duplicate');
    throw error;
  }
}

/** A field's value as its column takes it; refused with a reason the script author can act on. */
export function fieldsOf(field: string, value: unknown): CrmContactFields {
  const text = value === null || value === undefined ? '' : String(value).trim();
  const refuse = (what: string): never => {
    throw new ValidationError(`SET CONTACT "${field}": ${what}, got ${JSON.stringify(value)}`);
  };
  switch (field) {
    case 'name':
      return { first_name: null, last_name: null, ...splitName(text) };
    case 'first_name':
    case 'last_name':
    case 'note':
      return { [field]: text || null };
    case 'email':
      return { email: text ? normaliseEmail(text) ?? refuse('expected an email address') : null };
    case 'phone':
      return { phone: text ? normalisePhone(text) ?? refuse('expected an international phone number such as +5511987654321') : null };
    case 'tier': {
      const tier = text.toLowerCase();
      if (tier === '') return { tier: null };
      return (CONTACT_TIERS as readonly string[]).includes(tier) ? { tier: tier as ContactTier } : refuse(`expected one of ${CONTACT_TIERS.join(', ')}`);
    }
    case 'ltv': {
      if (text === '') return { ltv: null };
      const ltv = Number(text);
      return Number.isFinite(ltv) ? { ltv } : refuse('expected a number');
    }
    case 'last_purchase':
      if (text === '') return { last_purchase: null };
      return DATE.test(text.slice(0, 10)) ? { last_purchase: text.slice(0, 10) } : refuse('expected a date such as 2026-11-28');
    default: {
      if (!/^[a-z][a-z0-9_]{0,63}$/.test(field)) refuse('a custom field is named with letters, digits and _');
      const custom = value === undefined ? null : value;
      if (custom !== null && !['string', 'number', 'boolean'].includes(typeof custom)) refuse('a custom field holds text, a number or TRUE/FALSE');
      return { custom_fields: { [field]: custom } };
    }
  }
}

function normaliseTag(raw: string): string {
  const tag = raw.trim().toLowerCase();
  if (!tag) throw new ValidationError('ADD TAG needs a tag');
  return tag;
}

function scriptContact(row: CrmContactRow): ScriptContact {
  return {
    id: row.id, name: contactName(row) ?? null, first_name: row.first_name, last_name: row.last_name, email: row.email, phone: row.phone,
    tier: row.tier, ltv: row.ltv, last_purchase: row.last_purchase, tags: row.tags, note: row.note, custom_fields: row.custom_fields,
  };
}
