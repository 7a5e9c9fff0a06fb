import type { Logger } from '../infra/logger.js';
import type { Channel, CustomerRef, InboundMessage } from './messages.js';
import type { SessionTurn } from './session-turn.js';

/** What the directory is asked: who wrote, on which bot and channel, and whether an unknown customer becomes a contact. */
export interface CustomerLookup {
  bot_id: string;
  channel: Channel;
  customer: CustomerRef;
  /** The bot's `crm-create-contacts`: an unknown customer is added as a contact. */
  create: boolean;
}

/** The contact a conversation belongs to, with what it knows of the customer. */
export interface CustomerMatch {
  customer_id: string;
  name?: string;
  email?: string;
  phone?: string;
}

/**
 * The customers' directory as the engine sees it (docs/crm.md, "Matching a conversation to its
 * contact"): finds the contact of a customer by the channel's identity, or makes one. The CRM
 * implements it; the composition root hands it in, so the engine knows no CRM code.
 */
export interface CustomerDirectory {
  match(lookup: CustomerLookup): Promise<CustomerMatch | undefined>;
}

/** What matching needs: the directory (none: nothing is matched) and where a failure is logged. */
export interface MatchDeps {
  readonly customers?: CustomerDirectory;
  readonly logger: Logger;
  readonly now: () => Date;
}

/**
 * Set on the session the first time it was looked up, found or not, so a continuing conversation
 * never asks the directory again (docs/performance.md: a continuing turn costs one statement).
 */
export const CUSTOMER_MATCHED_KEY = 'customer_matched_at';

/**
 * Links the turn's session to its CRM contact, once: when the session is new, or has no contact
 * and was never looked up. The contact's name, email and phone fill the session's
 * `customer_name`, `customer_email` and `customer_phone` where it has none. A web visitor the
 * channel has just made up, with no email or phone, has nothing to be found by: the directory is
 * asked only to create them. A failure is logged and leaves the session unmatched (it is looked up
 * again on the next message), never a failed turn. The `crm-enabled` false bot never matches.
 */
export async function matchCustomer(ctx: MatchDeps, turn: SessionTurn, inbound: InboundMessage): Promise<void> {
  const { config } = turn.bot;
  if (!ctx.customers || !config['crm-enabled'] || turn.customerIdNow !== null) return;
  if (!turn.isNew && turn.context[CUSTOMER_MATCHED_KEY] !== undefined) return;
  const create = config['crm-create-contacts'];
  const { customer } = inbound;
  const found = inbound.first_contact === true && !customer.email && !customer.phone && !create
    ? undefined
    : await lookUp(ctx, { bot_id: turn.bot.id, channel: inbound.channel, customer, create }, turn.id);
  if (found === null) return;
  turn.setContext(CUSTOMER_MATCHED_KEY, ctx.now().toISOString());
  if (!found) return;
  turn.setCustomerId(found.customer_id);
  fill(turn, 'customer_name', found.name);
  fill(turn, 'customer_email', found.email);
  fill(turn, 'customer_phone', found.phone);
}

/** The match; null when the directory failed. */
async function lookUp(ctx: MatchDeps, lookup: CustomerLookup, sessionId: string): Promise<CustomerMatch | undefined | null> {
  try {
    return await ctx.customers!.match(lookup);
  } catch (error) {
    ctx.logger.warn({ err: error, session: sessionId }, 'customer match failed');
    return null;
  }
}

function fill(turn: SessionTurn, key: string, value: string | undefined): void {
  const current = turn.context[key];
  if (value && (current === undefined || current === null || current === '')) turn.setContext(key, value);
}
