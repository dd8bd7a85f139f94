import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|mts|cts|js)$/.test(name) ? [path] : [];
  });
}

const IMPORT = (module: string) => new RegExp(`(from\\s+['"]${module}['"]|require\\(\\s*['"]${module}['"]\\s*\\)|import\\(\\s*['"]${module}['"]\\s*\\))`);

/** The show*Message calls in `source` whose message is neither a fixed single-quoted literal nor plainText(…). */
function unsafeMessageCalls(source: string): string[] {
  const calls = [...source.matchAll(/show(?:Error|Warning|Information)Message\(\s*/g)];
  return calls
    .filter((call) => {
      const rest = source.slice(call.index + call[0].length);
      return !/^plainText\(/.test(rest) && !/^'(?:[^'\\\n]|\\.)*'\s*[,)]/.test(rest);
    })
    .map((call) => source.slice(call.index, call.index + 80).split('\n')[0]!);
}

describe('house rules', () => {
  it('src/core and src/shared never import vscode (they run in plain Node and in webviews)', () => {
    for (const dir of ['src/core', 'src/shared', 'webviews']) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        assert.doesNotMatch(readFileSync(file, 'utf8'), IMPORT('vscode'), relative(ROOT, file));
      }
    }
  });

  it('the extension sources never import undici (it would replace the dispatcher other extensions share)', () => {
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      assert.doesNotMatch(text, IMPORT('undici'), relative(ROOT, file));
      assert.doesNotMatch(text, /setGlobalDispatcher/, relative(ROOT, file));
    }
  });

  it('settings that choose where a credential goes are read through src/host/settings.ts only (never the merged value)', () => {
    // A read of one of these keys by section (`getConfiguration('orchestrator').get('auth.loopbackPort')`) or in full.
    const read = /\.(get|has)(<[^>]*>)?\(\s*(['"`](orchestrator\.)?(connections|auth\.loopbackPort|loopbackPort|rateLimit\.budgetPerMinute|budgetPerMinute|logs\.maxLines|maxLines)['"`]|CONNECTIONS_SETTING)/;
    assert.match(`config.get<number>('maxLines', 10_000)`, read, 'the checker catches a read');
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      if (relative(ROOT, file).replace(/\\/g, '/') === 'src/host/settings.ts') continue;
      assert.doesNotMatch(readFileSync(file, 'utf8'), read, relative(ROOT, file));
    }
  });

  // VS Code renders `[text](command:…)` in notifications as a link that runs the command: every message that is not a
  // fixed literal goes through plainText (src/core/presentation/plainText.ts).
  it('every show*Message call passes a fixed text or plainText(…)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const call of unsafeMessageCalls(text)) offenders.push(`${relative(ROOT, file)}: ${call}`);
    }
    assert.deepEqual(offenders, []);
  });

  it('the message rule catches templates and variables, and accepts literals and plainText', () => {
    assert.equal(unsafeMessageCalls('vscode.window.showErrorMessage(`failed: ${message}`)').length, 1);
    assert.equal(unsafeMessageCalls('window.showWarningMessage(message, "OK")').length, 1);
    assert.equal(unsafeMessageCalls("vscode.window.showInformationMessage('It is ' + name)").length, 1);
    assert.equal(unsafeMessageCalls('vscode.window.showInformationMessage(\n  text)').length, 1);
    assert.equal(unsafeMessageCalls("vscode.window.showInformationMessage('No log is being tailed.')").length, 0);
    assert.equal(unsafeMessageCalls("vscode.window.showWarningMessage('Fixed', 'Sign In')").length, 0);
    assert.equal(unsafeMessageCalls('vscode.window.showErrorMessage(plainText(`failed: ${message}`), \'Show Log\')').length, 0);
  });

  // Commands ask through ctx.input (src/host/ui/userInput.ts), so the integration suite runs their real prompts from
  // a script. The sign-in provider's two prompts run inside the editor's own sign-in flow (the Accounts menu, with its
  // cancellation), not in a command: they still ask directly.
  it('prompts are asked through the user-input seam only', () => {
    const direct = /window\.(showInputBox|showQuickPick|createQuickPick|createInputBox|showOpenDialog|showSaveDialog)\b|show\w+Message\([^;]*modal: true/;
    const allowed = new Set(['src/host/ui/vscodeInput.ts', 'src/host/auth/provider.ts', 'src/host/auth/signInFlow.ts']);
    assert.match('await vscode.window.showQuickPick(items, { title })', direct, 'the checker catches a direct pick');
    assert.match("vscode.window.showWarningMessage(text, { modal: true }, 'Remove')", direct, 'and a modal question');
    const offenders = sourceFiles(join(ROOT, 'src')).map((file) => relative(ROOT, file).replace(/\\/g, '/')).filter((file) => !allowed.has(file) && direct.test(readFileSync(join(ROOT, file), 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('no command takes an argument besides what it acts on (tests answer its prompts instead)', () => {
    const extra = /async run\((?:\{[^}]*\}|\w+)\s*,\s*\w+\s*,/;
    assert.match('async run({ ctx, token }, node, given) {', extra);
    assert.doesNotMatch('async run({ ctx, token, progressTitle }, node) {', extra);
    const offenders = sourceFiles(join(ROOT, 'src/host/commands')).filter((file) => extra.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    assert.deepEqual(offenders, []);
  });

  it('the rule checker itself catches a vscode import', () => {
    assert.match(`import * as vscode from 'vscode';`, IMPORT('vscode'));
    assert.match(`const v = require('vscode')`, IMPORT('vscode'));
    assert.doesNotMatch(`import { x } from 'vscode-uri';`, IMPORT('vscode'));
  });
});
