import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { importedSpecifiers, packageOf, ROOT, sourceFiles } from '../support/sourceFiles';

// The rules the code keeps across the tree (CONTRIBUTING.md, House rules), read from the sources; those about
// commands are in commandRules.test.ts.

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

  it('the rule checker itself catches a vscode import', () => {
    assert.match(`import * as vscode from 'vscode';`, IMPORT('vscode'));
    assert.match(`const v = require('vscode')`, IMPORT('vscode'));
    assert.doesNotMatch(`import { x } from 'vscode-uri';`, IMPORT('vscode'));
  });
});
