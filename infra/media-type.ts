/**
 * Media types (Content-Type values) as this server accepts, stores and serves them
 * (docs/content.md, "Content types"): `type/subtype` of HTTP tokens, then at most a few
 * `; name=value` parameters whose value is a token or a quoted string of printable ASCII without
 * backslashes. Nothing else gets in: no control characters (a CR/LF would break every answer
 * that carries the type as a header), no comments, no escapes. The one parser for every place a
 * type comes in (file writes, imports, visitor uploads and attachments, provider media).
 */

/** What a file's type is when it has none, or when the one it came with is not a media type. */
export const DEFAULT_MEDIA_TYPE = 'application/octet-stream';
/** Longest type accepted, parameters included. */
export const MEDIA_TYPE_MAX = 200;
const PARAMETERS_MAX = 8;

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const ESSENCE = new RegExp(`^(${TOKEN})/(${TOKEN})`);
// A quoted value without `\` escapes or `"` inside: printable ASCII and spaces only.
const PARAMETER = new RegExp(`^[ \\t]*;[ \\t]*(${TOKEN})=(${TOKEN}|"[ !#-\\[\\]-~]*")`);
const TRAILING = /^[ \t]*;?[ \t]*$/;

/**
 * The media type in its normal form (type, subtype and parameter names lower-case, parameters
 * joined by `; `), or undefined when `value` is not one as described above.
 */
export function normalizeMediaType(value: string): string | undefined {
  if (value.length > MEDIA_TYPE_MAX) return undefined;
  // Only spaces and tabs around it: trim() would also take a CR/LF away and let it pass.
  const trimmed = value.replace(/^[ \t]+|[ \t]+$/g, '');
  const essence = ESSENCE.exec(trimmed);
  if (!essence) return undefined;
  let rest = trimmed.slice(essence[0].length);
  const parameters: string[] = [];
  for (let match = PARAMETER.exec(rest); match; match = PARAMETER.exec(rest)) {
    if (parameters.length === PARAMETERS_MAX) return undefined;
    parameters.push(`${match[1]!.toLowerCase()}=${match[2]!}`);
    rest = rest.slice(match[0].length);
  }
  if (!TRAILING.test(rest)) return undefined;
  return [`${essence[1]!.toLowerCase()}/${essence[2]!.toLowerCase()}`, ...parameters].join('; ');
}

/** Whether `value` is a media type this server accepts (see normalizeMediaType). */
export function isMediaType(value: string): boolean {
  return normalizeMediaType(value) !== undefined;
}

/**
 * The normal form of a type no client chose explicitly (a provider's header, an import's source,
 * a stored row written before types were checked): application/octet-stream when absent or invalid.
 */
export function mediaTypeOr(value: string | null | undefined): string {
  return (value ? normalizeMediaType(value) : undefined) ?? DEFAULT_MEDIA_TYPE;
}

/** `type/subtype` of a normalized media type, without its parameters. */
export function essenceOf(mediaType: string): string {
  return mediaType.split(';')[0]!.trim();
}
