import { ValidationError } from '../../infra/errors.js';

/** The contact fields a CSV column can fill; `custom.<key>` fills a custom field, `ignore` drops the column. */
export const IMPORT_FIELDS = ['first_name', 'last_name', 'name', 'email', 'phone', 'tier', 'ltv', 'last_purchase', 'tags', 'note', 'owner_id'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number] | `custom.${string}` | 'ignore';

/** Header spellings read as a field without a mapping (after lower-casing and turning spaces and dashes into `_`). */
const ALIASES: Record<string, ImportField> = {
  firstname: 'first_name', given_name: 'first_name', lastname: 'last_name', surname: 'last_name', family_name: 'last_name',
  full_name: 'name', e_mail: 'email', mail: 'email', mobile: 'phone', telephone: 'phone', tel: 'phone', phone_number: 'phone',
  tag: 'tags', notes: 'note', owner: 'owner_id', lifetime_value: 'ltv',
};

const keyOf = (header: string) => header.trim().toLowerCase().replace(/[\s-]+/g, '_');

export function isImportField(text: string): text is ImportField {
  return (IMPORT_FIELDS as readonly string[]).includes(text) || text === 'ignore' || /^custom\.[\w-]{1,64}$/.test(text);
}

/**
 * Reads `col=field` pairs (the CLI's `--map`, the API's `map`) into a mapping; an unknown field
 * is a `ValidationError` listing the known ones.
 */
export function parseMapping(pairs: readonly string[]): Record<string, ImportField> {
  const mapping: Record<string, ImportField> = {};
  for (const pair of pairs) {
    const at = pair.lastIndexOf('=');
    const column = pair.slice(0, at).trim();
    const field = pair.slice(at + 1).trim();
    if (at <= 0 || !column || !isImportField(field)) {
      throw new ValidationError(`map "${pair}": expected column=field, the field one of ${IMPORT_FIELDS.join(', ')}, custom.<key> or ignore`,
        [{ path: 'map', message: `bad pair "${pair}"` }]);
    }
    mapping[column] = field;
  }
  return mapping;
}

/**
 * Which field each header fills: the explicit mapping first (by exact header or case-insensitively),
 * then the header itself when it names a field or an alias. Columns that fill nothing are listed
 * as ignored (docs/crm.md, "Import and export").
 */
export function resolveColumns(headers: readonly string[], mapping: Record<string, ImportField>): { fields: (ImportField | undefined)[]; ignored: string[] } {
  const explicit = new Map(Object.entries(mapping).map(([column, field]) => [keyOf(column), field]));
  const fields = headers.map((header): ImportField | undefined => {
    const key = keyOf(header);
    const field = mapping[header] ?? explicit.get(key) ?? (isImportField(key) ? key : ALIASES[key]);
    return field === 'ignore' ? undefined : field;
  });
  return { fields, ignored: headers.filter((_, i) => fields[i] === undefined) };
}
