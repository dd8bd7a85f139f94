import assert from 'node:assert/strict';
import type { Ctx } from '../../../src/ctx';
import type { CommandDefinition } from '../../../src/host/commands/registry';
import { shownMessages, vscodeStub } from '../../support/vscodeStub';
import { commandLoaders } from '../../../src/host/commands/commandLoaders';
import { registerAllCommands } from '../../../src/host/commands/registry';
import { runCommand } from '../../../src/host/commands/runCommand';
import { CommandId } from '../../../src/constants';
import { FailureWithActions } from '../../../src/host/commands/failureWithActions';
import { aRecordingLogger } from '../../support/editorFakes';
import { OrchestratorError } from '../../../src/core/http/errors';

/** What the wrapper needs of the Ctx: the real log, over a channel that records (`logged`). */
function context(): { logged: string[]; ctx: Pick<Ctx, 'log'> } {
  const { log, written } = aRecordingLogger();
  return { logged: written, ctx: { log } };
}

/**
 * registerAllCommands takes the whole Ctx (the commands it loads use any part of it); these tests reach only its log.
 * A real Ctx needs a whole activation (test/unit/budgets.test.ts does one), hence the one cast left here.
 */
const wholeCtx = (ctx: Pick<Ctx, 'log'>) => ctx as Ctx;

describe('the command wrapper (runCommand)', () => {
  beforeEach(() => void (shownMessages.length = 0));

  it('hands the command its arguments, a live AbortSignal and a token, and returns its result', async () => {
    const { ctx } = context();
    let seen: { signal?: AbortSignal; args?: unknown[] } = {};
    const result = await runCommand(
      ctx,
      {
        id: 'orchestrator.showAbout',
        title: 'Show',
        run: async ({ signal }, ...args) => ((seen = { signal, args }), 42),
      },
      ['a', 1],
    );
    assert.equal(result, 42);
    assert.deepEqual(seen.args, ['a', 1]);
    assert.ok(seen.signal instanceof AbortSignal);
    assert.equal(seen.signal.aborted, false);
    assert.deepEqual(shownMessages, []);
  });

  it('reports a failure once, as plain text, and logs what was shown', async () => {
    const { ctx, logged } = context();
    const result = await runCommand(
      ctx,
      {
        id: 'orchestrator.addQueueItem',
        title: 'Add Queue Item',
        run: async () => {
          throw new Error('Queue [x](command:workbench.action.openSettings) refused it');
        },
      },
      [],
    );
    assert.equal(result, undefined);
    assert.equal(shownMessages.length, 1);
    assert.equal(shownMessages[0]!.name, 'showErrorMessage');
    const [text, button] = shownMessages[0]!.args as [string, string];
    assert.match(text, /^Add Queue Item failed: Queue \[x\]/);
    assert.doesNotMatch(text, /\]\(command:/, 'the link syntax is broken');
    assert.equal(button, 'Show Log');
    assert.ok(logged.some((line) => line.startsWith('error orchestrator.addQueueItem failed: ')));
    assert.ok(logged.includes(`info Notified: ${text}`));
  });

  it('offers the ways on a failure carries before Show Log, and runs one only when it is clicked', async () => {
    const { ctx } = context();
    const ran: string[] = [];
    const failing = {
      id: 'orchestrator.applyDocument',
      title: 'Apply to Service',
      run: async () => {
        throw new FailureWithActions('Not applied: it changed on the service.', {
          Compare: () => ran.push('compare'),
          'Apply Again': () => ran.push('apply again'),
        });
      },
    } as const;
    await runCommand(ctx, failing, []);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(shownMessages[0]!.args, [
      'Apply to Service failed: Not applied: it changed on the service.',
      'Compare',
      'Apply Again',
      'Show Log',
    ]);
    assert.deepEqual(ran, [], 'dismissed: nothing runs');
    const window = vscodeStub.window;
    window.showErrorMessage = async () => 'Apply Again';
    try {
      await runCommand(ctx, failing, []);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      delete window.showErrorMessage;
    }
    assert.deepEqual(ran, ['apply again'], 'the one clicked, once');
  });

  it('is quiet when the command was cancelled', async () => {
    const { ctx, logged } = context();
    await runCommand(
      ctx,
      {
        id: 'orchestrator.startJob',
        title: 'Start Job',
        run: async () => {
          throw new vscodeStub.CancellationError();
        },
      },
      [],
    );
    assert.deepEqual(shownMessages, []);
    assert.deepEqual(logged, ['info orchestrator.startJob cancelled']);
  });

  it('still reports a change whose outcome is unknown when the user cancelled while it was on its way', async () => {
    const { ctx, logged } = context();
    // The progress notification's Cancel button, pressed as soon as it shows.
    const window = vscodeStub.window;
    const runsAtOnce = window.withProgress;
    window.withProgress = (_options, task) => {
      const pressed = new vscodeStub.CancellationTokenSource();
      const shown = task({ report: () => undefined }, pressed.token);
      pressed.cancel();
      return shown;
    };
    try {
      await runCommand(
        ctx,
        {
          id: 'orchestrator.applyDocument',
          title: 'Apply to Service',
          asksFirst: true,
          run: ({ token, progressTitle }) =>
            new Promise((_resolve, reject) => {
              progressTitle('Applying…');
              // The PATCH is not aborted by Cancel; its answer then proves nothing (a gateway timeout).
              token.onCancellationRequested(() =>
                reject(
                  new Error('The service did not confirm the change: it may or may not have been applied.', {
                    cause: new OrchestratorError({
                      kind: 'http',
                      endpoint: 'PATCH /odata/Releases(1)',
                      message: 'Gateway Timeout',
                      status: 504,
                      outcomeUnknown: true,
                    }),
                  }),
                ),
              );
            }),
        },
        [],
      );
    } finally {
      window.withProgress = runsAtOnce;
    }
    assert.equal(shownMessages.length, 1, 'the unknown outcome is shown');
    assert.match(String(shownMessages[0]!.args[0]), /may or may not have been applied/);
    assert.ok(!logged.includes('info orchestrator.applyDocument cancelled'));
  });

  it('runs a command only with a context that has every part the command declares (the compiler checks)', () => {
    const { ctx } = context();
    const usesInput: CommandDefinition<Pick<Ctx, 'input'>> = {
      id: 'orchestrator.showAbout',
      title: 'Show',
      contributes: { title: 'Show', palette: 'always' },
      run: async ({ ctx: { input } }) => input,
    };
    const registered: CommandDefinition<Ctx> = usesInput;
    // @ts-expect-error a command declared with the whole Ctx cannot pass for one that needs only the input
    const narrowed: CommandDefinition<Pick<Ctx, 'input'>> = registered;
    const logOnly: Pick<Ctx, 'log'> = ctx;
    // @ts-expect-error the runner's context has no input to give
    const refused = () => runCommand(logOnly, usesInput, []);
    assert.ok(narrowed && refused);
  });
});

