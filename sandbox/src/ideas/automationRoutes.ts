// An idea and what hangs off it: the schema form, submissions, collaborators, documents, components, cost-benefit, media.
import { badRequest, ErrorCode, HttpError, notFound } from '../server/errors';
import { json, empty, objectBody } from '../server/http';
import type { PathRoute } from '../server/router';
import type { Row } from '../orchestrator/state';
import { IDEA_SCHEMA } from './schema';
import {
  type IdeasContext,
  addIdea,
  checkIdeaValues,
  findIdea,
  ideaChange,
  ideaRead,
  idParam,
  legacy,
  paged,
  publicIdea,
  str,
} from './routeHelpers';

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
      const v = values as Record<string, unknown>;
      checkIdeaValues(ctx, v);
      const idea = addIdea(ctx, {
        name: v.name,
        description: v.description,
        categoryId: v.category,
        submitterId: 2,
        values: v,
        source: 'schema',
      });
      return json({ data: publicIdea(idea) }, 201);
    },
  },
  ideaRead('/automations/{automationId}/schema', 'The schema and values of one idea', (idea) => ({
    schema: IDEA_SCHEMA,
    values: idea.values,
  })),
  ideaChange('PATCH', '/automations/{automationId}', 'Change schema values of an idea', (idea, req, ctx) => {
    const values = { ...(idea.values as Row), ...((objectBody(req).values as Row) ?? {}) };
    checkIdeaValues(ctx, values);
    Object.assign(idea, {
      values,
      name: values.name ?? idea.name,
      description: values.description ?? idea.description,
      updatedAt: ctx.now(),
    });
    return publicIdea(idea);
  }),
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
  ideaChange('POST', '/automations/{automationId}/collaborators', 'Add collaborators', (idea, req, ctx) => {
    const body = objectBody(req);
    const userId = Number(body.userId);
    if (!ctx.state.users.some((u) => u.id === userId)) throw badRequest(`userId must name an existing user.`);
    (idea.collaborators as Row[]).push({ userId, role: typeof body.role === 'string' ? body.role : 'Collaborator' });
    return idea.collaborators;
  }),
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
  ideaRead('/automations/{automationId}/documents', 'Documents of an idea', (idea) => idea.documents),
  ideaChange(
    'POST',
    '/automations/{automationId}/documents',
    'Attach a document (name, url)',
    (idea, req, ctx) => {
      const body = objectBody(req);
      const doc = {
        id: ctx.state.nextId++,
        name: str(body, 'name', 255),
        url: str(body, 'url', 2000),
        uploadedAt: ctx.now(),
      };
      (idea.documents as Row[]).push(doc);
      return doc;
    },
    201,
  ),
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
  ideaChange(
    'PUT',
    '/automations/cba/{automationId}/project-plan-baseline',
    'Set the project plan baseline',
    (idea, req) => {
      idea.projectPlanBaseline = objectBody(req);
      return idea.projectPlanBaseline;
    },
  ),
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
  ideaChange(
    'POST',
    '/automations/{automationId}/media',
    'Attach media (name, url)',
    (idea, req, ctx) => {
      const body = objectBody(req);
      const media = { id: ctx.state.nextId++, name: str(body, 'name', 255), url: str(body, 'url', 2000) };
      (idea.media as Row[]).push(media);
      return media;
    },
    201,
  ),
];
