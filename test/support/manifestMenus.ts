// The manifest as VS Code reads it, and its row menus as conditions a test can evaluate (the manifest and the
// protection tests share them).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ViewId } from '../../src/constants';
import { VIEW_CONTEXT_VALUES, withProtection, type Protection } from '../../src/core/rows/contextValues';

const ROOT = join(__dirname, '..', '..');

/** package.json as VS Code shows it in English: every `%key%` replaced from package.nls.json. */
export const manifest = resolveNls(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));

function resolveNls(value: unknown): any {
  const nls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const resolve = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const key = /^%(.+)%$/.exec(v)?.[1];
      if (key === undefined) return v;
      assert.ok(key in nls, `package.nls.json has no ${key}`);
      return nls[key];
    }
    if (Array.isArray(v)) return v.map(resolve);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]));
    return v;
  };
  return resolve(value);
}

/** The row values each view declares (src/core/rows/contextValues.ts), by view id. */
export const DECLARED: Record<string, readonly string[]> = {
  [ViewId.explorer]: VIEW_CONTEXT_VALUES.explorer,
  [ViewId.ideas]: VIEW_CONTEXT_VALUES.ideas,
};
export const PROTECTIONS: Protection[] = ['normal', 'confirm', 'readOnly'];
/** A declared value as a row shows it: alone (rows of no connection) or with its connection's protection. */
export const shownAs = (value: string) => [value, ...PROTECTIONS.map((p) => withProtection(value, p))];

/**
 * A menu entry's row condition, read from its `when`: the views it applies to and its `viewItem` test. Only the forms
 * the manifest uses are understood (`view ==`, `view =~`, `viewItem ==`, `viewItem =~`, joined by &&): anything else
 * fails the test rather than being misread.
 */
export function rowCondition(when: string): { views: string[]; matches: (value: string) => boolean } {
  let views = Object.keys(DECLARED);
  let matches: ((value: string) => boolean) | undefined;
  for (const term of when.split('&&').map((t) => t.trim())) {
    const [, key, op, operand] = /^(view|viewItem)\s*(==|=~)\s*(.+)$/.exec(term) ?? [];
    if (!key) {
      assert.doesNotMatch(term, /\bview(Item)?\b/, `an understood form of ${term} in: ${when}`);
      continue;
    }
    const literal = op === '=~' ? /^\/(.*)\/([a-z]*)$/.exec(operand!) : undefined;
    if (op === '=~') assert.ok(literal, `a /regex/ in: ${when}`);
    const regex = literal ? new RegExp(literal[1]!, literal[2]) : undefined;
    const test = (value: string) => (regex ? regex.test(value) : value === operand);
    if (key === 'view') views = views.filter(test);
    else {
      // Several viewItem tests (a row kind, then its connection's protection) must all hold.
      const before = matches;
      matches = before ? (value) => before(value) && test(value) : test;
    }
  }
  assert.ok(matches, `a viewItem test in: ${when}`);
  return { views, matches };
}

/** Every row condition of every menu, with the command it shows. */
export const rowMenus = Object.entries(
  manifest.contributes.menus as Record<string, { command: string; when?: string }[]>,
).flatMap(([menu, entries]) =>
  entries
    .filter((e) => /\bviewItem\b/.test(e.when ?? ''))
    .map((e) => ({ menu, command: e.command, when: e.when!, ...rowCondition(e.when!) })),
);
