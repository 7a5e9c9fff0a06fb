import { createDAVClient, type DAVVCard } from 'tsdav';
import { outboundPool } from '../../infra/outbound-pool.js';
import type { OutboundPolicy } from '../../infra/outbound-http.js';
import { parseVcards } from '../contacts/vcard-contacts.js';
import { listSource, type ImportTarget } from './import-deps.js';
import { outcomeOf, type ImportSource } from './run-import.js';

export interface CardDavOptions {
  /** The server's address (its CardDAV root or well-known URL). */
  url: string;
  username: string;
  password: string;
  /** The deployment's `OUTBOUND_ALLOW_PRIVATE_NETWORKS`: the server is the operator's choice (docs/architecture.md, "Outbound requests"). */
  outbound: OutboundPolicy;
}

/**
 * `switchboard import carddav <url>`: every card of every address book of the account (tsdav,
 * Basic auth), in a fixed order (book, then card URL). A card is upserted on its URL, with its ETag.
 */
export function cardDavSource(target: ImportTarget, options: CardDavOptions): ImportSource {
  const source = `${options.username}@${options.url}`;
  return listSource({
    kind: 'carddav',
    source,
    async load() {
      const client = await createDAVClient({
        serverUrl: options.url, credentials: { username: options.username, password: options.password }, authMethod: 'Basic', defaultAccountType: 'carddav',
        fetch: outboundPool(options.outbound).fetch,
      });
      const all: DAVVCard[] = [];
      for (const addressBook of await client.fetchAddressBooks()) all.push(...(await client.fetchVCards({ addressBook })));
      return all.sort((a, b) => a.url.localeCompare(b.url));
    },
    async store(card) {
      const [fields] = parseVcards(String(card.data ?? ''));
      if (!fields) return 'skipped';
      return outcomeOf(await target.contacts.upsert({
        ...fields, external_id: card.url, etag: card.etag ?? null, owner_id: target.owner.user_id, source: `carddav:${source}`,
      }));
    },
  });
}
