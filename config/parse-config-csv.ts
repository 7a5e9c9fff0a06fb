import type { ConfigIssue } from './config-error.js';

/** One `name,value` line of a config.csv, key lower-cased, both sides trimmed and unquoted. */
export interface ConfigRow {
  readonly line: number;
  readonly key: string;
  readonly value: string;
}

/**
 * Splits the text of a config.csv into rows. The format is line-based, not full CSV:
 *
 * - Each line is split on its FIRST comma only, so values may contain commas unquoted
 *   (`attendance-transfer-keywords,human,agent`).
 * - The header `name,value` is optional: when the first data line is `name,value` or
 *   `key,value` (the documented header) it is skipped, otherwise that line is read as data.
 *   Hand-written files often leave the header out, and no real key is called `name` or `key`.
 * - Blank lines, lines that are just `,` and lines starting with `#` (after leading spaces)
 *   are skipped. There are no end-of-line comments: `#` inside a value is kept.
 * - Keys are trimmed and lower-cased (keys are case-insensitive); values are trimmed.
 * - A side wrapped in double quotes is unquoted and `""` inside it becomes `"`; spaces inside
 *   the quotes are kept. A quoted value cannot span lines.
 * - A UTF-8 BOM at the start is ignored; LF, CRLF and CR line endings all work.
 *
 * Lines that cannot be read (no comma, no key, a key given twice) come back as issues rather
 * than thrown, so the caller can report them together with bad values.
 */
export function parseConfigCsv(text: string): { rows: ConfigRow[]; issues: ConfigIssue[] } {
  const rows: ConfigRow[] = [];
  const issues: ConfigIssue[] = [];
  const firstLineOf = new Map<string, number>();
  let headerChecked = false;

  text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;

    const comma = trimmed.indexOf(',');
    if (comma === -1) {
      issues.push({ line, key: readKey(trimmed), message: 'expected "name,value" but the line has no comma' });
      return;
    }
    const key = readKey(trimmed.slice(0, comma));
    const value = unquote(trimmed.slice(comma + 1).trim());
    if (key === '' && value === '') return;

    const isFirstDataLine = !headerChecked;
    headerChecked = true;
    if (isFirstDataLine && (key === 'name' || key === 'key') && value.toLowerCase() === 'value') return;

    if (key === '') {
      issues.push({ line, key, message: 'missing the name before the first comma' });
      return;
    }
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) {
      // Last-one-wins would hide a copy-paste mistake; the operator decides which line stays.
      issues.push({ line, key, message: `set twice (first on line ${earlier})` });
      return;
    }
    firstLineOf.set(key, line);
    rows.push({ line, key, value });
  });
  return { rows, issues };
}

function readKey(side: string): string {
  return unquote(side.trim()).trim().toLowerCase();
}

/** Spreadsheet exports quote any cell holding a comma or a quote; undo exactly that. */
function unquote(side: string): string {
  if (side.length >= 2 && side.startsWith('"') && side.endsWith('"')) {
    return side.slice(1, -1).replaceAll('""', '"');
  }
  return side;
}
