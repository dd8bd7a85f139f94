import { badRequest, ErrorCode, forbidden, HttpError, notFound } from '../server/errors';
import type { Reply, Request } from '../server/http';
import type { Clock, Random } from '../server/clock';
import { findPrincipal, type SandboxUser } from '../server/users';
import type { TokenStore } from '../identity/tokens';
import { parseODataPath } from './odataPath';
import { caseInsensitive } from '../odata/caseInsensitive';
import { RateLimiter, takeExport } from './limits';
import type { Call, ODataRoute, OrchestratorOptions } from './context';
import type { Folder, SandboxState, TenantState } from './state';
import { ORCHESTRATOR_ROUTES } from './routes';
import { canUseFolder } from './access';
import { API_ROUTES } from './routes/api';

export interface OrchestratorDeps {
  state: () => SandboxState;
  tokens: TokenStore;
  clock: Clock;
  random: Random;
  options: OrchestratorOptions;
  changed: () => void;
}

/** Checks the bearer token: it must be live and issued for this tenant. */
export function authenticate(req: Request, tokens: TokenStore, tenant: TenantState): SandboxUser {
  const header = req.header('authorization');
  const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token)
    throw new HttpError(
      401,
      ErrorCode.unauthorized,
      'You are not authenticated: send Authorization: Bearer <access token>.',
      { 'WWW-Authenticate': 'Bearer' },
    );
  const grant = tokens.lookup(token);
  if (grant === 'expired')
    throw new HttpError(401, ErrorCode.unauthorized, 'The access token has expired.', {
      'WWW-Authenticate': 'Bearer error="invalid_token", error_description="expired"',
    });
  if (!grant)
    throw new HttpError(401, ErrorCode.unauthorized, 'The access token is not valid.', {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    });
  if (grant.tenant !== tenant.Name)
    throw new HttpError(
      401,
      ErrorCode.unauthorized,
      `The access token was issued for tenant '${grant.tenant}', not '${tenant.Name}'.`,
      { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    );
  return findPrincipal(grant.userName)!;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeUtf16Base64(value: string): string {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0)
    throw badRequest('The encoded folder path header is not Base64.');
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length % 2 !== 0) throw badRequest('The encoded folder path header is not UTF-16 text (odd byte count).');
  return bytes.toString('utf16le');
}

/** Resolves the folder from whichever of the four headers was sent; several must agree. */
export function resolveFolder(
  req: Request,
  tenant: TenantState,
  user: SandboxUser,
  prefix: string,
): Folder | undefined {
  const byId = req.header(`${prefix}-OrganizationUnitId`);
  const encoded = req.header(`${prefix}-FolderPath-Encoded`);
  const plain = req.header(`${prefix}-FolderPath`);
  const byKey = req.header(`${prefix}-FolderKey`);
  const found: Folder[] = [];
  if (byKey !== undefined) {
    // Beyond the spec: real services also take a folder's Key; an unknown one is answered as an unknown id is.
    if (!GUID.test(byKey.trim()))
      throw badRequest(`${prefix}-FolderKey must be a folder's Key (a GUID), got '${byKey}'.`);
    const folder = tenant.folders.find((f) => f.Key.toLowerCase() === byKey.trim().toLowerCase());
    if (!folder) throw new HttpError(404, ErrorCode.folderNotFound, `Folder ${byKey} does not exist.`);
    found.push(folder);
  }
  if (byId !== undefined) {
    if (!/^\d+$/.test(byId.trim()))
      throw badRequest(`${prefix}-OrganizationUnitId must be a folder id (an integer), got '${byId}'.`);
    const folder = tenant.folders.find((f) => f.Id === Number(byId));
    if (!folder) throw new HttpError(404, ErrorCode.folderNotFound, `Folder ${byId} does not exist.`);
    found.push(folder);
  }
  for (const path of [encoded !== undefined ? decodeUtf16Base64(encoded) : undefined, plain]) {
    if (path === undefined) continue;
    const folder = tenant.folders.find(
      (f) =>
        f.FullyQualifiedName.toLowerCase() ===
        path
          .trim()
          .replace(/^\/+|\/+$/g, '')
          .toLowerCase(),
    );
    if (!folder) throw new HttpError(404, ErrorCode.folderNotFound, `Folder '${path}' does not exist.`);
    found.push(folder);
  }
  if (found.length === 0) return undefined;
  if (found.some((f) => f.Id !== found[0]!.Id))
    throw badRequest('The folder headers name different folders; send only one.');
  const folder = found[0]!;
  if (!canUseFolder(user, folder))
    throw forbidden(`You do not have access to folder '${folder.FullyQualifiedName}'.`, ErrorCode.folderAccessDenied);
  return folder;
}

function hasPermission(user: SandboxUser, requirement: string): boolean {
  return requirement.split('|').some((p) => user.permissions.has(p));
}

