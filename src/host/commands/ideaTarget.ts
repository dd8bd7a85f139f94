import type { Connection } from '../../core/connections';
import type { Idea } from '../../core/ideas/schemas';

/** The idea a command acts on: an idea row of the Ideas view (All Automations, a pipeline status, the store). */
export function ideaOf(node: unknown): { connection: Connection; idea: Idea } {
  const value = (node as { value?: { connection?: Connection; idea?: Idea } } | undefined)?.value;
  if (!value?.connection || !value.idea) throw new Error('Choose an automation idea in the Ideas view.');
  return { connection: value.connection, idea: value.idea };
}

/** Tags as typed: comma-separated, trimmed, each 1 to 50 characters (the service's limit), no repeats. */
export function parseTags(text: string): { tags: string[] } | { problem: string } {
  const tags = text.split(',').map((t) => t.trim());
  if (tags.every((t) => t === '')) return { problem: 'Type at least one tag.' };
  if (tags.some((t) => t === '')) return { problem: 'A tag is empty: remove the extra comma.' };
  const long = tags.find((t) => t.length > 50);
  if (long) return { problem: `'${long.slice(0, 20)}…' is longer than 50 characters.` };
  if (new Set(tags).size !== tags.length) return { problem: 'A tag is listed twice.' };
  return { tags };
}
