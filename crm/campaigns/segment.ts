import { CONTACT_TIERS, type SegmentFilter } from '../../db/index.js';
import { ValidationError } from '../../infra/errors.js';

/**
 * A campaign's `segment` as a filter (docs/crm.md, "Proactive campaigns"): `all` (or none) is every
 * contact of the bot, `tag:<tag>` those with the tag, `tier:<tier>` those of a tier
 * (premium, gold, standard).
 */
export function parseSegment(segment: string | null | undefined): SegmentFilter {
  const text = (segment ?? '').trim();
  if (text === '' || text.toLowerCase() === 'all') return { kind: 'all' };
  const at = text.indexOf(':');
  const kind = at < 0 ? '' : text.slice(0, at).trim().toLowerCase();
  const value = at < 0 ? '' : text.slice(at + 1).trim();
  if (kind === 'tag' && value !== '') return { kind: 'tag', tag: value.toLowerCase() };
  if (kind === 'tier' && (CONTACT_TIERS as readonly string[]).includes(value.toLowerCase())) return { kind: 'tier', tier: value.toLowerCase() };
  throw new ValidationError(`segment "${text}" is not one of all, tag:<tag>, tier:<${CONTACT_TIERS.join('|')}>`, [{ path: 'segment', message: 'expected all, tag:<tag> or tier:<tier>' }]);
}
