import { badRequest } from './errors';
import type { Request } from './http';

/** One part of a multipart/form-data body (RFC 7578): its field name, the file name if it is a file, its bytes. */
export interface FormPart {
  name: string;
  fileName?: string;
  contentType?: string;
  bytes: Buffer;
}

const MAX_PARTS = 16;
const MAX_HEADER_BYTES = 8 * 1024;

/** The boundary named by the request's content type, or a 400 saying what the request should have been. */
function boundaryOf(req: Request): string {
  const contentType = req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw badRequest('The request must be multipart/form-data with the package in a file field.');
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest('The multipart/form-data content type names no boundary.');
  return boundary;
}

/** The value of a parameter of a Content-Disposition header (`name="file"`, `filename="a.nupkg"`). */
function parameter(disposition: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition);
  return match?.[1]?.replace(/\\(.)/g, '$1');
}

function partOf(raw: Buffer): FormPart {
  const headerEnd = raw.indexOf('\r\n\r\n');
  if (headerEnd < 0 || headerEnd > MAX_HEADER_BYTES) throw badRequest('A multipart part has no header block.');
  const headers = new Map<string, string>();
  for (const line of raw.subarray(0, headerEnd).toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = parameter(disposition, 'name');
  if (!/^form-data\s*;/i.test(disposition) || name === undefined)
    throw badRequest('A multipart part has no Content-Disposition: form-data with a name.');
  const fileName = parameter(disposition, 'filename');
  const contentType = headers.get('content-type');
  return {
    name,
    ...(fileName !== undefined ? { fileName } : {}),
    ...(contentType ? { contentType } : {}),
    bytes: raw.subarray(headerEnd + 4),
  };
}

/** The parts of a multipart/form-data body; a body that is not one is a 400 naming what is wrong. */
export function formParts(req: Request): FormPart[] {
  const delimiter = Buffer.from(`--${boundaryOf(req)}`);
  const body = req.rawBody;
  let at = body.indexOf(delimiter);
  if (at < 0) throw badRequest('The multipart body does not contain its boundary.');
  const parts: FormPart[] = [];
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts; // the closing delimiter
    if (body.subarray(at, at + 2).toString() !== '\r\n') throw badRequest('A multipart boundary is malformed.');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), at + 2);
    if (next < 0) throw badRequest('The multipart body ends before its closing boundary.');
    if (parts.length === MAX_PARTS) throw badRequest(`A multipart body of more than ${MAX_PARTS} parts.`);
    parts.push(partOf(body.subarray(at + 2, next)));
    at = next + 2;
  }
}

/** The one file of a form (the first part that carries a file name), or a 400. */
export function formFile(req: Request): FormPart & { fileName: string } {
  const file = formParts(req).find((p): p is FormPart & { fileName: string } => p.fileName !== undefined);
  if (!file) throw badRequest('The form holds no file: send the package in a file field.');
  return file;
}
