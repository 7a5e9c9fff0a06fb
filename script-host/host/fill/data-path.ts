import type { Value } from '../../../basic-interpreter/index.js';

/**
 * The value a placeholder names in the script's data: `name`, `a.b` (one member after another)
 * or `.` / `this` (the data itself, an item of a list inside `{{#items}}…{{/items}}`). Own
 * members only, so `constructor` or `__proto__` name nothing; undefined when a step is missing.
 */
export function valueAt(data: Value, path: string): Value | undefined {
  const name = path.trim();
  if (name === '.' || name === 'this') return data;
  if (isMember(data, name)) return data[name];
  let current: Value | undefined = data;
  for (const step of name.split('.')) {
    if (!isMember(current, step)) return undefined;
    current = current[step];
  }
  return current;
}

function isMember(value: Value | undefined, key: string): value is Record<string, Value> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key);
}
