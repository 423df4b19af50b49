// The few parts of oidc-provider (v9, shipped without type declarations) the test support uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface StoredToken {
    jti: string;
    destroy(): Promise<void>;
  }
  interface TokenModel {
    find(value: string): Promise<StoredToken | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: any[]) => void): this;
    RefreshToken: TokenModel;
    AccessToken: TokenModel;
    ClientCredentials: TokenModel;
  }
}
