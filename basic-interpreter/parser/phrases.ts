/**
 * The General Bots keyword phrases beyond the core grammar (docs/basic.md, "Compatibility"): the
 * multi-word ones are one token each (`SEND EMAIL`, `USE KB`…), matched before the words they
 * start with; the one-word ones (`READ`, `WRITE`, `PRINT`…) stay names, and are keywords only
 * where a name cannot be: a statement's first word followed by an argument, or a value followed
 * by one. Their meaning is in vm/phrases.ts; the parser only knows their spelling.
 */

/**
 * Multi-word phrases, as written (words separated by blanks). A `(?=…)` suffix is a condition on
 * what follows, for phrases whose first words could also start core code (`SEND MAIL to, …`
 * where `to` is a variable; `ON` as a variable).
 */
const MULTI_WORD: readonly string[] = [
  'ON ERROR RESUME NEXT', 'ON ERROR GOTO 0', 'SAVE FROM UNSTRUCTURED', 'CREATE LANDING PAGE', 'GET CAMPAIGN STATS',
  'SEND MAIL TO(?=[ \\t]+["A-Za-z_])', 'SEND EMAIL', 'SEND FILE', 'SEND SMS',
  'SEND TEMPLATE TO(?=[ \\t]+["A-Za-z_#{])', 'SEND TEMPLATE',
  'ADD TOOL', 'USE TOOL', 'CLEAR TOOLS', 'USE KB', 'ADD KB', 'SET KB', 'CLEAR KB', 'USE WEBSITE', 'USE MODEL', 'USE ACCOUNT', 'USE MCP',
  'CREATE TASK', 'CREATE DRAFT', 'CREATE SITE', 'CREATE USER', 'SET ANSWER MODE', 'SET PAGE MODE', 'PAGE MODE',
  'SET USER', 'GET ATTENDANTS', 'GET CONTACT', 'SET CONTACT', 'ADD TAG', 'NEW OBJECT', 'NEW ARRAY', 'DELETE FILE', 'DELETE HTTP', 'GROUP BY', 'ADD MEMBER',
  'GENERATE PDF', 'MERGE PDF', 'CLEAR ERROR', 'ERROR MESSAGE', 'ADD TO CAMPAIGN', 'TRACK CONVERSION',
  'SCHEDULE POST', 'POST TO(?=[ \\t]+["A-Za-z])', 'ON(?=[ \\t]+")', 'ON EMAIL FROM', 'ON EMAIL', 'ON CHANGE',
  // `GET LAST "email_received_events"`: only before a quoted name, so `GET last` stays a GET of the variable.
  'GET LAST(?=[ \\t]+")',
  // The templates' further keywords (docs/basic.md, "Compatibility"): aliases of what runs here,
  // or "not available: …" at run time where this product has no such capability.
  'CREATE OBJECT', 'GENERATE CODE', 'CACHE GET', 'CACHE SET', 'SCAN BARCODE', 'GET USER MEMORY', 'SET USER MEMORY',
  'KB DOCUMENTS COUNT', 'KB DOCUMENTS ADDED SINCE', 'KB STATISTICS', 'KB LIST COLLECTIONS', 'KB STORAGE SIZE', 'KB COLLECTION STATS',
  'QUERY METRICS', 'ANALYZE SENTIMENT', 'AI SCORE LEAD', 'ORCHESTRATE WORKFLOW', 'ADD BOT', 'BOT SHARE MEMORY', 'BOT SHARE', 'PUBLISH EVENT',
  'SEND MESSAGE', 'ALLOW ROLE', 'SET ROLE(?=[ \\t]+["A-Za-z_])', 'SET MAX LINES', 'SCRAPE ALL', 'SCRAPE_ALL',
  // The templates' spellings of what runs here: JSON PARSE x is FROMJSON(x), SEARCH PRODUCTS q is SEARCH "products", q.
  'JSON PARSE', 'SEARCH PRODUCTS', 'GENERATE SECURE LINK', 'SCORE LEAD', 'GET IMAGE',
  // Only before an argument: `CHART prompt, values, labels` keeps `prompt` a variable holding the chart type.
  'CHART PROMPT(?=[ \\t]+["A-Za-z_])',
];

/** One-word phrases: names that act as keywords when an argument follows them. */
export const WORD_PHRASES: ReadonlySet<string> = new Set([
  'READ', 'WRITE', 'DOWNLOAD', 'UPLOAD', 'COPY', 'MOVE', 'LIST', 'MERGE', 'FILL', 'SEARCH', 'FILTER',
  'AGGREGATE', 'CHART', 'PRINT', 'LOG', 'APPEND', 'WEBHOOK', 'THROW', 'ASSERT', 'BOOK', 'WEATHER',
  'GRAPHQL', 'SOAP', 'PIVOT', 'MAP', 'COMPRESS', 'EXTRACT', 'SCRAPE', 'FORMAT',
  'FIRST', 'LAST', 'DATEADD', 'DATEDIFF', 'DIR', 'REFRESH', 'PRODUCT', 'SEE', 'REWRITE',
  'MAX', 'MIN', 'PUSH', 'ANSWER', 'QUERY', 'TIMEOUT',
]);

/** Every phrase's canonical spelling (upper case, one space), for "did you mean" and the docs. */
export const PHRASE_NAMES: readonly string[] = [
  ...MULTI_WORD.map((p) => p.replace(/\(\?=.*\)$/, '')),
  ...WORD_PHRASES,
];

const phrasePattern = new RegExp(
  `(?:${[...MULTI_WORD]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/ (?![^(]*\))/g, '[ \\t]+'))
    // Never when `=` follows: `set user = 1` stays an assignment.
    .map((p) => `${p.includes('(?=') ? p : `${p}(?![A-Za-z0-9_])`}(?![ \\t]*=(?!=))`)
    .join('|')})`,
  'iy',
);

/** The length of the multi-word phrase at `offset`, or 0. */
export function matchPhrase(text: string, offset: number): number {
  phrasePattern.lastIndex = offset;
  const found = phrasePattern.exec(text);
  return found === null ? 0 : found[0].length;
}

/** `send   email` → `SEND EMAIL`. */
export function canonicalPhrase(image: string): string {
  return image.toUpperCase().replace(/[ \t]+/g, ' ');
}
