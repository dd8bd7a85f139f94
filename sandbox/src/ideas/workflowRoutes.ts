// Moving ideas along: status changes, tags, categories of an idea, the pipeline.
import { badRequest, ErrorCode, HttpError } from '../server/errors';
import { json, objectBody } from '../server/http';
import type { PathRoute } from '../server/router';
import type { Row } from '../orchestrator/state';
import { nextSteps, PHASES } from './workflow';
import { type IdeasContext, findIdea, ideaChange, publicIdea, str } from './routeHelpers';

export const WORKFLOW_ROUTES: PathRoute<IdeasContext>[] = [
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
  ideaChange('POST', '/automations/{automationId}/tags', 'Replace the tags of an idea', (idea, req) => {
    const tags = objectBody(req).tags;
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 50))
      throw badRequest('tags must be an array of strings of 1 to 50 characters.');
    idea.tags = [...new Set(tags)];
    return idea.tags;
  }),
  ideaChange('PUT', '/automation/{automationId}/categories', 'Set the category of an idea', (idea, req, ctx) => {
    const categoryId = objectBody(req).categoryId;
    if (!ctx.state.categories.some((c) => c.id === categoryId))
      throw badRequest('categoryId must name an existing category.');
    idea.categoryId = categoryId;
    return publicIdea(idea);
  }),
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
];
