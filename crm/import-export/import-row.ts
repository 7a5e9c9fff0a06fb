import { CONTACT_TIERS, type ContactInput, type ContactTier } from '../contacts/contact-input.js';
import type { ImportField } from './column-mapping.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One CSV row as contact input: empty cells fill nothing (a re-import never clears a field),
 * `name` is split into first and last at the first space, tags are split at `;` or `,`.
 * A cell that cannot be its field's value is a reason to reject the row.
 */
export function contactOfRow(cells: readonly string[], fields: readonly (ImportField | undefined)[]): { input: ContactInput } | { reason: string } {
  const input: ContactInput & { custom_fields?: Record<string, unknown> } = {};
  for (const [i, field] of fields.entries()) {
    const cell = cells[i]?.trim();
    if (!field || !cell) continue;
    if (field.startsWith('custom.')) {
      input.custom_fields = { ...input.custom_fields, [field.slice('custom.'.length)]: cell };
      continue;
    }
    switch (field) {
      case 'name': {
        const space = cell.indexOf(' ');
        input.first_name ??= space < 0 ? cell : cell.slice(0, space);
        if (space > 0) input.last_name ??= cell.slice(space + 1).trim();
        break;
      }
      case 'tier': {
        const tier = cell.toLowerCase();
        if (!(CONTACT_TIERS as readonly string[]).includes(tier)) return { reason: `tier "${cell}" is not one of ${CONTACT_TIERS.join(', ')}` };
        input.tier = tier as ContactTier;
        break;
      }
      case 'ltv': {
        const ltv = Number(cell.includes('.') ? cell.replace(/,/g, '') : cell.replace(',', '.'));
        if (!Number.isFinite(ltv)) return { reason: `ltv "${cell}" is not a number` };
        input.ltv = ltv;
        break;
      }
      case 'last_purchase':
        if (!DATE.test(cell) || Number.isNaN(Date.parse(cell))) return { reason: `last_purchase "${cell}" is not a date (YYYY-MM-DD)` };
        input.last_purchase = cell;
        break;
      case 'owner_id':
        if (!UUID.test(cell)) return { reason: `owner_id "${cell}" is not a user id` };
        input.owner_id = cell;
        break;
      case 'tags':
        input.tags = cell.split(/[;,]/);
        break;
      case 'first_name': case 'last_name': case 'email': case 'phone': case 'note':
        input[field] = cell;
        break;
      default:
        break;
    }
  }
  if (!input.phone && !input.email) return { reason: 'no phone or email to identify the contact' };
  return { input };
}
