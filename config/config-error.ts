/** One bad line of a config.csv: where it is and what was expected there. */
export interface ConfigIssue {
  /** 1-based line number in the file, counting comments and blank lines. */
  readonly line: number;
  /** The lower-cased key of the line ('' when the line had none). */
  readonly key: string;
  /** What was expected, e.g. `expected a whole number, got "abc"`. */
  readonly message: string;
}

/**
 * A bot's config.csv could not be read as valid configuration. It carries every bad line of the
 * file at once, so an operator fixes them all in one pass instead of one restart per mistake.
 * `line` and `key` point at the first issue; `issues` holds them all.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly file: string;
  readonly line: number;
  readonly key: string;
  readonly issues: readonly ConfigIssue[];

  constructor(file: string, issues: readonly [ConfigIssue, ...ConfigIssue[]]) {
    const lines = issues.map((issue) => formatIssue(file, issue));
    super(lines.length === 1 ? lines.join('') : `${file}: ${lines.length} invalid lines\n${lines.join('\n')}`);
    this.file = file;
    this.line = issues[0].line;
    this.key = issues[0].key;
    this.issues = issues;
  }
}

/** `file:line: key: message`, the shape editors and terminals turn into a link to the line. */
function formatIssue(file: string, issue: ConfigIssue): string {
  return issue.key === ''
    ? `${file}:${issue.line}: ${issue.message}`
    : `${file}:${issue.line}: ${issue.key}: ${issue.message}`;
}
