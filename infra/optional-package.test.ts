import { execFileSync } from 'node:child_process';
import { loadOptional, MissingOptionalPackageError } from './optional-package.js';

const FEATURE = 'filling Excel templates';

test('a package left out: the error names the feature, the package and how to add it', async () => {
  const name = 'switchboard-no-such-package';
  const error = await loadOptional(name, FEATURE, () => import(name)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MissingOptionalPackageError);
  expect((error as Error).message).toBe(
    `${FEATURE} needs ${name}, an optional dependency this install left out (--omit=optional); npm install without --omit=optional adds it`,
  );
});

test("node's own message for a package missing under a module that imports it", async () => {
  // What `import('./fill-xlsx.js')` throws under node when exceljs is absent (checked below as well).
  const nodeError = Object.assign(new Error("Cannot find package 'exceljs' imported from /app/dist/script-host/host/fill/fill-xlsx.js"), { code: 'ERR_MODULE_NOT_FOUND' });
  await expect(loadOptional('exceljs', FEATURE, () => Promise.reject(nodeError))).rejects.toThrow(MissingOptionalPackageError);
});

test('another missing module, or a package that fails to load, is rethrown as it is', async () => {
  const other = Object.assign(new Error("Cannot find package 'exceljs-extra' imported from /app/a.js"), { code: 'ERR_MODULE_NOT_FOUND' });
  await expect(loadOptional('exceljs', FEATURE, () => Promise.reject(other))).rejects.toBe(other);
  const broken = new SyntaxError('Unexpected token');
  await expect(loadOptional('exceljs', FEATURE, () => Promise.reject(broken))).rejects.toBe(broken);
  await expect(loadOptional('exceljs', FEATURE, async () => 42)).resolves.toBe(42);
});

test('a feature that needs two packages names the one missing', async () => {
  const nodeError = Object.assign(new Error("Cannot find package 'pizzip' imported from /app/fill-docx.js"), { code: 'ERR_MODULE_NOT_FOUND' });
  const error = await loadOptional(['docxtemplater', 'pizzip'], 'filling Word templates', () => Promise.reject(nodeError)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MissingOptionalPackageError);
  expect((error as MissingOptionalPackageError).packageName).toBe('pizzip');
});

test('under plain node, a missing package is recognised', () => {
  const script = "import('switchboard-no-such-package').catch((e) => console.log(e.code, e.message))";
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(out).toMatch(/^ERR_MODULE_NOT_FOUND Cannot find package 'switchboard-no-such-package' imported from /);
});
