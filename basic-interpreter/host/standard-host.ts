import type { Effect, EffectBody, EffectHost } from './effects.js';
import type { MemoryStore, TableStore } from './stores.js';
import { parseTableFilter } from './table-filter.js';
import type { Value } from '../values.js';

/** The effects that belong to the conversation's surroundings (engine or CLI), not to data or HTTP. */
export type ConversationEffect = Exclude<
  Effect,
  { type: 'http' | 'table.insert' | 'table.find' | 'table.update' | 'table.delete' | `memory.${string}` }
>;

/** What an HTTP client needs of an `http` effect (GET, POST, PUT, PATCH, DELETE); the effect itself can be passed. */
export type HttpRequest = Pick<Extract<EffectBody, { type: 'http' }>, 'method' | 'url' | 'body' | 'headers'>;

/**
 * The HTTP client behind the HTTP keywords: a port, so the interpreter does no network I/O. The
 * server and the CLI pass the guarded client of engine/host/http-effect.ts; tests may pass a fake.
 */
export type HttpPerformer = (request: HttpRequest) => Promise<Value>;

export interface StandardHostParts {
  tables: TableStore;
  botMemory: MemoryStore;
  userMemory: MemoryStore;
  http: HttpPerformer;
  /** Everything else: transfer, meetings, mail, session keys, LLM… */
  conversation(effect: ConversationEffect): Promise<Value>;
  /** Sees every effect before it is performed (the CLI's --trace). */
  observe?: (effect: Effect) => void;
}

/**
 * An EffectHost built from the stores and the HTTP performer, shared by the server, the CLI and
 * tests so data, memory and HTTP keywords behave the same everywhere; the rest is handed on.
 */
export function createStandardHost(parts: StandardHostParts): EffectHost {
  return {
    async perform(effect) {
      parts.observe?.(effect);
      switch (effect.type) {
        case 'http':
          return parts.http(effect);
        case 'table.insert':
          await parts.tables.insert(effect.table, effect.row);
          return null;
        case 'table.find':
          return parts.tables.find(effect.table, parseTableFilter(effect.filter));
        case 'table.update':
          return parts.tables.update(effect.table, parseTableFilter(effect.filter), effect.values);
        case 'table.delete':
          return parts.tables.delete(effect.table, parseTableFilter(effect.filter));
        case 'memory.bot.get':
          return parts.botMemory.get(effect.key);
        case 'memory.bot.set':
          await parts.botMemory.set(effect.key, effect.value);
          return null;
        case 'memory.user.get':
          return parts.userMemory.get(effect.key);
        case 'memory.user.set':
          await parts.userMemory.set(effect.key, effect.value);
          return null;
        default:
          return parts.conversation(effect);
      }
    },
  };
}
