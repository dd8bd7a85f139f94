// Which strings a user may read are still written in English in the code rather than marked with t('…'): the list the
// pseudo-locale check prints and the ratchet in l10n/pending.json holds. A heuristic on purpose (the compiler cannot
// know what reaches a screen): prose literals (two words or more) anywhere, and single words where a label goes.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { MESSAGE_SOURCES, ROOT, sourceFiles } from './l10n';

export interface Unmarked {
  file: string;
  line: number;
  text: string;
}

/** Properties whose value a person reads (tree rows, picks, prompts, progress, panels). */
const LABEL_PROPERTIES = new Set([
  'label',
  'description',
  'detail',
  'tooltip',
  'placeHolder',
  'placeholder',
  'prompt',
  'title',
  'message',
  'validationMessage',
  'textContent',
  // What a tree row failed to load, and where (items.ts describeFailure).
  'what',
  'where',
  // A confirmation's button (guardChange), a dialog's buttons, a save dialog's button.
  'action',
  'actions',
  'saveLabel',
  'openLabel',
]);
/** Calls whose literals are for us, not for the user: the log (Output channel, kept in English), tests' own names. */
const LOG_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'request', 'appendLine']);

const isLogCall = (call: ts.CallExpression) =>
  // A log function handed down (`deps.log(…)`, `log?.(…)`) writes to the log too.
  /(^|\.)log$/.test(call.expression.getText()) ||
  (ts.isPropertyAccessExpression(call.expression) &&
    LOG_METHODS.has(call.expression.name.text) &&
    /(^|\.)(log|logger|channel|output|console)$/i.test(call.expression.expression.getText()));

// `nls('…')` marks a command's title for package.nls.json (src/host/commands/contribution.ts).
const isMarkCall = (call: ts.CallExpression) =>
  (ts.isIdentifier(call.expression) && ['t', 'nls'].includes(call.expression.text)) ||
  (ts.isPropertyAccessExpression(call.expression) && call.expression.getText() === 'l10n.t');

/**
 * Text that is code although it reads like words: a request path or line, page markup, a header value, a policy, an
 * address. Never a message (a translator must not change it); the unit suite checks the bundle holds none.
 */
const CODE_PATTERNS = [
  /^\//,
  /^(GET|POST|PUT|PATCH|DELETE) \//,
  /<!doctype|<\/?(html|head|body|script|meta|style|div|title)\b/i,
  /charset=/,
  /-src\b/,
  /^https?:\/\/\S*$/,
];
export const isCode = (text: string) => CODE_PATTERNS.some((re) => re.test(text));

