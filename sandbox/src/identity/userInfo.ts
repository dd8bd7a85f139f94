import { json, type Reply, type Request } from '../server/http';
import { tokenError } from './tokenEndpoint';
import type { TokenStore } from './tokens';

/**
 * GET {auth_url}/connect/userinfo (OpenID Connect Core §5.3; beyond the spec, README): the signed-in user's claims, as
 * the id_token carries them, for an access token granted `openid`. Errors are RFC 6750 §3 bodies and challenges.
 */
export function userInfo(req: Request, ctx: { tokens: TokenStore }): Reply {
  const token = req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token)
    throw tokenError('invalid_request', 'Send Authorization: Bearer <access token>.', 401, {
      'WWW-Authenticate': 'Bearer',
    });
  const grant = ctx.tokens.lookup(token);
  if (!grant || grant === 'expired') {
    const description = grant === 'expired' ? 'The access token has expired.' : 'The access token is not valid.';
    throw tokenError('invalid_token', description, 401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  }
  if (!grant.scope.split(' ').includes('openid'))
    throw tokenError('insufficient_scope', 'The access token was not granted the openid scope.', 403, {
      'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="openid"',
    });
  return json({
    sub: grant.userName,
    preferred_username: grant.userName,
    name: grant.userName,
    email: `${grant.userName}@sandbox.test`,
    tenant: grant.tenant,
  });
}
