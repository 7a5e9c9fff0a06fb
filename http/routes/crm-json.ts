import type { ContactRow, DealRow } from '../../crm/index.js';

/** The wire form of a contact: timestamps in ISO 8601. */
export function contactJson(c: ContactRow) {
  return {
    id: c.id, bot_id: c.bot_id, first_name: c.first_name, last_name: c.last_name, email: c.email, phone: c.phone, owner_id: c.owner_id,
    tier: c.tier, ltv: c.ltv, last_purchase: c.last_purchase, tags: c.tags, custom_fields: c.custom_fields, note: c.note,
    unsubscribed_at: c.unsubscribed_at?.toISOString() ?? null, created_at: c.created_at.toISOString(), updated_at: c.updated_at.toISOString(),
  };
}

export function dealJson(d: DealRow) {
  return {
    id: d.id, bot_id: d.bot_id, name: d.name, value: d.value, stage: d.stage, contact_id: d.contact_id, owner_id: d.owner_id,
    campaign_id: d.campaign_id, created_at: d.created_at.toISOString(), updated_at: d.updated_at.toISOString(),
  };
}
