import { ErrorCode, HttpError, notFound } from '../server/errors';
import { json, type Reply, type Request } from '../server/http';
import { matchRoute } from '../server/router';
import type { IdeasState } from '../orchestrator/state';
import { IDEA_ROUTES, apiDocument } from './routes';

export const APP_KEY_HEADER = 'X-App-Key';

export interface IdeasHandlerDeps {
  ideasToken: string;
  ideasAppKey: string;
  state: () => IdeasState;
  now: () => string;
  changed: () => void;
  /** `{openapi_base_url}` of a tenant, for the api-doc's servers entry. */
  openapiBase: (tenantName: string) => string;
}

/** The idea service below `/<account>/<tenant>/ideas_/`: its own token and app key, then its path routes. */
export function ideasHandler(deps: IdeasHandlerDeps) {
  return async (req: Request, tenantName: string, rest: string[]): Promise<Reply> => {
    const [api, v1, kind, ...path] = rest;
    if (api !== 'api' || v1 !== 'v1' || (kind !== 'openapi' && kind !== 'api-doc'))
      throw notFound(`No idea-service resource at '/${rest.join('/')}'.`);
    const auth = req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (auth !== deps.ideasToken)
      throw new HttpError(
        401,
        ErrorCode.unauthorized,
        'Send the idea-service API token as Authorization: Bearer <token>.',
        { 'WWW-Authenticate': 'Bearer' },
      );
    if (req.header(APP_KEY_HEADER) !== deps.ideasAppKey)
      throw new HttpError(401, ErrorCode.unauthorized, `Send the app key in the ${APP_KEY_HEADER} header.`);
    if (kind === 'api-doc') return json(apiDocument(deps.openapiBase(tenantName)));
    const routePath = `/${path.join('/')}`;
    const { route, params, pathKnown } = matchRoute(IDEA_ROUTES, req.method, routePath);
    if (!route)
      throw pathKnown
        ? new HttpError(405, ErrorCode.methodNotAllowed, `${req.method} is not supported on ${routePath}.`)
        : notFound(`No idea-service endpoint at '${routePath}'.`);
    return route.handler(req, params, { state: deps.state(), now: deps.now, changed: deps.changed });
  };
}
