import { ErrorCode, HttpError, notFound } from '../server/errors';
import type { Reply, Request } from '../server/http';
import { matchRoute } from '../server/router';
import { IDENTITY_ROUTES, type IdentityContext } from './routes';

/**
 * Where the identity provider answers: its root (`/identity`, or `/identity_` in a dialect with a service segment)
 * and the same root below the account (`/<account>/identity_`), as real clients address a cloud organisation's
 * provider. Undefined when the path is neither.
 */
export function identityRootOf(
  segments: string[],
  identityPath: string,
  account: string,
): { root: string; path: string } | undefined {
  const [first, second] = segments;
  if (`/${first}` === identityPath) return { root: identityPath, path: `/${segments.slice(1).join('/')}` };
  if (first === account && `/${second}` === identityPath)
    return { root: `/${account}${identityPath}`, path: `/${segments.slice(2).join('/')}` };
  return undefined;
}

/** One request to the identity provider below `root` (a path from identityRootOf). */
export function handleIdentity(
  req: Request,
  { root, path }: { root: string; path: string },
  origin: string,
  context: Omit<IdentityContext, 'root'>,
): Promise<Reply> | Reply {
  const { route, params, pathKnown } = matchRoute(IDENTITY_ROUTES, req.method, path);
  if (!route)
    throw pathKnown
      ? new HttpError(405, ErrorCode.methodNotAllowed, `${req.method} is not supported on ${root}${path}.`)
      : notFound(`No identity endpoint at '${root}${path}'.`);
  return route.handler(req, params, { ...context, root: `${origin}${root}` });
}
