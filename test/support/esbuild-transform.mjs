// jest's TypeScript transform (jest.config.js): esbuild strips the types of each file, as ts-jest
// did in its transpile-only mode (`isolatedModules`), at a fraction of the cost; `npm run
// typecheck` checks the types. On a clean clone every test worker transforms the whole module
// graph of its first suites before a test runs (docs/performance.md, "CI time").
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform, transformSync, version } from 'esbuild';

// The options of tsconfig.json that change what esbuild emits; its other options only check.
const TSCONFIG = { compilerOptions: { target: 'ES2022', useDefineForClassFields: true, verbatimModuleSyntax: true } };
const OWN_SOURCE = readFileSync(fileURLToPath(import.meta.url), 'utf8');

const optionsFor = (filename, transformOptions) => ({
  loader: 'ts',
  // ESM for the suites (jest.config.js: extensionsToTreatAsEsm), CommonJS where jest asks for it.
  format: transformOptions.supportsStaticESM ? 'esm' : 'cjs',
  target: 'node20',
  sourcemap: 'external',
  sourcesContent: false,
  sourcefile: filename,
  tsconfigRaw: TSCONFIG,
});

const result = ({ code, map }) => ({ code, map });

export default {
  canInstrument: false,
  getCacheKey(source, filename, transformOptions) {
    return createHash('sha256')
      .update(OWN_SOURCE).update('\0').update(version).update('\0')
      .update(filename).update('\0').update(String(transformOptions.supportsStaticESM)).update('\0')
      .update(transformOptions.configString).update('\0')
      .update(source)
      .digest('hex');
  },
  process(source, filename, transformOptions) {
    return result(transformSync(source, optionsFor(filename, transformOptions)));
  },
  async processAsync(source, filename, transformOptions) {
    return result(await transform(source, optionsFor(filename, transformOptions)));
  },
};
