import { createHash, generateKeyPairSync, randomBytes, sign, type JsonWebKey } from 'node:crypto';
import type { Clock } from '../server/clock';

export const CLIENT_ID = 'orchestrator-workbench';
/** The id_token signing algorithm, advertised in discovery (`id_token_signing_alg_values_supported`). */
export const ID_TOKEN_ALG = 'ES256';
const CODE_LIFETIME_MS = 60_000;
/** RFC 9126: a pushed request lives briefly; it may be read again (a reloaded login page) until it is used or expires. */
export const PUSHED_REQUEST_LIFETIME_S = 90;
const REQUEST_URI_PREFIX = 'urn:ietf:params:oauth:request_uri:';

export interface Grant {
  userName: string;
  tenant: string;
  scope: string;
  audience: string | null;
}

interface PendingCode extends Grant {
  challenge: string;
  redirectUri: string;
  clientId: string;
  nonce: string;
  expiresAt: number;
}

export interface AccessGrant extends Grant {
  expiresAt: number;
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');
const random = (bytes = 32) => base64url(randomBytes(bytes));

/** Codes, access tokens and refresh tokens of the sandbox identity provider (memory only). */
export class TokenStore {
  private readonly codes = new Map<string, PendingCode>();
  private readonly pushed = new Map<string, { params: string; expiresAt: number }>();
  private readonly access = new Map<string, AccessGrant>();
  private readonly refresh = new Map<string, Grant & { clientId: string }>();
  /**
   * id_tokens are signed with an ES256 key made at each start (instant, unlike RSA); the public half is published as
   * the JWKS (`/identity/jwks`), so clients verify signatures as they would with a real provider.
   */
  private readonly signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly keyId = random(8);

  constructor(
    private readonly clock: Clock,
    private readonly tokenTtlSeconds: number,
    private readonly issuerUrl: () => string,
  ) {}

  get issuer(): string {
    return this.issuerUrl();
  }

  issueCode(grant: Grant & { challenge: string; redirectUri: string; clientId: string; nonce: string }): string {
    const code = random();
    this.codes.set(code, { ...grant, expiresAt: this.clock.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** Stores the parameters of a pushed authorization request (RFC 9126) and names them by a request_uri. */
  pushRequest(params: URLSearchParams): string {
    const requestUri = `${REQUEST_URI_PREFIX}${random(24)}`;
    this.pushed.set(requestUri, {
      params: params.toString(),
      expiresAt: this.clock.now() + PUSHED_REQUEST_LIFETIME_S * 1000,
    });
    return requestUri;
  }

  /** The pushed parameters behind a request_uri, while it lives; `consume` ends it (a code was issued from it). */
  pushedRequest(requestUri: string, consume = false): URLSearchParams | undefined {
    const entry = this.pushed.get(requestUri);
    if (!entry || entry.expiresAt <= this.clock.now()) {
      this.pushed.delete(requestUri);
      return undefined;
    }
    if (consume) this.pushed.delete(requestUri);
    return new URLSearchParams(entry.params);
  }

  /** Single use: the code is gone whether or not the exchange succeeds. */
  takeCode(code: string): PendingCode | undefined {
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (!pending || pending.expiresAt < this.clock.now()) return undefined;
    return pending;
  }

  static challengeOf(verifier: string): string {
    return base64url(createHash('sha256').update(verifier).digest());
  }

  issueTokens(grant: Grant, clientId: string, nonce?: string) {
    const accessToken = `sbx_at_${random()}`;
    const refreshToken = `sbx_rt_${random()}`;
    const now = this.clock.now();
    this.access.set(accessToken, { ...grant, expiresAt: now + this.tokenTtlSeconds * 1000 });
    this.refresh.set(refreshToken, { ...grant, clientId });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      id_token: this.idToken(grant, clientId, nonce, now),
      scope: grant.scope,
      expires_in: this.tokenTtlSeconds,
      token_type: 'Bearer',
    };
  }

  /** An access token alone: the client-credentials grant has no refresh token and no id_token (RFC 6749 §4.4.3). */
  issueAccessToken(grant: Grant) {
    const accessToken = `sbx_at_${random()}`;
    this.access.set(accessToken, { ...grant, expiresAt: this.clock.now() + this.tokenTtlSeconds * 1000 });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: this.tokenTtlSeconds, scope: grant.scope };
  }

  /** Rotation: the presented refresh token stops working the moment a new one is issued. */
  rotate(refreshToken: string, clientId: string) {
    const grant = this.refresh.get(refreshToken);
    if (!grant || grant.clientId !== clientId) return undefined;
    this.refresh.delete(refreshToken);
    const { clientId: _ignored, ...rest } = grant;
    return this.issueTokens(rest, clientId);
  }

  lookup(accessToken: string): AccessGrant | 'expired' | undefined {
    const grant = this.access.get(accessToken);
    if (!grant) return undefined;
    if (grant.expiresAt <= this.clock.now()) return 'expired';
    return grant;
  }

  /** Drops every token of a user (admin endpoint: simulates a revoked consent). */
  revokeAll(): void {
    this.access.clear();
    this.refresh.clear();
  }

  /** The public signing key as a JSON Web Key Set (RFC 7517). */
  jwks(): { keys: JsonWebKey[] } {
    return {
      keys: [
        { ...this.signingKey.publicKey.export({ format: 'jwk' }), kid: this.keyId, use: 'sig', alg: ID_TOKEN_ALG },
      ],
    };
  }

  private idToken(grant: Grant, clientId: string, nonce: string | undefined, now: number): string {
    const header = { alg: ID_TOKEN_ALG, typ: 'JWT', kid: this.keyId };
    const payload = {
      iss: this.issuer,
      sub: grant.userName,
      aud: clientId,
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + this.tokenTtlSeconds,
      ...(nonce ? { nonce } : {}),
      preferred_username: grant.userName,
      email: `${grant.userName}@sandbox.test`,
      name: grant.userName,
      tenant: grant.tenant,
    };
    const body = `${base64url(Buffer.from(JSON.stringify(header)))}.${base64url(Buffer.from(JSON.stringify(payload)))}`;
    // JWS wants the raw r||s signature (IEEE P1363), not node's default DER encoding.
    return `${body}.${base64url(sign('sha256', Buffer.from(body), { key: this.signingKey.privateKey, dsaEncoding: 'ieee-p1363' }))}`;
  }
}