/** Orchestration service of one tenant: `/odata/...` and `/api/...` below the tenant prefix. */
export class OrchestratorService {
  private readonly limiter: RateLimiter;

  constructor(private readonly deps: OrchestratorDeps) {
    this.limiter = new RateLimiter(deps.clock, deps.options.rateLimitPerMinute);
  }

  resetLimits(): void {
    this.limiter.reset();
  }

  handle(req: Request, tenant: TenantState, rest: string[], tenantBase: string): Reply {
    const user = authenticate(req, this.deps.tokens, tenant);
    if (!tenant.IsActive) throw forbidden(`Tenant '${tenant.Name}' is deactivated.`);
    const [area, ...path] = rest;
    if (area === 'api') return this.handleApi(req, tenant, user, path);
    if (area !== 'odata') throw notFound(`No resource at '/${rest.join('/')}'.`);
    const parsed = parseODataPath(path);
    const { namespace, queueNamespace } = this.deps.options;
    const candidates = ORCHESTRATOR_ROUTES.filter(
      (r) =>
        r.set === parsed.set &&
        Boolean(r.key) === (parsed.key !== undefined) &&
        (r.operation ?? null) === (parsed.operation?.name ?? null),
    );
    if (candidates.length === 0) throw notFound(`No OData resource at '/odata/${path.join('/')}'.`);
    if (parsed.operation) {
      const wanted = candidates[0]!.queueNamespace ? queueNamespace : namespace;
      const accepted = candidates[0]!.alsoInNamespace ? [wanted, namespace] : [wanted];
      if (!accepted.includes(parsed.operation.namespace))
        throw notFound(
          `Unknown operation namespace '${parsed.operation.namespace}': use '${wanted}.${parsed.operation.name}'.`,
        );
    }
    const route = candidates.find((r) => r.method === req.method);
    if (!route)
      throw new HttpError(
        405,
        ErrorCode.methodNotAllowed,
        `${req.method} is not supported on /odata/${path.join('/')}. Allowed: ${candidates.map((r) => r.method).join(', ')}.`,
      );
    return this.invoke(route, {
      req: { ...req, body: caseInsensitive(req.body) },
      tenant,
      user,
      key: parsed.key,
      params: parsed.operation?.params ?? {},
      tenantBase,
    });
  }

  private invoke(
    route: ODataRoute,
    input: {
      req: Request;
      tenant: TenantState;
      user: SandboxUser;
      key?: string | number;
      params: Call['params'];
      tenantBase: string;
    },
  ): Reply {
    const { req, tenant, user } = input;
    if (route.hostAdmin && !user.hostAdmin)
      throw forbidden('Only host administrators may do this.', ErrorCode.hostAdminOnly);
    const missing = (route.permissions ?? []).filter((p) => !hasPermission(user, p));
    if (missing.length > 0)
      throw forbidden(
        `You lack the permission${missing.length > 1 ? 's' : ''} ${missing.map((p) => p.replace('|', ' or ')).join(', ')}.`,
      );
    const folder =
      route.scope === 'tenant' ? undefined : resolveFolder(req, tenant, user, this.deps.options.headerPrefix);
    if (route.scope === 'folder' && !folder) {
      throw new HttpError(
        400,
        ErrorCode.folderRequired,
        `A folder is required for this request: send ${this.deps.options.headerPrefix}-OrganizationUnitId, ${this.deps.options.headerPrefix}-FolderPath-Encoded or ${this.deps.options.headerPrefix}-FolderPath.`,
      );
    }
    let limitHeaders: Record<string, string> = {};
    if (route.rateLimited) limitHeaders = this.limiter.take(tenant.Name, route.set);
    if (route.exportOperation)
      takeExport(tenant, route.set, this.deps.options.exportLimitPerDay, this.deps.clock.now());
    const call: Call = {
      req,
      tenant,
      user,
      folder,
      key: input.key,
      params: input.params,
      odataBase: `${input.tenantBase}/odata`,
      state: this.deps.state(),
      clock: this.deps.clock,
      random: this.deps.random,
      options: this.deps.options,
      changed: this.deps.changed,
    };
    const reply = route.handler(call);
    if (reply.kind === 'json' && Object.keys(limitHeaders).length > 0)
      reply.headers = { ...reply.headers, ...limitHeaders };
    return reply;
  }

  private handleApi(req: Request, tenant: TenantState, user: SandboxUser, path: string[]): Reply {
    const route = path.join('/');
    const api = API_ROUTES.find((r) => r.path === route);
    if (!api) throw notFound(`No API at '/api/${route}'.`);
    if (req.method !== 'GET')
      throw new HttpError(405, ErrorCode.methodNotAllowed, `${req.method} is not supported on /api/${route}.`);
    return api.handler(req, tenant, user);
  }
}
