// What the idea routes share: the context they run in, path and body readers, paging and the public view of an idea.
import { badRequest, ErrorCode, HttpError, notFound } from '../server/errors';
import { json, type Request } from '../server/http';
import type { PathRoute } from '../server/router';
import type { IdeasState, Row } from '../orchestrator/state';
import { validateIdea } from './schema';
import { nextSteps } from './workflow';

export interface IdeasContext {
  state: IdeasState;
  now: () => string;
  changed: () => void;
}

const MAX_PAGE_SIZE = 100;

export function idParam(params: Record<string, string>, name: string): number {
  const value = params[name]!;
  if (!/^\d+$/.test(value)) throw badRequest(`${name} must be a positive integer, got '${value}'.`);
  return Number(value);
}

export function findIdea(ctx: IdeasContext, id: number): Row {
  const idea = ctx.state.ideas.find((i) => i.id === id);
  if (!idea) throw notFound(`Automation ${id} does not exist.`);
  return idea;
}

/** Lists answer { data, page: { number, size, total } }; `page` is 1-based, `pageSize` 1..100 (default 20). */
export function paged(req: Request, rows: Row[]) {
  const page = Number(req.url.searchParams.get('page') ?? '1');
  const size = Number(req.url.searchParams.get('pageSize') ?? '20');
  if (!Number.isInteger(page) || page < 1) throw badRequest(`page must be a positive integer.`);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw badRequest(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}.`);
  return json({ data: rows.slice((page - 1) * size, page * size), page: { number: page, size, total: rows.length } });
}

export function str(body: Record<string, unknown>, key: string, max = 500): string {
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
export function publicIdea(idea: Row): Row {
  const allowedTransitions = nextSteps(String(idea.phase), String(idea.status)).map((step) => {
    const [phase, status] = step.split('/') as [string, string];
    return { phase, status };
  });
  return { ...Object.fromEntries(Object.entries(idea).filter(([key]) => key !== 'statusHistory')), allowedTransitions };
}

/**
 * A change to the idea `{automationId}` of the pattern: `change` applies the request and returns what the reply's
 * `data` holds (answered with `status`).
 */
export function ideaChange(
  method: string,
  pattern: string,
  summary: string,
  change: (idea: Row, req: Request, ctx: IdeasContext) => unknown,
  status = 200,
): PathRoute<IdeasContext> {
  return {
    method,
    pattern,
    summary,
    handler: (req, p, ctx) => {
      const data = change(findIdea(ctx, idParam(p, 'automationId')), req, ctx);
      ctx.changed();
      return json({ data }, status);
    },
  };
}

/** A read of the idea `{automationId}` of the pattern: the reply's `data` is what `read` returns. */
export function ideaRead(
  pattern: string,
  summary: string,
  read: (idea: Row, ctx: IdeasContext) => unknown,
): PathRoute<IdeasContext> {
  return {
    method: 'GET',
    pattern,
    summary,
    handler: (_r, p, ctx) => json({ data: read(findIdea(ctx, idParam(p, 'automationId')), ctx) }),
  };
}

/** Schema values checked against the form; a 400 listing every invalid field. */
export function checkIdeaValues(ctx: IdeasContext, values: Record<string, unknown>): void {
  const errors = validateIdea(values, {
    categoryIds: new Set(ctx.state.categories.map((c) => Number(c.id))),
    userIds: new Set(ctx.state.users.map((u) => Number(u.id))),
  });
  if (errors.length > 0)
    throw new HttpError(400, ErrorCode.validationFailed, `The idea has ${errors.length} invalid field(s).`, {}, errors);
}

/** A new idea in the first phase, added to the state (the caller answers with it). */
export function addIdea(
  ctx: IdeasContext,
  fields: Pick<Row, 'name' | 'description' | 'categoryId' | 'submitterId' | 'values' | 'source'>,
): Row {
  const idea = {
    id: ctx.state.nextId++,
    name: fields.name,
    description: fields.description,
    phase: 'Idea',
    status: 'Awaiting Review',
    categoryId: fields.categoryId,
    submitterId: fields.submitterId,
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
    values: fields.values,
    tags: [],
    collaborators: [],
    documents: [],
    media: [],
    componentIds: [],
    projectPlanBaseline: null,
    source: fields.source,
    statusHistory: [],
    cba: null,
  };
  ctx.state.ideas.push(idea);
  ctx.changed();
  return idea;
}

export const legacy = (ctx: IdeasContext, body: Record<string, unknown>, source: string) => {
  if (ctx.state.customisedFlow) {
    throw new HttpError(
      409,
      ErrorCode.ideaFlowCustomised,
      'This tenant uses a customised idea flow: legacy idea endpoints are disabled. Use GET /idea-schema and POST /idea-from-schema.',
    );
  }
  const idea = addIdea(ctx, {
    name: str(body, 'name', 120),
    description: str(body, 'description', 5000),
    categoryId: null,
    submitterId: 1,
    values: {},
    source,
  });
  return json({ data: publicIdea(idea) }, 201);
};
