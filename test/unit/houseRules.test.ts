import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|mts|cts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

/** The module specifiers a source file imports, re-exports, requires or loads dynamically. */
function importedSpecifiers(source: string): string[] {
  const statement =
    /^(?:import|export|\})[^'"\n]*?\bfrom\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]/gm;
  return [...source.matchAll(statement)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

const IMPORT = (module: string) =>
  new RegExp(
    `(from\\s+['"]${module}['"]|require\\(\\s*['"]${module}['"]\\s*\\)|import\\(\\s*['"]${module}['"]\\s*\\))`,
  );

/** The show*Message calls in `source` whose message is neither a fixed literal (or `t` of one) nor plainText(…). */
function unsafeMessageCalls(source: string): string[] {
  const calls = [...source.matchAll(/show(?:Error|Warning|Information)Message\(\s*/g)];
  return calls
    .filter((call) => {
      const rest = source.slice(call.index + call[0].length);
      // A fixed text, ours to translate (`t('…')` without arguments), is as safe as the literal.
      return (
        !/^plainText\(/.test(rest) &&
        !/^'(?:[^'\\\n]|\\.)*'\s*[,)]/.test(rest) &&
        !/^t\(\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*\)\s*[,)]/.test(rest)
      );
    })
    .map((call) => source.slice(call.index, call.index + 80).split('\n')[0]!);
}

/**
 * Where `source` names the whole context: `Services` (or `Ctx`, which builds it) anywhere but its import and a
 * `Pick<Services, …>` or `Omit<Services, …>`.
 */
function wholeContextUses(source: string): string[] {
  const narrowed = source
    .replace(/^import[^;]*from\s+['"][./]*(?:ctx|services)['"];?$/gm, '')
    .replace(/\b(?:Pick|Omit)<\s*(?:Ctx|Services)\s*,/g, '');
  return narrowed
    .split('\n')
    .filter((line) => /\b(?:Ctx|Services)\b/.test(line))
    .map((line) => line.trim());
}

describe('house rules', () => {
  it("the extension and its webviews use zod's small build (zod/mini) only: the classic API is 160 KiB of the bundle", () => {
    for (const dir of ['src', 'webviews'])
      for (const file of sourceFiles(join(ROOT, dir)))
        for (const specifier of importedSpecifiers(readFileSync(file, 'utf8')))
          if (packageOf(specifier) === 'zod')
            assert.equal(specifier, 'zod/mini', `${relative(ROOT, file)} imports ${specifier}`);
  });

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

  it("a caught value's message is read through errorMessage, never by a cast to Error (a thrown string has none)", () => {
    for (const file of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'webviews'))])
      assert.doesNotMatch(readFileSync(file, 'utf8'), /\bas Error\b/, relative(ROOT, file));
  });

  it('settings that choose where a credential goes are read through src/host/settings.ts only (never the merged value)', () => {
    // A read of one of these keys by section (`getConfiguration('orchestrator').get('auth.loopbackPort')`) or in full.
    const read =
      /\.(get|has)(<[^>]*>)?\(\s*(['"`](orchestrator\.)?(connections|auth\.loopbackPort|loopbackPort|rateLimit\.budgetPerMinute|budgetPerMinute|logs\.maxLines|maxLines)['"`]|CONNECTIONS_SETTING)/;
    assert.match(`config.get<number>('maxLines', 10_000)`, read, 'the checker catches a read');
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      if (relative(ROOT, file).replace(/\\/g, '/') === 'src/host/settings.ts') continue;
      assert.doesNotMatch(readFileSync(file, 'utf8'), read, relative(ROOT, file));
    }
  });

  it('layers import only downwards: core ← shared ← host and webviews; core depends on nothing above it', () => {
    // Which layers each layer may import from (relative imports; packages are the lint rules' business).
    const allowed: Record<string, string[]> = {
      'src/core': ['src/core'],
      'src/shared': ['src/core', 'src/shared'],
      webviews: ['src/core', 'src/shared', 'webviews'],
      // Not src/ctx.ts: what host code is given is named in src/host/services.ts; only src/main.ts builds the Ctx.
      'src/host': ['src/core', 'src/shared', 'src/host', 'src/constants.ts'],
    };
    const offenders: string[] = [];
    let checked = 0;
    for (const [layer, may] of Object.entries(allowed)) {
      for (const file of sourceFiles(join(ROOT, layer))) {
        for (const [, path] of readFileSync(file, 'utf8').matchAll(
          /(?:from|import\(|require\()\s*['"](\.[^'"]+)['"]/g,
        )) {
          checked++;
          const target = relative(ROOT, resolve(dirname(file), path!))
            .split(sep)
            .join('/');
          if (!may.some((prefix) => target === prefix || target.startsWith(`${prefix}/`) || `${target}.ts` === prefix))
            offenders.push(`${relative(ROOT, file)} → ${target}`);
        }
      }
    }
    assert.deepEqual(offenders, []);
    assert.ok(checked > 300, `the checker read ${checked} imports`);
  });

  it('stored state is read and written through src/host/storedState.ts only (every key has a schema)', () => {
    const raw = /\b(globalState|workspaceState)\b/;
    const allowed = new Set(['src/host/storedState.ts']);
    const offenders = sourceFiles(join(ROOT, 'src'))
      .map((file) => relative(ROOT, file).replace(/\\/g, '/'))
      .filter((file) => !allowed.has(file) && raw.test(readFileSync(join(ROOT, file), 'utf8')));
    assert.deepEqual(offenders, []);
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
    assert.equal(
      unsafeMessageCalls("vscode.window.showErrorMessage(plainText(`failed: ${message}`), 'Show Log')").length,
      0,
    );
  });

  // sandbox/ is its own package, usable without the extension (sandbox/README.md).
  it('the sandbox imports only itself, node: built-ins and its declared dependencies; the extension never imports it', () => {
    const sandboxRoot = join(ROOT, 'sandbox');
    const manifest = JSON.parse(readFileSync(join(sandboxRoot, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: object;
      devDependencies?: object;
    };
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
    ]);
    const offenders: string[] = [];
    for (const file of sourceFiles(sandboxRoot)) {
      for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
        const inside = specifier.startsWith('.')
          ? resolve(dirname(file), specifier).startsWith(sandboxRoot + sep)
          : specifier.startsWith('node:') || declared.has(packageOf(specifier));
        if (!inside) offenders.push(`${relative(ROOT, file)}: ${specifier}`);
      }
    }
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
        const sandbox = specifier.startsWith('.')
          ? resolve(dirname(file), specifier).startsWith(sandboxRoot)
          : packageOf(specifier) === manifest.name;
        if (sandbox) offenders.push(`${relative(ROOT, file)}: ${specifier}`);
      }
    }
    assert.ok(sourceFiles(sandboxRoot).length > 40, 'the sandbox sources are found');
    assert.deepEqual(offenders, []);
  });

  it('the import checker finds every form of import', () => {
    const source = `import a from './a';\nimport type { B } from "../b";\nimport {\n  g,\n} from 'g';\nexport { c } from '@scope/c/sub';\nimport './side';\nconst d = await import('d/e');\nrequire( 'f' );\nthrow new Error(\`moves from '\${x}'\`);`;
    assert.deepEqual(importedSpecifiers(source), ['./a', '../b', 'g', '@scope/c/sub', './side', 'd/e', 'f']);
    assert.deepEqual(['@scope/c/sub', 'd/e', 'node:fs'].map(packageOf), ['@scope/c', 'd', 'node:fs']);
  });

  // Commands ask through ctx.input (src/host/ui/userInput.ts), so the integration suite runs their real prompts from
  // a script. The sign-in provider's two prompts run inside the editor's own sign-in flow (the Accounts menu, with its
  // cancellation), not in a command: they still ask directly.
  it('prompts are asked through the user-input seam only', () => {
    const direct =
      /window\.(showInputBox|showQuickPick|createQuickPick|createInputBox|showOpenDialog|showSaveDialog)\b|show\w+Message\([^;]*modal: true/;
    const allowed = new Set(['src/host/ui/vscodeInput.ts', 'src/host/auth/provider.ts', 'src/host/auth/signInFlow.ts']);
    assert.match('await vscode.window.showQuickPick(items, { title })', direct, 'the checker catches a direct pick');
    assert.match("vscode.window.showWarningMessage(text, { modal: true }, 'Remove')", direct, 'and a modal question');
    const offenders = sourceFiles(join(ROOT, 'src'))
      .map((file) => relative(ROOT, file).replace(/\\/g, '/'))
      .filter((file) => !allowed.has(file) && direct.test(readFileSync(join(ROOT, file), 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('no command takes an argument besides what it acts on (tests answer its prompts instead)', () => {
    const extra = /async run\((?:\{[^}]*\}|\w+)\s*,\s*\w+\s*,/;
    assert.match('async run({ ctx, token }, node, given) {', extra);
    assert.doesNotMatch('async run({ ctx, token, progressTitle }, node) {', extra);
    const offenders = sourceFiles(join(ROOT, 'src/host/commands'))
      .filter((file) => extra.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    assert.deepEqual(offenders, []);
  });

  // A command declares the parts of the context it uses (`type Uses = Pick<Services, …>`), and so do the helpers it
  // calls; only the registry's runner and loaders hold every part (Services), to hand it to every command.
  it('commands and their helpers take the parts of the context they use, never the whole Ctx', () => {
    assert.deepEqual(wholeContextUses('async function pick(ctx: Ctx, title: string) {'), [
      'async function pick(ctx: Ctx, title: string) {',
    ]);
    assert.equal(wholeContextUses('export const stopJob: CommandDefinition<Ctx> = {').length, 1);
    assert.equal(wholeContextUses('const wide = { ctx } as Partial<Ctx>;').length, 1);
    assert.equal(wholeContextUses('export const stopJob: CommandDefinition<Services> = {').length, 1);
    assert.deepEqual(
      wholeContextUses("import type { Services } from '../services';\ntype Uses = Pick<Services, 'input' | 'log'>;"),
      [],
    );
    assert.deepEqual(
      wholeContextUses(
        "import type { Ctx } from '../../ctx';\ntype Uses = Pick<Ctx, 'input'>;\nconst f = (ctx: Pick<\n  Ctx,\n  'log'\n>) => ctx;\ntype Rest = Omit<Ctx, 'log'>;",
      ),
      [],
    );
    const offenders = sourceFiles(join(ROOT, 'src/host/commands'))
      .map((file) => relative(ROOT, file).replace(/\\/g, '/'))
      // The registry and its loaders' map hold every part (Services), to hand it to every command.
      .filter((file) => !['src/host/commands/registry.ts', 'src/host/commands/commandLoaders.ts'].includes(file))
      .flatMap((file) => wholeContextUses(readFileSync(join(ROOT, file), 'utf8')).map((line) => `${file}: ${line}`));
    assert.deepEqual(offenders, []);
  });

  // Commands use services; services never use commands (a guard or helper they share lives outside commands/, e.g.
  // src/host/guards/). Only src/ctx.ts, which registers the commands, imports from there, and the language-model
  // tools: acts of the user through the chat, commands of another kind, which run the commands' own steps (a tool's
  // Start goes through Start Job's checks and request, not a copy of them).
  it('nothing outside src/host/commands/ imports from it, except src/ctx.ts and the language-model tools', () => {
    const commandsDir = join(ROOT, 'src', 'host', 'commands');
    const toolsDir = join(ROOT, 'src', 'host', 'agents', 'tools');
    const registers = join(ROOT, 'src', 'ctx.ts');
    const offenders: string[] = [];
    for (const file of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'webviews'))]) {
      if (file === registers || file.startsWith(commandsDir + sep) || file.startsWith(toolsDir + sep)) continue;
      for (const specifier of importedSpecifiers(readFileSync(file, 'utf8')))
        if (
          specifier.startsWith('.') &&
          [commandsDir, commandsDir + sep].some((dir) => resolve(dirname(file), specifier).startsWith(dir))
        )
          offenders.push(`${relative(ROOT, file)} → ${specifier}`);
    }
    assert.deepEqual(offenders, []);
  });

  // Our own commands run as functions (ctx.commands, src/host/commandCalls.ts: typed arguments, the same wrapper);
  // executeCommand is for the editor's commands only.
  it("executeCommand runs only the editor's own commands (setContext, workbench.*, a view's focus…), never ours", () => {
    const editorCommand =
      /^\s*(?:'(?:setContext|revealFileInOS|(?:vscode|workbench|welcome)\.[\w.]+)'|`\$\{[^}]+\}\.focus`)/;
    const ownCommandRuns = (source: string) =>
      [...source.matchAll(/\bexecuteCommand(?:<[^>]*>)?\(/g)]
        .map((call) => source.slice(call.index + call[0].length))
        .filter((rest) => !editorCommand.test(rest))
        .map((rest) => rest.slice(0, 40).split('\n')[0]!.trim());
    assert.equal(ownCommandRuns('vscode.commands.executeCommand(CommandId.signIn, id);').length, 1);
    assert.equal(ownCommandRuns("commands.executeCommand('orchestrator.addConnection');").length, 1);
    assert.equal(ownCommandRuns('executeCommand(action.command, row)').length, 1);
    assert.equal(
      ownCommandRuns("executeCommand(\n  'setContext', key, true); executeCommand(`${id}.focus`)").length,
      0,
    );
    const offenders = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
      ownCommandRuns(readFileSync(file, 'utf8')).map((call) => `${relative(ROOT, file)}: ${call}`),
    );
    assert.deepEqual(offenders, []);
  });

  it('the rule checker itself catches a vscode import', () => {
    assert.match(`import * as vscode from 'vscode';`, IMPORT('vscode'));
    assert.match(`const v = require('vscode')`, IMPORT('vscode'));
    assert.doesNotMatch(`import { x } from 'vscode-uri';`, IMPORT('vscode'));
  });
});
