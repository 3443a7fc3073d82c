/** oidc-provider ships no types; this is the part social-login.test.ts uses (its in-process provider). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, unknown>;
    cookies?: { keys?: string[] };
    /** Seconds each artefact lives. */
    ttl?: Record<string, number>;
    findAccount?: (context: unknown, accountId: string) => Account | undefined | Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
