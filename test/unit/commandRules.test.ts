// The house rules about commands (CONTRIBUTING.md, House rules): they prompt through the seam, take only what they
// act on and the parts of the context they use, are imported by nobody but the wiring and the tools, and run each
// other as functions, never through executeCommand.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { importedSpecifiers, ROOT, sourceFiles } from '../support/sourceFiles';

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
});
