import Handlebars from 'handlebars';
import { ValidationError } from '../infra/errors.js';

/**
 * Templates on Handlebars (docs/notifications.md, "Templates"): `{{variable}}` placeholders,
 * rendered as plain text (no HTML escaping: the channel decides how text is shown) and in strict
 * mode, so a variable that is missing at render time is an error, never an empty string.
 */

/** The top-level variable names a template reads (`{{name}}`, `{{#if flag}}`, `{{user.name}}` → `user`). */
export function placeholders(source: string): Set<string> {
  let ast: hbs.AST.Program;
  try {
    ast = Handlebars.parse(source);
  } catch (error) {
    throw new ValidationError(`Template does not parse: ${(error as Error).message}`, [], 'invalid_template');
  }
  const names = new Set<string>();
  class Collector extends Handlebars.Visitor {
    override PathExpression(path: hbs.AST.PathExpression): void {
      const head = path.parts[0];
      if (head !== undefined && !path.data && path.depth === 0 && path.original !== 'this') names.add(head);
    }
  }
  // Helpers such as `if`/`each` are the paths of block statements: remove the built-in names.
  new Collector().accept(ast);
  for (const helper of Object.keys(Handlebars.helpers)) names.delete(helper);
  return names;
}

/** Renders `source` with `variables`; every placeholder must be given. */
export function renderTemplate(source: string, variables: Record<string, unknown>): string {
  return Handlebars.compile(source, { strict: true, noEscape: true })(variables);
}
