/**
 * Microsoft Entra ID sends booleans as strings in PATCH (`{"op":"Replace","path":"active","value":"False"}`,
 * documented in its SCIM guide), which scimmy rightly refuses; they are read as booleans first.
 */
export function normalizePatch(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { Operations?: unknown }).Operations)) return body;
  const message = body as { Operations: Record<string, unknown>[] };
  return {
    ...message,
    Operations: message.Operations.map((op) => {
      if (typeof op.path === 'string' && op.path.toLowerCase() === 'active') return { ...op, value: asBoolean(op.value) };
      if (!op.path && op.value && typeof op.value === 'object' && !Array.isArray(op.value)) {
        const value = Object.fromEntries(Object.entries(op.value as Record<string, unknown>).map(([k, v]) => [k, k.toLowerCase() === 'active' ? asBoolean(v) : v]));
        return { ...op, value };
      }
      return op;
    }),
  };
}

function asBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
}
