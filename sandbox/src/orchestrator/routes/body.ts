import { badRequest } from '../../server/errors';
import { objectBody, type Request } from '../../server/http';

/** Typed readers for request bodies: a wrong or missing field is a 400 naming the field. */
export function bodyOf(req: Request) {
  const body = objectBody(req);
  const wrong = (name: string, expected: string) => badRequest(`'${name}' must be ${expected}.`);
  return {
    raw: body,
    has: (name: string) => body[name] !== undefined,
    string(name: string, options: { optional?: boolean; max?: number; nonEmpty?: boolean } = {}): string {
      const value = body[name];
      if (value === undefined || value === null) {
        if (options.optional) return '';
        throw wrong(name, 'a string');
      }
      if (typeof value !== 'string') throw wrong(name, 'a string');
      if (options.nonEmpty !== false && !options.optional && value.trim() === '')
        throw wrong(name, 'a non-empty string');
      if (options.max !== undefined && value.length > options.max)
        throw badRequest(`'${name}' must be at most ${options.max} characters (got ${value.length}).`);
      return value;
    },
    int(name: string, options: { optional?: boolean } = {}): number {
      const value = body[name];
      if (value === undefined || value === null) {
        if (options.optional) return 0;
        throw wrong(name, 'an integer');
      }
      if (typeof value !== 'number' || !Number.isInteger(value)) throw wrong(name, 'an integer');
      return value;
    },
    bool(name: string, options: { optional?: boolean } = {}): boolean {
      const value = body[name];
      if (value === undefined && options.optional) return false;
      if (typeof value !== 'boolean') throw wrong(name, 'true or false');
      return value;
    },
    intArray(name: string, options: { optional?: boolean } = {}): number[] {
      const value = body[name];
      if (value === undefined && options.optional) return [];
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'number' && Number.isInteger(v)))
        throw wrong(name, 'an array of integers');
      return value as number[];
    },
    stringArray(name: string): string[] {
      const value = body[name];
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw wrong(name, 'an array of strings');
      return value as string[];
    },
    object(name: string, options: { optional?: boolean } = {}): Record<string, unknown> {
      const value = body[name];
      if (value === undefined && options.optional) return {};
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw wrong(name, 'an object');
      return value as Record<string, unknown>;
    },
  };
}

/** Characters as the service counts them: UTF-16 code units (two bytes per character). */
export function utf16Length(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return (typeof value === 'string' ? value : JSON.stringify(value)).length;
}
