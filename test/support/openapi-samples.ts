/** The parts of the live OpenAPI document (`/api/openapi.json`) the suites that walk it read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
}
export interface Parameter { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }
export interface Operation { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; security?: unknown[] }
export interface OpenApiDocument { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } }

/** A well-formed id no row has. */
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/** The schema behind `$ref`s, with `allOf` merged. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let depth = 0; s.$ref && depth < 10; depth++) s = document.components?.schemas?.[s.$ref.split('/').at(-1)!] ?? {};
  if (s.allOf?.length) return s.allOf.map((part) => resolveSchema(document, part)).reduce((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b.properties } }), {});
  return s;
}

/** A plausible valid value for a schema: every string `text` unless its format says otherwise. */
export function sampleOf(document: OpenApiDocument, schema: JsonSchema | undefined, text = 'sample text', depth = 0): unknown {
  const s = resolveSchema(document, schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const choice = s.anyOf ?? s.oneOf;
  if (choice?.length) return sampleOf(document, choice.find((c) => resolveSchema(document, c).type !== 'null') ?? choice[0], text, depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return UNKNOWN_UUID;
      if (s.format === 'email') return 'someone@example.test';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      return text;
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [sampleOf(document, s.items, text, depth + 1)];
    case 'object':
    default: {
      if (depth > 3 || !s.properties) return {};
      return Object.fromEntries(Object.entries(s.properties).map(([key, value]) => [key, sampleOf(document, value, text, depth + 1)]));
    }
  }
}
