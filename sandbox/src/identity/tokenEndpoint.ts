import { timingSafeEqual } from 'node:crypto';
import { ErrorCode, HttpError } from '../server/errors';
import { json, type Reply, type Request } from '../server/http';
import { CLIENT_ID, TokenStore } from './tokens';

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * A confidential application registered with the identity provider: it authenticates with its secret and gets
 * tokens for itself through the client-credentials grant (RFC 6749 §4.4), acting as `principal`.
 */
export interface ConfidentialApplication {
  clientId: string;
  secret: string;
  /** The scopes it was granted; a token request may ask for any subset (none asked = all of them). */
  grantedScopes: readonly string[];
  /** The user name its tokens act as (a principal the orchestration service knows). */
  principal: string;
}

/** The scopes the seed's application was granted (orchestration-service scopes as real providers name them). */
export const APP_SCOPES: readonly string[] = [
  'OR.Folders.Read',
  'OR.Jobs',
  'OR.Queues',
  'OR.Execution',
  'OR.Assets',
  'OR.Robots.Read',
];

export interface TokenEndpointContext {
  tokens: TokenStore;
  tenants: () => string[];
  applications: readonly ConfidentialApplication[];
}

/** RFC 6749 §5.2 error bodies ({ error, error_description }) instead of the services' common body. */
export function tokenError(error: string, description: string, status = 400, headers?: Record<string, string>) {
  const e = new HttpError(status, ErrorCode.invalidRequest, description, headers);
  e.body = () => ({ error, error_description: description });
  return e;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who is calling: the public PKCE client (no secret) or a confidential application, authenticated by HTTP Basic or
 * by client_id and client_secret in the body (RFC 6749 §2.3.1). Descriptions never repeat a presented secret.
 */
function authenticateClient(
  req: Request,
  get: (key: string) => string | undefined,
  ctx: TokenEndpointContext,
): { kind: 'public' } | { kind: 'confidential'; app: ConfidentialApplication } {
  const basic = req.header('authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
  let clientId = get('client_id');
  let secret = get('client_secret');
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    clientId = decodeURIComponent(decoded.slice(0, colon < 0 ? undefined : colon));
    secret = colon < 0 ? '' : decodeURIComponent(decoded.slice(colon + 1));
  }
  const refuse = (description: string) =>
    tokenError('invalid_client', description, 401, basic ? { 'WWW-Authenticate': 'Basic realm="sandbox"' } : {});
  if (clientId === CLIENT_ID && secret === undefined) return { kind: 'public' };
  const app = ctx.applications.find((a) => a.clientId === clientId);
  if (!app) throw refuse(`Unknown client_id '${clientId ?? ''}'.`);
  if (secret === undefined || !sameSecret(secret, app.secret))
    throw refuse(`Client authentication failed for '${app.clientId}': the client secret is missing or wrong.`);
  return { kind: 'confidential', app };
}

function clientCredentials(
  app: ConfidentialApplication,
  get: (key: string) => string | undefined,
  ctx: TokenEndpointContext,
) {
  const asked = (get('scope') ?? '').split(' ').filter(Boolean);
  const notGranted = asked.filter((scope) => !app.grantedScopes.includes(scope));
  if (notGranted.length > 0)
    throw tokenError('invalid_scope', `'${app.clientId}' was not granted ${notGranted.join(', ')}.`);
  const tenant = get('tenant') ?? 'main';
  if (!ctx.tenants().includes(tenant)) throw tokenError('invalid_request', `Unknown tenant '${tenant}'.`);
  const scope = (asked.length > 0 ? asked : app.grantedScopes).join(' ');
  return ctx.tokens.issueAccessToken({ userName: app.principal, tenant, scope, audience: null });
}

/** POST {auth_url}/oauth/token and {auth_url}/connect/token: the three grants, JSON or form bodies. */
export function tokenRequest(req: Request, ctx: TokenEndpointContext): Reply {
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
  const get = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
  const client = authenticateClient(req, get, ctx);
  const grantType = get('grant_type');
  if (client.kind === 'confidential') {
    if (grantType !== 'client_credentials')
      throw tokenError(
        'unauthorized_client',
        `'${client.app.clientId}' may use only grant_type=client_credentials (it gets no refresh tokens).`,
      );
    return json(clientCredentials(client.app, get, ctx));
  }
  switch (grantType) {
    case 'authorization_code': {
      const code = get('code');
      const verifier = get('code_verifier');
      const redirectUri = get('redirect_uri');
      if (!code || !verifier || !redirectUri)
        throw tokenError('invalid_request', 'code, code_verifier and redirect_uri are required.');
      if (!VERIFIER.test(verifier))
        throw tokenError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters.');
      const pending = ctx.tokens.takeCode(code);
      if (!pending) throw tokenError('invalid_grant', 'The authorization code is invalid, expired or already used.');
      if (pending.redirectUri !== redirectUri)
        throw tokenError('invalid_grant', 'redirect_uri does not match the authorization request.');
      if (pending.clientId !== CLIENT_ID)
        throw tokenError('invalid_grant', 'client_id does not match the authorization request.');
      if (TokenStore.challengeOf(verifier) !== pending.challenge)
        throw tokenError('invalid_grant', 'code_verifier does not match the code_challenge.');
      return json(ctx.tokens.issueTokens(pending, CLIENT_ID, pending.nonce));
    }
    case 'refresh_token': {
      const refreshToken = get('refresh_token');
      if (!refreshToken) throw tokenError('invalid_request', 'refresh_token is required.');
      const tokens = ctx.tokens.rotate(refreshToken, CLIENT_ID);
      if (!tokens) throw tokenError('invalid_grant', 'The refresh token is invalid, expired or was already used.');
      return json(tokens);
    }
    case 'client_credentials':
      throw tokenError('unauthorized_client', `The public client '${CLIENT_ID}' has no secret: sign in with PKCE.`);
    default:
      throw tokenError(
        'unsupported_grant_type',
        `grant_type must be authorization_code, refresh_token or client_credentials.`,
      );
  }
}
