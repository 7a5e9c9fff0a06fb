import type { Suggestion } from '../../engine/index.js';

/**
 * Button, list-row and quick-reply ids that round-trip to a HEAR menu option
 * (docs/channels/README.md). The id is `sb:` + the option's key, which the menu matches exactly;
 * a key too long for the provider's id field becomes `sb#<n>`, the option's number, which the
 * menu also accepts. Ids not made here (a template button the business defined) are not ours:
 * the button's title answers instead.
 */
const KEY_PREFIX = 'sb:';
const NUMBER_PREFIX = 'sb#';

/** The id of option `index` (0-based) of a menu; `maxLength` is the provider's limit for ids. */
export function encodeOptionId(option: Suggestion, index: number, maxLength: number): string {
  const id = `${KEY_PREFIX}${option.key}`;
  return id.length <= maxLength ? id : `${NUMBER_PREFIX}${index + 1}`;
}

/** The answer to give the dialog for a chosen button: our option's key or number, else the title. */
export function answerOfOption(id: string | undefined, title: string | undefined): string {
  if (id?.startsWith(KEY_PREFIX)) return id.slice(KEY_PREFIX.length);
  if (id?.startsWith(NUMBER_PREFIX)) return id.slice(NUMBER_PREFIX.length);
  return title ?? id ?? '';
}
