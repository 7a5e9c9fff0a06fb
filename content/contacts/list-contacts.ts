import type { ContentContactRow, ContentRecordsRepo, Page } from '../../db/index.js';
import { readerOf, type ContentActor } from '../content-actor.js';

/** `GET /api/contacts`: the contacts the actor may see, by name. */
export async function listContacts(deps: { contacts: Pick<ContentRecordsRepo['contacts'], 'list'> }, input: { actor: ContentActor; page: Page }): Promise<ContentContactRow[]> {
  return deps.contacts.list(readerOf(input.actor), input.page);
}
