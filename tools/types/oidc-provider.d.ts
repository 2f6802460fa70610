// oidc-provider 9 ships no type declarations; this is the part of its API the sandbox uses
// (tools/oidc-sandbox.ts). See https://github.com/panva/node-oidc-provider/blob/main/docs/README.md.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaCookies {
    set(name: string, value: string | null, options?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; path?: string; signed?: boolean; maxAge?: number; overwrite?: boolean }): void;
  }
  export interface ProviderContext {
    cookies: KoaCookies;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }
  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }
  export interface Configuration {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: ProviderContext, sub: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    conformIdTokenClaims?: boolean;
    pkce?: { required?: (ctx: ProviderContext, client: unknown) => boolean };
    loadExistingGrant?: (ctx: ProviderContext) => Promise<Grant | undefined>;
    ttl?: Record<string, number>;
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean }>;
    clientBasedCORS?: (ctx: ProviderContext, origin: string, client: unknown) => boolean;
    renderError?: (ctx: unknown, out: Record<string, string>, error: Error) => void | Promise<void>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    Grant: { new (init: { clientId: string; accountId?: string }): Grant; find(id: string): Promise<Grant | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (ctx: ProviderContext, ...rest: unknown[]) => void): this;
  }
}
