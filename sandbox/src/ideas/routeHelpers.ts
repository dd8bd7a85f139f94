// What the idea routes share: the context they run in, path and body readers, paging and the public view of an idea.
import { badRequest, ErrorCode, HttpError, notFound } from '../server/errors';
import { json, type Request } from '../server/http';
import type { IdeasState, Row } from '../orchestrator/state';
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

export const legacy = (ctx: IdeasContext, body: Record<string, unknown>, source: string) => {
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
