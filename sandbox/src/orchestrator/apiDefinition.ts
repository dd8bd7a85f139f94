import { html, json, type Reply } from '../server/http';
import { notFound } from '../server/errors';
import type { Dialect } from '../dialect';
import type { ODataRoute, ParameterType } from './context';
import { ORCHESTRATOR_ROUTES } from './routes';
import { API_ROUTES } from './routes/api';
import { APP_SCOPES } from '../identity/tokenEndpoint';

/**
 * The orchestration service's API definition (OpenAPI 3), generated from the route tables the sandbox dispatches on,
 * so it lists exactly what the sandbox serves, in the names of its dialect. Bodies are described as objects only:
 * their fields are in sandbox/README.md, and a document that repeated them would drift from the handlers.
 */
export interface ApiDefinitionContext {
  dialect: Dialect;
  /** The service's base URL: `<origin>/<account>/<tenant>[/<segment>]`, or the origin on premises. */
  serverUrl: string;
  identityUrl: string;
  /** Serve the definition only at its versioned path, as the orchestration service's real deployments do. */
  versionedOnly?: boolean;
}

/**
 * Where the definition is served below the base URL. Real deployments version it (`v12.0` … `v20.0` seen) and link
 * it from their API page (`swagger/index.html`, a Swagger UI whose configuration names it); `swagger/v1/swagger.json`
 * (an ASP.NET service's default) is served too unless `versionedOnly`, for tools written against it.
 */
export const API_DEFINITION_VERSION = 'v20.0';
export const API_DEFINITION_PATH = `swagger/${API_DEFINITION_VERSION}/swagger.json`;
export const DEFAULT_DEFINITION_PATH = 'swagger/v1/swagger.json';

const SCHEMA_OF: Record<ParameterType, Record<string, string>> = {
  string: { type: 'string' },
  integer: { type: 'integer', format: 'int64' },
  boolean: { type: 'boolean' },
  uuid: { type: 'string', format: 'uuid' },
};
/** Text is quoted in an OData URL; numbers, booleans and GUIDs are bare. */
const literal = (name: string, type: ParameterType) => (type === 'string' ? `'{${name}}'` : `{${name}}`);
const QUERY_OPTIONS = ['$filter', '$select', '$orderby', '$expand', '$top', '$skip', '$count'];
/** The folder headers listed; `<prefix>-FolderKey` is taken too but, as in published definitions, not listed. */
const FOLDER_HEADERS = ['OrganizationUnitId', 'FolderPath', 'FolderPath-Encoded'];

/** `/odata/<Set>[(<key>)][/<namespace>.<Operation>[(<params>)]]`, as the dialect names it. */
export function operationPath(route: ODataRoute, namespace: string): string {
  const keyType = route.keyType === 'integerOrUuid' ? 'integer' : (route.keyType ?? 'integer');
  let path = `/odata/${route.set}${route.key ? `(${literal('key', keyType)})` : ''}`;
  if (!route.operation) return path;
  path += `/${namespace}.${route.operation}`;
  // A function (GET) is called with parentheses, even when it takes nothing; an action (POST) without them.
  if (route.method === 'GET')
    path += `(${Object.entries(route.parameters ?? {})
      .map(([name, type]) => `${name}=${literal(name, type)}`)
      .join(',')})`;
  return path;
}

function pathParameters(route: ODataRoute): object[] {
  const key = route.key
    ? [
        {
          name: 'key',
          in: 'path',
          required: true,
          schema:
            route.keyType === 'integerOrUuid'
              ? { oneOf: [SCHEMA_OF.integer, SCHEMA_OF.uuid] }
              : SCHEMA_OF[route.keyType ?? 'integer'],
        },
      ]
    : [];
  const functionParameters = Object.entries(route.method === 'GET' ? (route.parameters ?? {}) : {}).map(
    ([name, type]) => ({ name, in: 'path', required: true, schema: SCHEMA_OF[type] }),
  );
  return [...key, ...functionParameters];
}

function odataOperation(route: ODataRoute, deprecated: boolean): object {
  const isCollectionRead = route.method === 'GET' && !route.key && !route.operation;
  const parameters = [
    ...pathParameters(route),
    ...(isCollectionRead || (route.method === 'GET' && route.key && !route.operation)
      ? QUERY_OPTIONS.filter((o) => isCollectionRead || o === '$select' || o === '$expand').map((o) => ({
          $ref: `#/components/parameters/${o.slice(1)}`,
        }))
      : []),
    ...(route.scope === 'tenant' ? [] : FOLDER_HEADERS.map((h) => ({ $ref: `#/components/parameters/${h}` }))),
  ];
  return {
    tags: [route.set],
    operationId: `${route.set}_${route.operation ?? route.method.toLowerCase()}${route.key ? 'ByKey' : ''}${deprecated ? '_ns' : ''}`,
    ...(route.scope === 'tenant' ? {} : { 'x-folder': route.scope === 'folder' ? 'required' : 'optional' }),
    ...(deprecated ? { deprecated: true } : {}),
    parameters,
    ...(['POST', 'PUT', 'PATCH'].includes(route.method)
      ? { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } }
      : {}),
    responses: {
      [route.method === 'DELETE' ? '204' : '200']: { description: 'Success' },
      default: { $ref: '#/components/responses/Error' },
    },
    'x-permissions': route.permissions ?? [],
    ...(route.hostAdmin ? { 'x-host-administrators-only': true } : {}),
  };
}

