import { badRequest, ErrorCode, HttpError, notFound } from '../server/errors';
import { json, empty, objectBody, type Request } from '../server/http';
import type { PathRoute } from '../server/router';
import type { IdeasState, Row } from '../orchestrator/state';
import { IDEA_SCHEMA, validateIdea } from './schema';
import { nextSteps, PHASES } from './workflow';

export interface IdeasContext {
  state: IdeasState;
  now: () => string;
  changed: () => void;
}

const MAX_PAGE_SIZE = 100;

function idParam(params: Record<string, string>, name: string): number {
  const value = params[name]!;
  if (!/^\d+$/.test(value)) throw badRequest(`${name} must be a positive integer, got '${value}'.`);
  return Number(value);
}

function findIdea(ctx: IdeasContext, id: number): Row {
  const idea = ctx.state.ideas.find((i) => i.id === id);
  if (!idea) throw notFound(`Automation ${id} does not exist.`);
  return idea;
}

/** Lists answer { data, page: { number, size, total } }; `page` is 1-based, `pageSize` 1..100 (default 20). */
function paged(req: Request, rows: Row[]) {
  const page = Number(req.url.searchParams.get('page') ?? '1');
  const size = Number(req.url.searchParams.get('pageSize') ?? '20');
  if (!Number.isInteger(page) || page < 1) throw badRequest(`page must be a positive integer.`);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw badRequest(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}.`);
  return json({ data: rows.slice((page - 1) * size, page * size), page: { number: page, size, total: rows.length } });
}

function str(body: Record<string, unknown>, key: string, max = 500): string {
  const value = body[key];
  if (typeof value !== 'string' || value.trim() === '')
    throw new HttpError(400, ErrorCode.validationFailed, `${key} is required.`, {}, [
      { field: key, message: `${key} is required.` },
    ]);
  if (value.length > max)
    throw new HttpError(400, ErrorCode.validationFailed, `${key} is too long.`, {}, [
      { field: key, message: `${key} must be at most ${max} characters.` },
    ]);
  return value;
}

/** An idea as the API shows it: its history stays inside; the moves POST /automations/status allows from here are added. */
function publicIdea(idea: Row): Row {
  const allowedTransitions = nextSteps(String(idea.phase), String(idea.status)).map((step) => {
    const [phase, status] = step.split('/') as [string, string];
    return { phase, status };
  });
  return { ...Object.fromEntries(Object.entries(idea).filter(([key]) => key !== 'statusHistory')), allowedTransitions };
}

const legacy = (ctx: IdeasContext, body: Record<string, unknown>, source: string) => {
  if (ctx.state.customisedFlow) {
    throw new HttpError(
      409,
      ErrorCode.ideaFlowCustomised,
      'This tenant uses a customised idea flow: legacy idea endpoints are disabled. Use GET /idea-schema and POST /idea-from-schema.',
    );
  }
  const idea = {
    id: ctx.state.nextId++,
    name: str(body, 'name', 120),
    description: str(body, 'description', 5000),
    phase: 'Idea',
    status: 'Awaiting Review',
    categoryId: null,
    submitterId: 1,
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
    values: {},
    tags: [],
    collaborators: [],
    documents: [],
    media: [],
    componentIds: [],
    projectPlanBaseline: null,
    source,
    statusHistory: [],
    cba: null,
  };
  ctx.state.ideas.push(idea);
  ctx.changed();
  return json({ data: publicIdea(idea) }, 201);
};

export const IDEA_ROUTES: PathRoute<IdeasContext>[] = [
  {
    method: 'GET',
    pattern: '/idea-schema',
    summary: 'The idea submission form',
    handler: () => json({ data: IDEA_SCHEMA }),
  },
  {
    method: 'POST',
    pattern: '/idea-from-schema',
    summary: 'Submit an idea validated against the schema',
    handler: (req, _p, ctx) => {
      const body = objectBody(req);
      if (body.schemaVersion !== undefined && body.schemaVersion !== IDEA_SCHEMA.version) {
        throw new HttpError(
          409,
          ErrorCode.validationFailed,
          `The form changed (version ${IDEA_SCHEMA.version}); reload it and submit again.`,
        );
      }
      const values = body.values;
      if (typeof values !== 'object' || values === null || Array.isArray(values))
        throw badRequest('values must be an object of field key to value.');
      const errors = validateIdea(values as Record<string, unknown>, {
        categoryIds: new Set(ctx.state.categories.map((c) => Number(c.id))),
        userIds: new Set(ctx.state.users.map((u) => Number(u.id))),
      });
      if (errors.length > 0)
        throw new HttpError(
          400,
          ErrorCode.validationFailed,
          `The idea has ${errors.length} invalid field(s).`,
          {},
          errors,
        );
      const v = values as Record<string, unknown>;
      const idea = {
        id: ctx.state.nextId++,
        name: v.name,
        description: v.description,
        phase: 'Idea',
        status: 'Awaiting Review',
        categoryId: v.category,
        submitterId: 2,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
        values: v,
        tags: [],
        collaborators: [],
        documents: [],
        media: [],
        componentIds: [],
        projectPlanBaseline: null,
        source: 'schema',
        statusHistory: [],
        cba: null,
      };
      ctx.state.ideas.push(idea);
      ctx.changed();
      return json({ data: publicIdea(idea) }, 201);
    },
  },
  {
    method: 'GET',
    pattern: '/automations/{automationId}/schema',
    summary: 'The schema and values of one idea',
    handler: (_r, p, ctx) =>
      json({ data: { schema: IDEA_SCHEMA, values: findIdea(ctx, idParam(p, 'automationId')).values } }),
  },
  {
    method: 'PATCH',
    pattern: '/automations/{automationId}',
    summary: 'Change schema values of an idea',
    handler: (req, p, ctx) => {
      const idea = findIdea(ctx, idParam(p, 'automationId'));
      const body = objectBody(req);
      const values = { ...(idea.values as Row), ...((body.values as Row) ?? {}) };
      const errors = validateIdea(values, {
        categoryIds: new Set(ctx.state.categories.map((c) => Number(c.id))),
        userIds: new Set(ctx.state.users.map((u) => Number(u.id))),
      });
      if (errors.length > 0)
        throw new HttpError(
          400,
          ErrorCode.validationFailed,
          `The idea has ${errors.length} invalid field(s).`,
          {},
          errors,
        );
      Object.assign(idea, {
        values,
        name: values.name ?? idea.name,
        description: values.description ?? idea.description,
        updatedAt: ctx.now(),
      });
      ctx.changed();
      return json({ data: publicIdea(idea) });
    },
  },
  {
    method: 'GET',
    pattern: '/automations',
    summary: 'List ideas (filters: phase, status, search; paging: page, pageSize)',
    handler: (req, _p, ctx) => {
      const q = req.url.searchParams;
      const search = q.get('search')?.toLowerCase();
      const rows = ctx.state.ideas
        .filter(
          (i) => (!q.get('phase') || i.phase === q.get('phase')) && (!q.get('status') || i.status === q.get('status')),
        )
        .filter((i) => !search || String(i.name).toLowerCase().includes(search))
        .map(publicIdea);
      return paged(req, rows);
    },
  },
  {
    method: 'GET',
    pattern: '/automations/collaborators',
    summary: 'Collaborators of every idea',
    handler: (req, _p, ctx) =>
      paged(
        req,
        ctx.state.ideas.flatMap((i) => (i.collaborators as Row[]).map((c) => ({ automationId: i.id, ...c }))),
      ),
  },
  {
    method: 'POST',
    pattern: '/automations/{automationId}/collaborators',
    summary: 'Add collaborators',
    handler: (req, p, ctx) => {
      const idea = findIdea(ctx, idParam(p, 'automationId'));
      const body = objectBody(req);
      const userId = Number(body.userId);
      if (!ctx.state.users.some((u) => u.id === userId)) throw badRequest(`userId must name an existing user.`);
      (idea.collaborators as Row[]).push({ userId, role: typeof body.role === 'string' ? body.role : 'Collaborator' });
      ctx.changed();
      return json({ data: idea.collaborators });
    },
  },
  {
    method: 'DELETE',
    pattern: '/automations/{automationId}/collaborators',
    summary: 'Remove a collaborator (?userId=)',
    handler: (req, p, ctx) => {
      const idea = findIdea(ctx, idParam(p, 'automationId'));
      const userId = Number(req.url.searchParams.get('userId'));
      const before = (idea.collaborators as Row[]).length;
      idea.collaborators = (idea.collaborators as Row[]).filter((c) => c.userId !== userId);
      if ((idea.collaborators as Row[]).length === before)
        throw notFound(`User ${userId} is not a collaborator of automation ${idea.id}.`);
      ctx.changed();
      return empty();
    },
  },
  {
    method: 'GET',
    pattern: '/automations/{automationId}/documents',
    summary: 'Documents of an idea',
    handler: (_r, p, ctx) => json({ data: findIdea(ctx, idParam(p, 'automationId')).documents }),
  },
  {
    method: 'POST',
    pattern: '/automations/{automationId}/documents',
    summary: 'Attach a document (name, url)',
    handler: (req, p, ctx) => {
      const idea = findIdea(ctx, idParam(p, 'automationId'));
      const body = objectBody(req);
      const doc = {
        id: ctx.state.nextId++,
        name: str(body, 'name', 255),
        url: str(body, 'url', 2000),
        uploadedAt: ctx.now(),
      };
      (idea.documents as Row[]).push(doc);
      ctx.changed();
      return json({ data: doc }, 201);
    },
  },
  {
    method: 'GET',
    pattern: '/automations/{automationId}/components',
    summary: 'Components used by an idea',
    handler: (_r, p, ctx) =>
      json({
        data: ctx.state.components.filter((c) =>
          (findIdea(ctx, idParam(p, 'automationId')).componentIds as number[]).includes(Number(c.id)),
        ),
      }),
  },
  {
    method: 'GET',
    pattern: '/questionnaire',
    summary: 'The assessment questionnaire',
    handler: () =>
      json({
        data: [
          { id: 1, question: 'How stable is the process?', type: 'scale', min: 1, max: 5 },
          { id: 2, question: 'Is the input digital?', type: 'yesNo' },
        ],
      }),
  },
  {
    method: 'GET',
    pattern: '/cba',
    summary: 'Cost-benefit data of every idea',
    handler: (req, _p, ctx) =>
      paged(
        req,
        ctx.state.ideas.map((i) => ({ automationId: i.id, ...(i.cba as Row | null) })),
      ),
  },
  {
    method: 'PUT',
    pattern: '/automations/cba/{automationId}/project-plan-baseline',
    summary: 'Set the project plan baseline',
    handler: (req, p, ctx) => {
      const idea = findIdea(ctx, idParam(p, 'automationId'));
      idea.projectPlanBaseline = objectBody(req);
      ctx.changed();
      return json({ data: idea.projectPlanBaseline });
    },
  },
  {
    method: 'POST',
    pattern: '/automationidea',
    summary: 'Legacy: submit an idea (only without a customised flow)',
    handler: (req, _p, ctx) => legacy(ctx, objectBody(req), 'automationidea'),
  },
  {
    method: 'POST',
    pattern: '/coe-automationidea',
    summary: 'Legacy: submit a CoE idea',
    handler: (req, _p, ctx) => legacy(ctx, objectBody(req), 'coe-automationidea'),
  },
  {
    method: 'POST',
    pattern: '/processmining-idea',
    summary: 'Legacy: submit a process-mining idea',
    handler: (req, _p, ctx) => legacy(ctx, objectBody(req), 'processmining-idea'),
  },
  {
    method: 'POST',
    pattern: '/automations/{automationId}/media',
    summary: 'Attach media (name, url)',
    handler: (req, p, ctx) => {
      const idea = findIdea(ctx, idParam(p, 'automationId'));
      const body = objectBody(req);
      const media = { id: ctx.state.nextId++, name: str(body, 'name', 255), url: str(body, 'url', 2000) };
      (idea.media as Row[]).push(media);
      ctx.changed();
      return json({ data: media }, 201);
    },
  },
  {
    method: 'POST',
    pattern: '/automations/status',
    summary: 'Move an idea to another phase/status (documented transitions)',
    handler: (req, _p, ctx) => {
      const body = objectBody(req);
      const idea = findIdea(ctx, Number(body.automationId));
      const phase = str(body, 'phase', 50);
      const status = str(body, 'status', 50);
      if (!PHASES[phase]?.includes(status)) throw badRequest(`'${phase}/${status}' is not a known phase and status.`);
      const allowed = nextSteps(String(idea.phase), String(idea.status));
      if (!allowed.includes(`${phase}/${status}`)) {
        throw new HttpError(
          409,
          ErrorCode.transitionNotAllowed,
          `Automation ${idea.id} cannot move from '${idea.phase}/${idea.status}' to '${phase}/${status}'. Allowed: ${allowed.join(', ') || 'none'}.`,
        );
      }
      (idea.statusHistory as Row[]).push({
        from: `${idea.phase}/${idea.status}`,
        to: `${phase}/${status}`,
        at: ctx.now(),
        comment: body.comment ?? null,
      });
      Object.assign(idea, { phase, status, updatedAt: ctx.now() });
      ctx.changed();
      return json({ data: publicIdea(idea) });
    },
  },
  {
    method: 'POST',
    pattern: '/automations/{automationId}/tags',
    summary: 'Replace the tags of an idea',
    handler: (req, p, ctx) => {
      const idea = findIdea(ctx, idParam(p, 'automationId'));
      const tags = objectBody(req).tags;
      if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 50))
        throw badRequest('tags must be an array of strings of 1 to 50 characters.');
      idea.tags = [...new Set(tags)];
      ctx.changed();
      return json({ data: idea.tags });
    },
  },
  {
    method: 'PUT',
    pattern: '/automation/{automationId}/categories',
    summary: 'Set the category of an idea',
    handler: (req, p, ctx) => {
      const idea = findIdea(ctx, idParam(p, 'automationId'));
      const categoryId = objectBody(req).categoryId;
      if (!ctx.state.categories.some((c) => c.id === categoryId))
        throw badRequest('categoryId must name an existing category.');
      idea.categoryId = categoryId;
      ctx.changed();
      return json({ data: publicIdea(idea) });
    },
  },
  {
    method: 'GET',
    pattern: '/automationpipeline',
    summary: 'Ideas per phase and status',
    handler: (_r, _p, ctx) =>
      json({
        data: Object.entries(PHASES).map(([phase, statuses]) => ({
          phase,
          statuses: statuses.map((status) => ({
            status,
            count: ctx.state.ideas.filter((i) => i.phase === phase && i.status === status).length,
          })),
        })),
      }),
  },
  { method: 'GET', pattern: '/users', summary: 'Users', handler: (req, _p, ctx) => paged(req, ctx.state.users) },
  {
    method: 'GET',
    pattern: '/roles',
    summary: 'Roles',
    handler: () => json({ data: ['System Admin', 'Automation Developer', 'Standard User', 'Program Manager'] }),
  },
  {
    method: 'POST',
    pattern: '/adduser',
    summary: 'Add a user (email, firstName, lastName)',
    handler: (req, _p, ctx) => {
      const body = objectBody(req);
      const email = str(body, 'email', 254);
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        throw new HttpError(400, ErrorCode.validationFailed, 'email is not an e-mail address.', {}, [
          { field: 'email', message: 'Not an e-mail address.' },
        ]);
      if (ctx.state.users.some((u) => u.email === email))
        throw new HttpError(409, ErrorCode.conflict, `A user with e-mail ${email} exists.`);
      const user = {
        id: ctx.state.nextId++,
        email,
        firstName: str(body, 'firstName', 100),
        lastName: str(body, 'lastName', 100),
        roles: ['Standard User'],
        status: 'Active',
      };
      ctx.state.users.push(user);
      ctx.changed();
      return json({ data: user }, 201);
    },
  },
  {
    method: 'POST',
    pattern: '/edituser',
    summary: 'Edit a user (id plus fields)',
    handler: (req, _p, ctx) => {
      const body = objectBody(req);
      const user = ctx.state.users.find((u) => u.id === body.id);
      if (!user) throw notFound(`User ${String(body.id)} does not exist.`);
      for (const key of ['firstName', 'lastName', 'status'] as const)
        if (typeof body[key] === 'string') user[key] = body[key];
      ctx.changed();
      return json({ data: user });
    },
  },
  {
    method: 'GET',
    pattern: '/appinventory',
    summary: 'Application inventory',
    handler: (_r, _p, ctx) => json({ data: ctx.state.appInventory }),
  },
  {
    method: 'PUT',
    pattern: '/appinventory',
    summary: 'Add or update an application (id optional, name, version, vendor)',
    handler: (req, _p, ctx) => {
      const body = objectBody(req);
      const existing = ctx.state.appInventory.find((a) => a.id === body.id);
      const app = {
        id: existing?.id ?? ctx.state.nextId++,
        name: str(body, 'name', 200),
        version: typeof body.version === 'string' ? body.version : '',
        vendor: typeof body.vendor === 'string' ? body.vendor : '',
      };
      if (existing) Object.assign(existing, app);
      else ctx.state.appInventory.push(app);
      ctx.changed();
      return json({ data: app });
    },
  },
  {
    method: 'DELETE',
    pattern: '/appinventory/{applicationId}',
    summary: 'Remove an application',
    handler: (_r, p, ctx) => {
      const id = idParam(p, 'applicationId');
      const index = ctx.state.appInventory.findIndex((a) => a.id === id);
      if (index < 0) throw notFound(`Application ${id} does not exist.`);
      ctx.state.appInventory.splice(index, 1);
      ctx.changed();
      return empty();
    },
  },
  {
    method: 'GET',
    pattern: '/hierarchy',
    summary: 'Category hierarchy',
    handler: (_r, _p, ctx) => json({ data: ctx.state.categories }),
  },
  {
    method: 'PUT',
    pattern: '/categories',
    summary: 'Replace the category list',
    handler: (req, _p, ctx) => {
      const categories = objectBody(req).categories;
      if (
        !Array.isArray(categories) ||
        !categories.every((c) => typeof c?.id === 'number' && typeof c?.name === 'string' && c.name.trim())
      )
        throw badRequest('categories must be an array of { id, name, parentId }.');
      ctx.state.categories = categories.map((c) => ({ id: c.id, name: c.name, parentId: c.parentId ?? null }));
      ctx.changed();
      return json({ data: ctx.state.categories });
    },
  },
  {
    method: 'GET',
    pattern: '/components',
    summary: 'Components',
    handler: (_r, _p, ctx) => json({ data: ctx.state.components }),
  },
  {
    method: 'GET',
    pattern: '/automation-store',
    summary: 'Live automations published to the store',
    handler: (req, _p, ctx) => paged(req, ctx.state.ideas.filter((i) => i.phase === 'Live').map(publicIdea)),
  },
  {
    method: 'GET',
    pattern: '/automation-store/{automationId}/reviews',
    summary: 'Reviews of a store automation',
    handler: (_r, p, ctx) =>
      json({ data: ctx.state.reviews.filter((r) => r.automationId === idParam(p, 'automationId')) }),
  },
];

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
