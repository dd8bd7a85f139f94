// An idea and what hangs off it: the schema form, submissions, collaborators, documents, components, cost-benefit, media.
import { badRequest, ErrorCode, HttpError, notFound } from '../server/errors';
import { json, empty, objectBody } from '../server/http';
import type { PathRoute } from '../server/router';
import type { Row } from '../orchestrator/state';
import { IDEA_SCHEMA, validateIdea } from './schema';
import { type IdeasContext, idParam, findIdea, paged, str, publicIdea, legacy } from './routeHelpers';

export const AUTOMATION_ROUTES: PathRoute<IdeasContext>[] = [
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
];
