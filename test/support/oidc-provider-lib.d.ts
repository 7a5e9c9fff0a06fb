// oidc-provider ships no types (and @types/oidc-provider is not installed): the part the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ProviderAccount {
    accountId: string;
    claims(): Record<string, unknown>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: {
      clients: Record<string, unknown>[];
      cookies?: { keys: string[] };
      jwks?: { keys: Record<string, unknown>[] };
      ttl?: Record<string, number>;
      claims?: Record<string, string[]>;
      pkce?: { required: () => boolean };
      findAccount(ctx: unknown, id: string): ProviderAccount | undefined;
    });
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  }
}
