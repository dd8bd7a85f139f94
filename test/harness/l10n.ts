// `npm run l10n`: writes l10n/bundle.l10n.json, every message the code marks with t('…') (src/core/l10n.ts), for
// translators; the unit suite checks the committed file is current. Also the pseudo-locale the tests run the editor
// in: every letter accented and the message bracketed, placeholders kept, so a string that is not translated shows
// up as plain ASCII next to ones that are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(__dirname, '..', '..');
/** Where the code that users read lives: the extension (every layer) and the panels' scripts. */
export const MESSAGE_SOURCES = ['src', 'webviews'];
export const BUNDLE_FILE = join(ROOT, 'l10n', 'bundle.l10n.json');
export const PSEUDO_LOCALE = 'qps-ploc';

export interface MarkedMessage {
  message: string;
  comment?: string[];
}

/** A `t(…)` whose first argument is not a literal: the extraction cannot see it, so it is never translated. */
export interface UnreadableCall {
  file: string;
  line: number;
  text: string;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const isT = (call: ts.CallExpression) =>
  (ts.isIdentifier(call.expression) && call.expression.text === 't') ||
  (ts.isPropertyAccessExpression(call.expression) &&
    call.expression.name.text === 't' &&
    ts.isIdentifier(call.expression.expression) &&
    call.expression.expression.text === 'l10n');

const literalText = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** Reads `t('message', …)` and `t({ message: '…', comment: […] })` from one file. */
export function marksIn(file: string): { messages: MarkedMessage[]; unreadable: UnreadableCall[] } {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const messages: MarkedMessage[] = [];
  const unreadable: UnreadableCall[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isT(node)) {
      const [first] = node.arguments;
      const plain = literalText(first);
      if (plain !== undefined) messages.push({ message: plain });
      else if (first && ts.isObjectLiteralExpression(first)) {
        const property = (name: string) =>
          first.properties.find(
            (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === name,
          )?.initializer;
        const message = literalText(property('message'));
        const comment = property('comment');
        const comments =
          comment && ts.isArrayLiteralExpression(comment)
            ? comment.elements.map(literalText).filter((c): c is string => c !== undefined)
            : literalText(comment) !== undefined
              ? [literalText(comment)!]
              : undefined;
        if (message !== undefined) messages.push({ message, ...(comments ? { comment: comments } : {}) });
        else unreadable.push(unreadableAt(source, node, file));
      } else unreadable.push(unreadableAt(source, node, file));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { messages, unreadable };
}

function unreadableAt(source: ts.SourceFile, node: ts.Node, file: string): UnreadableCall {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return { file: relative(ROOT, file), line: line + 1, text: node.getText(source).slice(0, 120) };
}

/** The bundle translators get: message → message, or { message, comment } where the code explains it. */
export function collectBundle(): { bundle: Record<string, string | MarkedMessage>; unreadable: UnreadableCall[] } {
  const entries = new Map<string, string | MarkedMessage>();
  const unreadable: UnreadableCall[] = [];
  for (const dir of MESSAGE_SOURCES)
    for (const file of sourceFiles(join(ROOT, dir))) {
      const found = marksIn(file);
      unreadable.push(...found.unreadable);
      for (const { message, comment } of found.messages) {
        // VS Code's bundle format keys a commented message as "message/comment".
        const key = comment ? `${message}/${comment.join('')}` : message;
        entries.set(key, comment ? { message, comment } : message);
      }
    }
  const bundle = Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { bundle, unreadable };
}

export const bundleText = (bundle: object) => `${JSON.stringify(bundle, null, 2)}\n`;

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

/**
 * The pseudo translation of one message: letters accented, `{0}`/`{name}` placeholders and `$(icon)` references kept,
 * the whole in ⟦…⟧ so truncation shows too.
 */
export function pseudo(message: string): string {
  const parts = message.split(/(\{[^}]*\}|\$\([^)]*\))/);
  return `⟦${parts.map((part, i) => (i % 2 === 1 ? part : [...part].map((c) => ACCENTED[c] ?? c).join(''))).join('')}⟧`;
}

/** The pseudo-locale bundle of a message bundle or of package.nls.json (keys kept, values pseudo-translated). */
export function pseudoBundle(bundle: Record<string, string | MarkedMessage>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(bundle).map(([key, value]) => [key, pseudo(typeof value === 'string' ? value : value.message)]),
  );
}

if (require.main === module) {
  const { bundle, unreadable } = collectBundle();
  for (const call of unreadable) console.error(`l10n: ${call.file}:${call.line}: not a literal message: ${call.text}`);
  writeFileSync(BUNDLE_FILE, bundleText(bundle));
  console.log(`l10n: ${Object.keys(bundle).length} messages in ${relative(ROOT, BUNDLE_FILE)}`);
  if (unreadable.length > 0) process.exit(1);
}
