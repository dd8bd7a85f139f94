import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, ErrorCode, badRequest } from './errors';

/** What a route handler sees of a request. */
export interface Request {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
  readonly rawBody: Buffer;
  header(name: string): string | undefined;
}

export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'raw'; status: number; body: Buffer | string; contentType: string; headers?: Record<string, string> }
  | { kind: 'redirect'; location: string }
  | { kind: 'empty'; status: number };

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  kind: 'json',
  status,
  body,
  headers,
});
export const empty = (status = 204): Reply => ({ kind: 'empty', status });
export const html = (body: string, status = 200): Reply => ({
  kind: 'raw',
  status,
  body,
  contentType: 'text/html; charset=utf-8',
});

const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** A package upload (multipart form data) may be larger: the cap UploadPackage answers 413 above. */
export const MAX_PACKAGE_BYTES = 30 * 1024 * 1024;
/** Past this the sandbox stops reading and drops the connection: a client that ignores a 413 gets no more time. */
const DRAIN_LIMIT_BYTES = 4 * MAX_PACKAGE_BYTES;

export async function readRequest(req: IncomingMessage, base: string): Promise<Request> {
  const contentType = String(req.headers['content-type'] ?? '');
  const cap = contentType.startsWith('multipart/form-data') ? MAX_PACKAGE_BYTES : MAX_BODY_BYTES;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > DRAIN_LIMIT_BYTES) req.destroy();
    // Read to the end before answering, so the client is still listening when the 413 comes (not a reset).
    if (size <= cap) chunks.push(chunk as Buffer);
  }
  if (size > cap)
    throw new HttpError(413, ErrorCode.invalidRequest, `Request body exceeds ${cap} bytes (got ${size}).`);
  const rawBody = Buffer.concat(chunks);
  let body: unknown = undefined;
  if (rawBody.length > 0) {
    if (contentType.includes('application/x-www-form-urlencoded')) {
      body = Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
    } else if (contentType === '' || contentType.includes('json')) {
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch (error) {
        throw badRequest(`The request body is not valid JSON: ${(error as Error).message}`);
      }
    }
  }
  const url = new URL(req.url ?? '/', base);
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    headers: req.headers,
    body,
    rawBody,
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
  };
}

/** Writes a reply; `mutate` lets fault injection truncate or corrupt the serialized body. */
export function writeReply(res: ServerResponse, reply: Reply, mutate?: (text: string) => string): void {
  const common = { 'cache-control': 'no-store' };
  switch (reply.kind) {
    case 'json': {
      let text = JSON.stringify(reply.body);
      if (mutate) text = mutate(text);
      res.writeHead(reply.status, { ...common, 'content-type': 'application/json; charset=utf-8', ...reply.headers });
      res.end(text);
      return;
    }
    case 'raw':
      res.writeHead(reply.status, { ...common, 'content-type': reply.contentType, ...reply.headers });
      res.end(reply.body);
      return;
    case 'redirect':
      res.writeHead(302, { ...common, location: reply.location });
      res.end();
      return;
    case 'empty':
      res.writeHead(reply.status, common);
      res.end();
      return;
  }
}

export function errorReply(error: HttpError): Reply {
  return json(error.body(), error.status, error.headers);
}

/** Reads a required object body, or answers 400 naming what is missing. */
export function objectBody(req: Request): Record<string, unknown> {
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return req.body as Record<string, unknown>;
}
