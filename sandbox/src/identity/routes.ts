import { badRequest } from '../server/errors';
import { html, json, type Reply, type Request } from '../server/http';
import type { PathRoute } from '../server/router';
import { USERS, findUser } from '../server/users';
import { CLIENT_ID, ID_TOKEN_ALG, PUSHED_REQUEST_LIFETIME_S } from './tokens';
import { tokenError, tokenRequest, type TokenEndpointContext } from './tokenEndpoint';
import { userInfo } from './userInfo';

/** The token endpoint's context, and the absolute URL of the root the request came in through (an alias or not). */
export interface IdentityContext extends TokenEndpointContext {
  root: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function isLoopbackRedirect(value: string | null): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.hash === '';
  } catch {
    return false;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function errorPage(message: string): Reply {
  return html(
    `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p id="error">${escapeHtml(message)}</p>`,
    400,
  );
}

function redirectWith(redirectUri: string, params: Record<string, string>): Reply {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return { kind: 'redirect', location: url.toString() };
}

/** Validates an authorization request. Client and redirect problems never redirect (RFC 6749 §4.1.2.1). */
function checkAuthorize(
  params: URLSearchParams,
  ctx: IdentityContext,
): { error: Reply } | { redirectUri: string; state: string; tenant: string } {
  if (params.get('client_id') !== CLIENT_ID)
    return { error: errorPage(`Unknown client_id '${params.get('client_id') ?? ''}'.`) };
  const redirectUri = params.get('redirect_uri');
  if (!isLoopbackRedirect(redirectUri))
    return {
      error: errorPage(
        `redirect_uri '${redirectUri ?? ''}' is not registered: only http URIs on a loopback host are allowed.`,
      ),
    };
  const state = params.get('state') ?? '';
  const fail = (description: string, error = 'invalid_request') => ({
    error: redirectWith(redirectUri!, { error, error_description: description, ...(state ? { state } : {}) }),
  });
  if (params.get('response_type') !== 'code') return fail('response_type must be code.', 'unsupported_response_type');
  if (!state) return fail('state is required.');
  if (!params.get('nonce')) return fail('nonce is required.');
  if (params.get('code_challenge_method') !== 'S256') return fail('code_challenge_method must be S256.');
  if (!CHALLENGE.test(params.get('code_challenge') ?? ''))
    return fail('code_challenge must be 43 base64url characters (S256).');
  if (!(params.get('scope') ?? '').split(' ').includes('openid'))
    return fail('scope must include openid.', 'invalid_scope');
  const tenant = params.get('tenant') ?? 'main';
  if (!ctx.tenants().includes(tenant)) return fail(`Unknown tenant '${tenant}'.`);
  return { redirectUri: redirectUri!, state, tenant };
}

/**
 * The parameters an authorization request stands for: its own query, or (RFC 9126) the pushed request its
 * `request_uri` names — then only client_id may stand beside it, and it must be the one that pushed. Undefined with an
 * error page when the request_uri is unknown, expired or used.
 */
function resolveRequest(
  params: URLSearchParams,
  ctx: IdentityContext,
  consume = false,
): { params: URLSearchParams } | { error: Reply } {
  const requestUri = params.get('request_uri');
  if (!requestUri) return { params };
  const pushed = ctx.tokens.pushedRequest(requestUri, consume);
  if (!pushed)
    return {
      error: errorPage(
        'The sign-in request has expired or was already used (request_uri). Start the sign-in again from the editor.',
      ),
    };
  if (params.get('client_id') !== pushed.get('client_id'))
    return { error: errorPage('client_id does not match the pushed authorization request.') };
  return { params: pushed };
}

function approve(request: URLSearchParams, ctx: IdentityContext, userName: string): Reply {
  const resolved = resolveRequest(request, ctx, true);
  if ('error' in resolved) return resolved.error;
  const params = resolved.params;
  const checked = checkAuthorize(params, ctx);
  if ('error' in checked) return checked.error;
  const user = findUser(userName);
  if (!user)
    return redirectWith(checked.redirectUri, {
      error: 'access_denied',
      error_description: `Unknown user '${userName}'.`,
      state: checked.state,
    });
  const code = ctx.tokens.issueCode({
    userName: user.userName,
    tenant: checked.tenant,
    scope: params.get('scope')!,
    audience: params.get('audience'),
    challenge: params.get('code_challenge')!,
    redirectUri: checked.redirectUri,
    clientId: CLIENT_ID,
    nonce: params.get('nonce')!,
  });
  return redirectWith(checked.redirectUri, { code, state: checked.state });
}

/** The page a user picks an account on; `hiddenParams` go back with the choice (a pushed request's two, or all). */
function loginPage(hiddenParams: URLSearchParams, tenant: string): Reply {
  const params = hiddenParams;
  const hidden = [...params.entries()]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = USERS.map(
    (u) =>
      `<button type="submit" name="user" value="${u.userName}" id="user-${u.userName}">${escapeHtml(`${u.name} ${u.surname}`)} <small>(${u.userName}, ${escapeHtml(u.roleName)})</small></button>`,
  ).join('<br>');
  return html(`<!doctype html><html><head><meta charset="utf-8"><title>Sandbox sign-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto}button{width:100%;padding:.6rem;margin:.25rem 0;text-align:left}</style></head>
<body><h1>Sandbox identity provider</h1><p>Choose who to sign in as (tenant <b>${escapeHtml(tenant)}</b>).</p>
<form method="post" action="authorize">${hidden}${buttons}</form></body></html>`);
}

/**
 * RFC 9126 §2: the client POSTs the authorization parameters (form-encoded) and gets a request_uri to put in the
 * browser's URL instead. Checked like an authorization request, but every problem is a JSON 400: there is no browser
 * to redirect yet.
 */
function pushedAuthorizationRequest(req: Request, ctx: IdentityContext): Reply {
  if (!(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    throw tokenError(
      'invalid_request',
      'A pushed authorization request is form-encoded (application/x-www-form-urlencoded).',
    );
  const params = new URLSearchParams((req.body ?? {}) as Record<string, string>);
  if (params.has('request_uri')) throw tokenError('invalid_request', 'request_uri cannot be pushed.');
  if (params.get('client_id') !== CLIENT_ID)
    throw tokenError('invalid_client', `Unknown client_id '${params.get('client_id') ?? ''}'.`, 401);
  const checked = checkAuthorize(params, ctx);
  if ('error' in checked) {
    const location = checked.error.kind === 'redirect' ? new URL(checked.error.location) : undefined;
    throw tokenError(
      location?.searchParams.get('error') ?? 'invalid_request',
      location?.searchParams.get('error_description') ??
        'The redirect_uri is not registered: only http URIs on a loopback host are allowed.',
    );
  }
  return json({ request_uri: ctx.tokens.pushRequest(params), expires_in: PUSHED_REQUEST_LIFETIME_S }, 201);
}

/** GET authorize: the login page, or at once with prompt=none and login_hint. */
function authorizeGet(req: Request, ctx: IdentityContext): Reply {
  const resolved = resolveRequest(req.url.searchParams, ctx);
  if ('error' in resolved) return resolved.error;
  const params = resolved.params;
  const checked = checkAuthorize(params, ctx);
  if ('error' in checked) return checked.error;
  const hint = params.get('login_hint');
  if (params.get('prompt') === 'none') {
    if (!hint)
      return redirectWith(checked.redirectUri, {
        error: 'login_required',
        error_description: 'prompt=none needs login_hint.',
        state: checked.state,
      });
    return approve(req.url.searchParams, ctx, hint);
  }
  // A pushed request's page carries only client_id and request_uri: nothing a proxy on the way could rewrite.
  return loginPage(
    req.url.searchParams.has('request_uri')
      ? new URLSearchParams({
          client_id: params.get('client_id')!,
          request_uri: req.url.searchParams.get('request_uri')!,
        })
      : params,
    params.get('tenant') ?? 'main',
  );
}

/** POST authorize: the login page's form (it posts back to the path it was served from). */
function authorizePost(req: Request, ctx: IdentityContext): Reply {
  const form = new URLSearchParams((req.body ?? {}) as Record<string, string>);
  const user = form.get('user');
  form.delete('user');
  if (!user) throw badRequest('Choose a user.');
  return approve(form, ctx, user);
}

/**
 * The discovery document names the endpoints under the root it was read from (`{auth_url}` or an alias, README), so
 * a client that found the provider there stays there; the issuer is the provider's one name, as its id_tokens say.
 */
function discovery(ctx: IdentityContext) {
  const root = ctx.root;
  return {
    issuer: ctx.tokens.issuer,
    authorization_endpoint: `${root}/authorize`,
    token_endpoint: `${root}/oauth/token`,
    userinfo_endpoint: `${root}/connect/userinfo`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    code_challenge_methods_supported: ['S256'],
    pushed_authorization_request_endpoint: `${root}/par`,
    require_pushed_authorization_requests: false,
    jwks_uri: `${root}/jwks`,
    scopes_supported: ['openid', 'profile', 'offline_access', 'email'],
    id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    subject_types_supported: ['public'],
  };
}

/**
 * Each endpoint also at the path real providers of this kind serve it (`/connect/authorize`, `/connect/par`,
 * `/.well-known/openid-configuration/jwks`): clients written against them call those.
 */
export const IDENTITY_ROUTES: PathRoute<IdentityContext>[] = [
  ...['/authorize', '/connect/authorize'].flatMap((pattern): PathRoute<IdentityContext>[] => [
    {
      method: 'GET',
      pattern,
      summary: 'Authorization endpoint (login page, or prompt=none with login_hint)',
      handler: (req, _p, ctx) => authorizeGet(req, ctx),
    },
    { method: 'POST', pattern, summary: 'Login form submission', handler: (req, _p, ctx) => authorizePost(req, ctx) },
  ]),
  ...['/par', '/connect/par'].map((pattern): PathRoute<IdentityContext> => ({
    method: 'POST',
    pattern,
    summary: 'Pushed authorization request (RFC 9126)',
    handler: (req, _p, ctx) => pushedAuthorizationRequest(req, ctx),
  })),
  {
    method: 'POST',
    pattern: '/oauth/token',
    summary: 'Token endpoint',
    handler: (req, _p, ctx) => tokenRequest(req, ctx),
  },
  {
    // Where clients of the client-credentials grant look for it (the provider's own path); the same endpoint.
    method: 'POST',
    pattern: '/connect/token',
    summary: 'Token endpoint (also client credentials)',
    handler: (req, _p, ctx) => tokenRequest(req, ctx),
  },
  {
    method: 'GET',
    pattern: '/connect/userinfo',
    summary: 'UserInfo endpoint (OpenID Connect Core §5.3)',
    handler: (req, _p, ctx) => userInfo(req, ctx),
  },
  ...['/jwks', '/.well-known/openid-configuration/jwks'].map((pattern): PathRoute<IdentityContext> => ({
    method: 'GET',
    pattern,
    summary: 'id_token signing keys (JWKS)',
    handler: (_r, _p, ctx) => json(ctx.tokens.jwks()),
  })),
  {
    method: 'GET',
    pattern: '/.well-known/openid-configuration',
    summary: 'Discovery',
    handler: (_r, _p, ctx) => json(discovery(ctx)),
  },
];
