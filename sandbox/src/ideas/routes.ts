// The idea service's routes, in three tables by what they serve, and its API definition.
import type { PathRoute } from '../server/router';
import type { IdeasContext } from './routeHelpers';
import { AUTOMATION_ROUTES } from './automationRoutes';
import { WORKFLOW_ROUTES } from './workflowRoutes';
import { DIRECTORY_ROUTES } from './directoryRoutes';

export type { IdeasContext } from './routeHelpers';

export const IDEA_ROUTES: PathRoute<IdeasContext>[] = [...AUTOMATION_ROUTES, ...WORKFLOW_ROUTES, ...DIRECTORY_ROUTES];

/** The API definition of the sandbox's own idea endpoints (OpenAPI 3), generated from the route table. */
export function apiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of IDEA_ROUTES) {
    paths[route.pattern] ??= {};
    paths[route.pattern]![route.method.toLowerCase()] = {
      summary: route.summary,
      parameters: [...route.pattern.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'integer' },
      })),
      responses: {
        '200': { description: 'OK' },
        '400': {
          description: 'Invalid request',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Idea-management service open API (sandbox)', version: 'v1' },
    servers: [{ url: serverUrl }],
    security: [{ token: [], appKey: [] }],
    paths,
    components: {
      securitySchemes: {
        token: { type: 'http', scheme: 'bearer' },
        appKey: { type: 'apiKey', in: 'header', name: 'X-App-Key' },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            errorCode: { type: 'integer' },
            traceId: { type: 'string' },
            errors: { type: 'array' },
          },
        },
      },
    },
  };
}
