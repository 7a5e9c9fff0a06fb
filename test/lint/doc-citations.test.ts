import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

// Comments and test titles cite the repository's own docs (docs/…, README) only: a numbered
// section of a document that is not in the repository ("seed" or "issue" and a number) means
// nothing to a reader of the code. The whole text of every tracked source file is read, so a
// test title is held to the rule as well as a comment.

/** "seed" or "issue", maybe "section", "part" or "#", then a number; any case. */
const OUTSIDE_CITATION = /\b(?:seed|issue)\s+(?:section\s+|part\s+|#)?\d/i;

const SKIPPED = /(?:^|\/)(?:node_modules|dist|data)\//;

function trackedSources(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.js'], { encoding: 'utf8' });
  return out.split('\0').filter((path) => path !== '' && !SKIPPED.test(path) && existsSync(path));
}

function offenders(): string[] {
  const found: string[] = [];
  for (const path of trackedSources()) {
    readFileSync(path, 'utf8').split('\n').forEach((line, i) => {
      if (OUTSIDE_CITATION.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('comments cite the repository\'s own docs', () => {
  test('the pattern catches every form of an outside citation, and not the words alone', () => {
    const cited = ['seed', 'Seed section', 'seed part', 'issue', 'Issue #'].map((words) => `see ${words}${words.endsWith('#') ? '' : ' '}14`);
    expect(cited.filter((text) => !OUTSIDE_CITATION.test(text))).toEqual([]);
    const plain = ['a fixed seed', 'const seed = 12345', 'issuer 1', 'issues 2', 'the token issuer'];
    expect(plain.filter((text) => OUTSIDE_CITATION.test(text))).toEqual([]);
  });

  test('no tracked .ts, .tsx or .js file outside node_modules, dist and data cites a seed or issue number', () => {
    const sources = trackedSources();
    expect(sources.length).toBeGreaterThan(100);
    expect(offenders()).toEqual([]);
  });
});