export function apiDefinition({ dialect, serverUrl, identityUrl }: ApiDefinitionContext): Record<string, unknown> {
  const paths: Record<string, Record<string, object>> = {};
  const add = (path: string, method: string, operation: object) => ((paths[path] ??= {})[method] = operation);
  for (const route of ORCHESTRATOR_ROUTES) {
    const namespace = route.queueNamespace ? dialect.queueNamespace : dialect.namespace;
    add(operationPath(route, namespace), route.method.toLowerCase(), odataOperation(route, false));
    if (route.alsoInNamespace && namespace !== dialect.namespace)
      add(operationPath(route, dialect.namespace), route.method.toLowerCase(), odataOperation(route, true));
  }
  for (const route of API_ROUTES)
    add(`/api/${route.path}`, 'get', {
      tags: ['api'],
      operationId: route.path.replace('/', '_'),
      summary: route.summary,
      parameters: Object.entries(route.query).map(([name, type]) => ({ name, in: 'query', schema: SCHEMA_OF[type] })),
      responses: { '200': { description: 'Success' } },
    });
  const header = (suffix: string, description: string) => ({
    name: `${dialect.headerPrefix}-${suffix}`,
    in: 'header',
    required: false,
    description,
    schema:
      suffix === 'FolderKey' ? SCHEMA_OF.uuid : suffix === 'OrganizationUnitId' ? SCHEMA_OF.integer : SCHEMA_OF.string,
  });
  const queryOption = (name: string, type: ParameterType) => ({
    name,
    in: 'query',
    required: false,
    schema: SCHEMA_OF[type],
  });
  return {
    openapi: '3.0.3',
    info: {
      title: 'Orchestration service (sandbox)',
      version: API_DEFINITION_VERSION,
      description: `Operation namespace ${dialect.namespace}; queue operations in ${dialect.queueNamespace}; folder headers ${dialect.headerPrefix}-…; x-folder says whether an operation needs one (required) or is narrowed by one (optional).`,
    },
    servers: [{ url: serverUrl }],
    security: [{ OAuth2: [] }],
    paths,
    components: {
      parameters: {
        OrganizationUnitId: header('OrganizationUnitId', 'The folder, by id.'),
        FolderPath: header('FolderPath', 'The folder, by its fully qualified name.'),
        'FolderPath-Encoded': header('FolderPath-Encoded', 'The folder path, Base64 of UTF-16LE text.'),
        filter: queryOption('$filter', 'string'),
        select: queryOption('$select', 'string'),
        orderby: queryOption('$orderby', 'string'),
        expand: queryOption('$expand', 'string'),
        top: queryOption('$top', 'integer'),
        skip: queryOption('$skip', 'integer'),
        count: queryOption('$count', 'boolean'),
      },
      responses: {
        Error: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { message: { type: 'string' }, errorCode: { type: 'integer' }, traceId: { type: 'string' } },
        },
      },
      securitySchemes: {
        OAuth2: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${identityUrl}/authorize`,
              tokenUrl: `${identityUrl}/oauth/token`,
              scopes: { openid: 'sign-in', profile: 'profile', email: 'e-mail', offline_access: 'refresh tokens' },
            },
            clientCredentials: {
              tokenUrl: `${identityUrl}/connect/token`,
              scopes: Object.fromEntries(APP_SCOPES.map((scope) => [scope, scope])),
            },
          },
        },
      },
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The API pages: `swagger/index.html` as a Swagger UI page (no scripts: its configuration is a JSON block naming the
 * definition, as Swagger UI's is), and `swagger/ui/index` (older versions' page, the spec's "Swagger UI") naming it
 * too and listing the operations. The definition at its versioned path, and at `v1` unless `versionedOnly`.
 */
export function apiDefinitionReply(rest: string[], context: ApiDefinitionContext): Reply {
  const path = rest.join('/');
  const served = context.versionedOnly ? [API_DEFINITION_PATH] : [API_DEFINITION_PATH, DEFAULT_DEFINITION_PATH];
  if (served.includes(`swagger/${path}`)) return json(apiDefinition(context));
  if (path !== 'index.html' && path !== 'ui/index' && path !== '')
    throw notFound(`No API definition at 'swagger/${path}'.`);
  const jsonUrl = `${context.serverUrl}/${API_DEFINITION_PATH}`;
  // As Swagger UI's configuration names it: a path on the service's origin.
  const config = JSON.stringify({ urls: [{ url: new URL(jsonUrl).pathname, name: API_DEFINITION_VERSION }] });
  const head = `<!doctype html><html><head><meta charset="utf-8"><title>API definition</title>
<script type="application/json" id="swagger-ui-config">${config.replace(/</g, '\\u003c')}</script></head><body>
<h1>Orchestration service (sandbox)</h1>
<p>The OpenAPI 3 document: <a id="api-definition" href="${escapeHtml(jsonUrl)}">${escapeHtml(jsonUrl)}</a></p>`;
  if (path === 'index.html') return html(`${head}<div id="swagger-ui"></div></body></html>`);
  const document = apiDefinition(context);
  const operations = Object.entries(document.paths as Record<string, Record<string, object>>).flatMap(
    ([operationPath, methods]) =>
      Object.keys(methods).map(
        (method) => `<li><code>${method.toUpperCase()} ${escapeHtml(operationPath)}</code></li>`,
      ),
  );
  return html(`${head}<ul>${operations.join('')}</ul></body></html>`);
}