/** Two words of letters: a phrase. Identifiers, ids (`orchestrator.signIn`), URLs, paths and formats are not. */
const isProse = (text: string) =>
  /[A-Za-z]{2,}[^\n]*\s+[^\n]*[A-Za-z]{2,}/.test(text) &&
  !/^[\w.:/?#&=%{}$-]+$/.test(text) &&
  // A `when` clause is code.
  !/=~|==|&&/.test(text);
const isWord = (text: string) => /^[A-Z][A-Za-z]+( [A-Za-z]+)*[.…]?$/.test(text);
/** In a label's place a lowercase word is text too (`what: 'reviews'`, a tree row's kind of thing). */
const isLowerWord = (text: string) => /^[a-z]{3,}( [a-z]+)*$/.test(text);
/** A template that puts a value after or before a word a person reads: `Item ${id}`, `Idea: ${name}`. */
const isWordTemplate = (node: ts.Node, text: string) =>
  ts.isTemplateExpression(node) && /(^|[\s(“"'])([A-Z][a-z]+|[a-z]{3,})\b/.test(text);

function inSkippedContext(node: ts.Node): boolean {
  for (let child: ts.Node = node, at = node.parent; at; child = at, at = at.parent) {
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isTypeNode(at)) return true;
    if (ts.isCallExpression(at) && isLogCall(at)) return true;
    // A message is t()'s first argument; what fills it in (`t('{0} …', 'The job')`) is read like any other text.
    if (ts.isCallExpression(at) && isMarkCall(at) && at.arguments[0] === child) return true;
    if (ts.isRegularExpressionLiteral(at)) return true;
    if (ts.isPropertyAssignment(at) && at.name === node) return true;
    if (ts.isElementAccessExpression(at)) return true;
    // `case 'copyJson':` compares with a value; the statements under it are checked like any other.
    if (ts.isCaseClause(at) && at.expression === node) return true;
  }
  // `state === 'Running'` compares with a value (unmarkedIn still reports one that is also a message of the file).
  return isCompared(node);
}

const isCompared = (node: ts.Node) =>
  ts.isBinaryExpression(node.parent) && /^(===|!==|==|!=)$/.test(node.parent.operatorToken.getText());

/** The messages a file marks: t('…')'s first arguments. */
function messagesOf(source: ts.SourceFile): Set<string> {
  const messages = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isMarkCall(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]))
      messages.add(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return messages;
}

/**
 * Calls with a label among their arguments, by position: a tooltip table's row (`row('Kind', value)`), an error row's
 * "what" (`errorRow(owner, error, 'folders', where)`, shown inside "You lack the permission to see {0}…"), and in the
 * panels a button's, a section's or a notice's text, a field table's names (`fieldTable([['Status', value]])`) and an
 * element's text content (`h('th', {}, 'Key')`).
 */
const LABEL_ARGUMENTS: Record<string, (index: number) => boolean> = {
  row: (i) => i === 0,
  errorRow: (i) => i === 2,
  button: (i) => i === 0,
  section: (i) => i === 0,
  notice: (i) => i === 0,
  fieldTable: (i) => i === 0,
  h: (i) => i >= 2,
};

const labelProperty = (node: ts.Node): boolean =>
  // Either branch of a choice in a label's place: `action: soft ? 'Stop' : 'Kill'`.
  (ts.isConditionalExpression(node.parent) && node.parent.condition !== node && labelProperty(node.parent)) ||
  (ts.isCallExpression(node.parent) &&
    ts.isIdentifier(node.parent.expression) &&
    (LABEL_ARGUMENTS[node.parent.expression.text]?.(node.parent.arguments.indexOf(node as ts.Expression)) ?? false)) ||
  // An entry of a list of labels: `actions: ['Apply']`.
  (ts.isArrayLiteralExpression(node.parent) && labelProperty(node.parent)) ||
  (ts.isPropertyAssignment(node.parent) &&
    node.parent.initializer === node &&
    LABEL_PROPERTIES.has(node.parent.name.getText())) ||
  (ts.isBinaryExpression(node.parent) &&
    node.parent.right === node &&
    ts.isPropertyAccessExpression(node.parent.left) &&
    LABEL_PROPERTIES.has(node.parent.left.name.text));

/** A literal whose line says `l10n: code` (with why): words that are a value, not text (a context value, a scope). */
function markedAsCode(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((text) => text !== undefined && /\bl10n: code\b/.test(text));
}

/**
 * A file that opens with `// l10n: model` writes for a language model (tool results and descriptions, src/core/agents, src/host/agents):
 * English by design, as models read it best and answer in the user's language. What it shows people is still marked.
 */
const FOR_MODEL = /^(\/\/[^\n]*\n)*\/\/ l10n: model\b/;

/** Every literal in one file that reads as words for a person and is not marked. */
export function unmarkedIn(file: string): Unmarked[] {
  const text = readFileSync(file, 'utf8');
  if (FOR_MODEL.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Unmarked[] = [];
  const shown = messagesOf(source);
  const visit = (node: ts.Node): void => {
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' {} ')
          : undefined;
    // A dialog answers with the button's label as shown, translated: `answer !== 'Remove'` next to
    // `actions: [t('Remove')]` never matches outside English.
    const comparedWithShown = text !== undefined && isCompared(node) && shown.has(text);
    if (
      comparedWithShown ||
      (text !== undefined &&
        !isCode(text) &&
        !markedAsCode(source, node) &&
        !inSkippedContext(node) &&
        (isProse(text) || isWordTemplate(node, text) || ((isWord(text) || isLowerWord(text)) && labelProperty(node))))
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ file: relative(ROOT, file), line: line + 1, text: text!.slice(0, 100) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The unmarked literals of everything users read, by file. */
export function unmarked(): Map<string, Unmarked[]> {
  const byFile = new Map<string, Unmarked[]>();
  for (const dir of MESSAGE_SOURCES)
    for (const file of sourceFiles(join(ROOT, dir))) {
      const found = unmarkedIn(file);
      if (found.length > 0) byFile.set(relative(ROOT, file), found);
    }
  return byFile;
}
