import type { CustomerRef } from './messages.js';
import type { SessionTurn } from './session-turn.js';

/**
 * What the channel last told of the customer, kept in `context_data` under this key: the
 * overwrite rule below compares against it.
 */
export const CHANNEL_CUSTOMER_KEY = 'customer_from_channel';

/** The session keys the channel fills, and the CustomerRef field each comes from. */
const FIELDS = [
  { key: 'customer_name', from: 'display_name' },
  { key: 'customer_email', from: 'email' },
  { key: 'customer_phone', from: 'phone' },
] as const;

type ChannelCustomer = Partial<Record<(typeof FIELDS)[number]['key'], string>>;

/**
 * Puts the customer's name, e-mail and phone as the channel gives them into the session's
 * `context_data` (`customer_name`, `customer_email`, `customer_phone`), with the turn's commit
 * (docs/crm.md, "Names from every channel"). A value is written when the session has none, or
 * when the one it has is still what the channel said before: a name a script set (`SET SESSION
 * "customer_name"`) or a matched contact gave differs from that, so the channel never overwrites
 * it. The turn's patch grows only when the channel says something new, so a continuing
 * conversation writes nothing more.
 */
export function noteCustomerDetails(turn: SessionTurn, customer: CustomerRef): void {
  const before = channelCustomerOf(turn.context[CHANNEL_CUSTOMER_KEY]);
  const said: ChannelCustomer = { ...before };
  let changed = false;
  for (const { key, from } of FIELDS) {
    const value = customer[from]?.trim();
    if (!value) continue;
    const current = turn.context[key];
    if (current !== value && (isBlank(current) || current === before[key])) turn.setContext(key, value);
    if (before[key] !== value) {
      said[key] = value;
      changed = true;
    }
  }
  if (changed) turn.setContext(CHANNEL_CUSTOMER_KEY, said);
}

function channelCustomerOf(value: unknown): ChannelCustomer {
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const kept: ChannelCustomer = {};
  for (const { key } of FIELDS) if (typeof record[key] === 'string') kept[key] = record[key];
  return kept;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
