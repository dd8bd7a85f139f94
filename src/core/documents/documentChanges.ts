import type { ArgumentEntry } from '../orchestrator/schemas';
import type { DocumentTarget } from './orchestratorUri';
import { t } from '../l10n';

// What applying a draft will change on the service, in words, for the confirmation before anything is sent.

const MAX_VALUE_CHARS = 60;

const shown = (value: unknown): string => {
  const text = value === undefined ? 'unset' : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
};

const readObject = (text: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Input values: one line per argument set, changed or removed. */
function inputValueChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(name in before)) lines.push(t('{0}: set to {1}', name, shown(after[name])));
    else if (!(name in after)) lines.push(t('{0}: removed (was {1})', name, shown(before[name])));
    else if (!same(before[name], after[name])) lines.push(`${name}: ${shown(before[name])} → ${shown(after[name])}`);
  }
  return lines;
}

const describeArgument = (a: ArgumentEntry) =>
  `${a.type}${a.required ? ', required' : ''}${a.hasDefault ? t(', has a default') : ''}`;

/** Package arguments: declarations added, removed or changed, per list. */
function argumentChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const which of ['Input', 'Output'] as const) {
    const list = (value: unknown) =>
      new Map((Array.isArray(value) ? (value as ArgumentEntry[]) : []).map((a) => [a.name, a]));
    const old = list(before[which]);
    const now = list(after[which]);
    for (const [name, argument] of now) {
      const was = old.get(name);
      if (!was) lines.push(t('{0} argument {1}: added ({2})', which, name, describeArgument(argument)));
      else if (!same(was, argument))
        lines.push(t('{0} argument {1}: {2} → {3}', which, name, describeArgument(was), describeArgument(argument)));
    }
    for (const [name, argument] of old)
      if (!now.has(name)) lines.push(t('{0} argument {1}: removed (was {2})', which, name, describeArgument(argument)));
  }
  return lines;
}

/** The changes from the service's text to the draft, one line each; empty when they hold the same values. */
export function describeChanges(kind: DocumentTarget['kind'], serviceText: string, draftText: string): string[] {
  const before = readObject(serviceText);
  const after = readObject(draftText);
  return kind === 'packageArguments' ? argumentChanges(before, after) : inputValueChanges(before, after);
}