describe('the command registry', () => {
  it('registers every command id at activation, and each loads its own definition on first use', async () => {
    const registered: string[] = [];
    const commands = vscodeStub.commands;
    const register = commands.registerCommand;
    commands.registerCommand = (id: string) => (registered.push(id), { dispose: () => undefined });
    try {
      registerAllCommands(wholeCtx(context().ctx));
    } finally {
      commands.registerCommand = register;
    }
    assert.deepEqual(registered.sort(), Object.values(CommandId).sort());
    for (const [id, load] of Object.entries(commandLoaders)) assert.equal((await load()).id, id);
  });

  it('says "Reinstall" when a command\'s code is missing from the installation, and logs why; nothing runs', async () => {
    const { ctx, logged } = context();
    const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
    const commands = vscodeStub.commands;
    const register = commands.registerCommand;
    commands.registerCommand = (id: string, handler: (...args: unknown[]) => Promise<unknown>) => (
      handlers.set(id, handler),
      { dispose: () => undefined }
    );
    try {
      registerAllCommands(wholeCtx(ctx), {
        [CommandId.showAbout]: () => Promise.reject(new Error("Cannot find module 'dist/chunks/showAbout-X.mjs'")),
      });
    } finally {
      commands.registerCommand = register;
    }
    assert.equal(await handlers.get(CommandId.showAbout)!(), undefined);
    assert.deepEqual(
      shownMessages.map((m) => [m.name, m.args[0]]),
      [
        [
          'showErrorMessage',
          'Part of the extension could not be loaded. Reinstall the Orchestrator Workbench extension.',
        ],
      ],
    );
    assert.deepEqual(logged, [
      `error ${CommandId.showAbout} could not be loaded: Cannot find module 'dist/chunks/showAbout-X.mjs'`,
    ]);
  });
});
