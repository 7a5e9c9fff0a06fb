import { compileDefaults } from './test-ast.js';

/**
 * The VM tests again with the generated-code tier off: every transcript must come out the same
 * on the instruction loop alone (the reference the generated code mirrors).
 */
compileDefaults.jit = false;
await import('./vm-expr.test.js');
await import('./vm-control.test.js');
await import('./vm-dialog.test.js');
await import('./vm-effects.test.js');
