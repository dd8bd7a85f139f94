import * as z from 'zod/mini';
import '../zodLocale';
import { OrchestratorError } from '../http/errors';
import { takeParsedJson } from '../http/parsedJson';
import type { ResponseBody } from '../http/transport';
import { t } from '../l10n';
import { onFirstUse } from '../onFirstUse';
import type { FastCheck } from './schemaFastPath';

/** A row the service sent that did not match its schema: skipped, and reported so the UI can say so. */
export interface RowProblem {
  index: number;
  problem: string;
}

export interface Page<T> {
  items: T[];
  count?: number;
  skipped: RowProblem[];
}

const collection = z.looseObject({
  '@odata.count': z.optional(z.int().check(z.nonnegative())),
  value: z.array(z.unknown()),
});

export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** The validation fast path: a chunk of its own, loaded with the first client, not parsed at activation. */
const loadFastPath = onFirstUse(() => import('./schemaFastPath'));
let fastPath: typeof import('./schemaFastPath') | undefined;

/**
 * Starts loading the fast path (the clients do when they are made); resolves once it is in. Until then, and if it
 * cannot load, zod checks every value: the same answers, only slower.
 */
export function prepareFastPath(): Promise<void> {
  return loadFastPath().then(
    (loaded) => void (fastPath = loaded),
    () => undefined,
  );
}

const noFastPath: FastCheck = () => false;
function fastCheckOf(schema: z.ZodMiniType, madeByJsonParse = false): FastCheck {
  if (fastPath) return fastPath.fastCheck(schema, madeByJsonParse);
  void prepareFastPath();
  return noFastPath;
}

function invalid(endpoint: string, message: string): OrchestratorError {
  return new OrchestratorError({ kind: 'invalidResponse', endpoint, message });
}

/** Parses `{ value: [...] }`: a wrong envelope is an error; a bad row is skipped and reported. */
export function parseCollection<T>(endpoint: string, body: unknown, row: z.ZodMiniType<T>): Page<T> {
  // Asked before the envelope's check: rows straight from the transport's JSON.parse skip the tests such rows
  // always pass (parsedJson.ts); any other body gets every test.
  const madeByJsonParse = takeParsedJson(body);
  const envelope = parseEntity(endpoint, body, collection, (issues) =>
    t('{0} did not answer a collection: {1}.', endpoint, issues),
  );
  const skipped: RowProblem[] = [];
  // A row zod would accept unchanged is taken as it is (schemaFastPath.ts); zod parses the rest and names the problem.
  const fast = fastCheckOf(row, madeByJsonParse);
  // A row `fast` passes is a T as it is; any other goes through zod below.
  const rows = envelope.value as T[];
  let passed = 0;
  while (passed < rows.length && fast(rows[passed])) passed++;
  // The rows up to the first that needs zod are copied in one piece (a push each cost a write barrier per row).
  const items = rows.slice(0, passed);
  for (let index = passed; index < rows.length; index++) {
    const value = rows[index]!;
    if (fast(value)) {
      items.push(value);
      continue;
    }
    const parsed = row.safeParse(value);
    if (parsed.success) items.push(parsed.data);
    else skipped.push({ index, problem: describeIssues(parsed.error) });
  }
  return {
    items,
    skipped,
    ...(envelope['@odata.count'] !== undefined ? { count: envelope['@odata.count'] } : {}),
  };
}

/** Parses the JSON body of a response; no body where the endpoint promises one is an invalid response. */
export function parseBody<T>(endpoint: string, body: ResponseBody, schema: z.ZodMiniType<T>): T {
  if (body.kind !== 'json') throw invalid(endpoint, t('{0} answered no body.', endpoint));
  return parseEntity(endpoint, body.value, schema);
}

/** Parses a single entity or object; a mismatch is an error naming the endpoint and the field. */
export function parseEntity<T>(
  endpoint: string,
  body: unknown,
  schema: z.ZodMiniType<T>,
  message = (issues: string) => t('{0} answered an unexpected shape: {1}.', endpoint, issues),
): T {
  if (fastCheckOf(schema)(body)) return body as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(endpoint, message(describeIssues(parsed.error)));
  return parsed.data;
}
