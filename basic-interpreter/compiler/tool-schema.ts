import type { Value } from '../values.js';
import { isScript, type CompiledScript } from '../vm/index.js';

/**
 * A script with PARAM declarations is a tool an LLM may call: this gives its function-calling
 * description (name, DESCRIPTION, and a JSON Schema of the PARAMs, required unless OPTIONAL).
 */

/** JSON Schema for one PARAM type; unknown types are strings. */
const TYPES: Record<string, { type: string; format?: string }> = {
  STRING: { type: 'string' },
  TEXT: { type: 'string' },
  NAME: { type: 'string' },
  EMAIL: { type: 'string', format: 'email' },
  URL: { type: 'string', format: 'uri' },
  UUID: { type: 'string', format: 'uuid' },
  DATE: { type: 'string', format: 'date' },
  DATETIME: { type: 'string', format: 'date-time' },
  HOUR: { type: 'string', format: 'time' },
  TIME: { type: 'string', format: 'time' },
  MOBILE: { type: 'string' },
  PHONE: { type: 'string' },
  ZIPCODE: { type: 'string' },
  INTEGER: { type: 'integer' },
  NUMBER: { type: 'number' },
  MONEY: { type: 'number' },
  CURRENCY: { type: 'number' },
  BOOLEAN: { type: 'boolean' },
  OBJECT: { type: 'object' },
  ARRAY: { type: 'array' },
};

/** The JSON Schema of one PARAM. */
export interface ToolParameterSchema {
  type: string;
  format?: string;
  description?: string;
  examples?: Value[];
}

/** A function-calling tool description, as LLM APIs take it. */
export interface ToolSchema {
  name: string;
  description: string;
  parameters: {
    type: 'object';
    properties: Record<string, ToolParameterSchema>;
    required: string[];
  };
}

/** The tool description of a script: its name, DESCRIPTION (or a default) and PARAMs. */
export function toolSchema(script: CompiledScript): ToolSchema {
  const params = isScript(script) ? script.params : [];
  const properties: Record<string, ToolParameterSchema> = {};
  for (const p of params) {
    properties[p.name] = {
      ...(TYPES[p.type.toUpperCase()] ?? { type: 'string' }),
      ...(p.description !== undefined ? { description: p.description } : {}),
      ...(p.example !== undefined ? { examples: [p.example] } : {}),
    };
  }
  return {
    name: script.name,
    description: (isScript(script) ? script.description : undefined) ?? `Runs the ${script.name} script`,
    parameters: { type: 'object', properties, required: params.filter((p) => p.optional !== true).map((p) => p.name) },
  };
}
