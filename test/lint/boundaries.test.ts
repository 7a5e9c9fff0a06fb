import { ESLint } from 'eslint';

// The dependency rules of docs/architecture.md are lint errors: each case puts one import into a
// file of a folder, as a newcomer might, and asks the project's own ESLint configuration. The
// files are real (typed linting needs them in the TypeScript project); their text is replaced
// in memory only.

const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import * as anything from '${specifier}';\nexport const used = anything;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('a new arrow against the design fails the lint', () => {
  test.each([
    ['http/routes/health.ts', '../../db/index.js', /HTTP never imports db/],
    ['http/routes/health.ts', 'drizzle-orm', /no database or queue driver/],
    ['http/routes/health.ts', '../../engine/receive-message.js', /through their index\.js/],
    ['db/uuid.ts', '../engine/index.js', /db\/ imports nothing above it/],
    ['db/uuid.ts', '../config/index.js', /db\/ imports nothing above it/],
    ['basic-interpreter/coercion.ts', 'node:fs/promises', /does no I\/O/],
    ['basic-interpreter/coercion.ts', 'node:http', /does no I\/O/],
    ['basic-interpreter/coercion.ts', '../../engine/index.js', /imports no other area/],
    ['engine/routing-rule.ts', '../adapters/index.js', /does not know adapters/],
    ['engine/routing-rule.ts', '../attendance/index.js', /does not know adapters, HTTP or attendance/],
    ['engine/routing-rule.ts', 'ioredis', /only through ports/],
    ['adapters/web/web-adapter.ts', '../../attendance/index.js', /nothing else/],
    ['adapters/web/web-adapter.ts', '../../engine/receive-message.js', /through engine\/index\.js/],
    ['attendance/priority.ts', '../http/app.js', /no HTTP/],
    ['attendance/priority.ts', '../engine/receive-message.js', /through engine\/index\.js/],
    ['infra/logger.ts', '../engine/index.js', /no domain area/],
    ['auth/roles.ts', 'express', /knows no HTTP/],
    ['groups/group-access.ts', '../db/index.js', /groups\/ knows its port/],
    ['groups/group-access.ts', 'drizzle-orm', /groups\/ reaches drivers only/],
    ['http/routes/health.ts', '../../groups/providers/embedded.js', /through their index\.js/],
    ['knowledge/chunk-text.ts', '../db/index.js', /knowledge\/ knows its ports/],
    ['knowledge/chunk-text.ts', '../engine/index.js', /knowledge\/ knows its ports/],
    ['knowledge/chunk-text.ts', 'drizzle-orm', /knowledge\/ reaches the database only/],
    ['content/content-actor.ts', '../http/app.js', /content\/ knows its repositories/],
    ['content/files/file-path.ts', '../../basic-interpreter/host/file-store.js', /content\/ uses the interpreter through its index\.js/],
    ['http/routes/health.ts', '../../content/files/write-file.js', /through their index\.js/],
  ])('%s importing %s', async (file, specifier, rule) => {
    const errors = await importErrors(file, specifier);
    expect(errors).toEqual([expect.stringMatching(rule)]);
  });

  test.each([
    ['http/routes/health.ts', '../../engine/index.js'],
    ['engine/routing-rule.ts', '../db/index.js'],
    ['engine/routing-rule.ts', '../basic-interpreter/index.js'],
    ['adapters/web/web-adapter.ts', '../../engine/index.js'],
    ['attendance/priority.ts', '../engine/index.js'],
    ['db/uuid.ts', 'drizzle-orm'],
    ['basic-interpreter/coercion.ts', './values.js'],
    ['groups/group-access.ts', '../infra/errors.js'],
    ['http/routes/health.ts', '../../groups/index.js'],
    ['content/content-actor.ts', '../db/index.js'],
    ['http/routes/health.ts', '../../content/index.js'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });
});
