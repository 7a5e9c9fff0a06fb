/**
 * Every value a BASIC program can hold is plain JSON: that is what lets a suspended dialog be
 * saved in the database and resumed in another process. Dates are ISO 8601 strings.
 */
export type Value = null | boolean | number | string | Value[] | { [key: string]: Value };

/** An object value (not an array, not null). */
export type ObjectValue = { [key: string]: Value };

export function isObjectValue(value: Value): value is ObjectValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
