// Issue 30: code that runs one of our commands calls it as a function (ctx.commands), not through executeCommand with
// an id; it must still behave as the registered command does: loaded on first use, its failure reported by runCommand.
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CommandId } from '../../../src/constants';
import type { CommandCalls } from '../../../src/host/commandCalls';
import { commandCalls, type RunnableCommand } from '../../../src/host/commands/registry';
import { Logger } from '../../../src/host/log';
import { shownMessages } from '../../support/vscodeStub';
import { makeRow } from '../../../src/core/rows/rows';
import { aJob, aConnection } from '../../support/entities';

/** A LogOutputChannel that only records: the Logger the wrapper writes to. */
function recordingLog(): { log: Logger; written: string[] } {
  const written: string[] = [];
  const write = (level: string) => (message: string) => void written.push(`${level} ${message}`);
  const channel: vscode.LogOutputChannel = {
    name: 'test',
    logLevel: 3,
    onDidChangeLogLevel: () => ({ dispose: () => undefined }),
    trace: write('trace'),
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    append: () => undefined,
    appendLine: () => undefined,
    replace: () => undefined,
    clear: () => undefined,
    show: () => undefined,
    hide: () => undefined,
    dispose: () => undefined,
  };
  return { log: new Logger(channel), written };
}

type Ctx = { log: Logger };

describe('our commands run as functions (commandCalls)', () => {
  beforeEach(() => void (shownMessages.length = 0));

  it('each function runs the command of its name, with its arguments, loaded once, and returns its result', async () => {
    const { log } = recordingLog();
    const loaded: string[] = [];
    const ran: unknown[][] = [];
    const calls = commandCalls<Ctx>({ log }, async (id) => {
      loaded.push(id);
      return { id, title: id, run: async (_run, ...args) => (ran.push([id, ...args]), `${id} done`) };
    });
    const row = makeRow({ kind: 'job', connection: aConnection(), folder: { id: 12 }, job: aJob() });
    // A Record over CommandCalls' names: a function added there without a case here does not compile.
    const runs: Record<keyof CommandCalls, [CommandId, () => Promise<unknown>]> = {
      addConnection: [CommandId.addConnection, () => calls.addConnection()],
      signIn: [CommandId.signIn, () => calls.signIn('c1')],
      signInWithAccessToken: [CommandId.signInWithAccessToken, () => calls.signInWithAccessToken('c1')],
      refreshServiceDefinition: [CommandId.refreshServiceDefinition, () => calls.refreshServiceDefinition('c1')],
      tailLogs: [CommandId.tailLogs, () => calls.tailLogs(row)],
      showJobOutput: [CommandId.showJobOutput, () => calls.showJobOutput(row)],
      stopJob: [CommandId.stopJob, () => calls.stopJob(row)],
      killJob: [CommandId.killJob, () => calls.killJob(row)],
      startJob: [CommandId.startJob, () => calls.startJob(row)],
      openInPortal: [CommandId.openInPortal, () => calls.openInPortal(row)],
    };
    for (const [name, [id, run]] of Object.entries(runs)) {
      assert.equal(await run(), `${id} done`, name);
      assert.deepEqual(ran.at(-1)?.[0], id, name);
    }
    assert.deepEqual(ran[1], [CommandId.signIn, 'c1']);
    assert.deepEqual(ran[4], [CommandId.tailLogs, row]);
    await calls.signIn('c2');
    assert.deepEqual(ran.at(-1), [CommandId.signIn, 'c2']);
    assert.equal(loaded.filter((id) => id === CommandId.signIn).length, 1, 'loaded on first use, once');
    assert.deepEqual(shownMessages, []);
  });

  it('a failure is logged and shown once by the wrapper, as the registered command reports it, and the call returns undefined', async () => {
    const { log, written } = recordingLog();
    const failing: RunnableCommand<Ctx> = {
      id: CommandId.signIn,
      title: 'Sign In',
      run: async (_run, connectionId) => {
        throw new Error(`There is no connection '${String(connectionId)}'.`);
      },
    };
    const calls = commandCalls<Ctx>({ log }, async () => failing);
    assert.equal(await calls.signIn('gone'), undefined);
    assert.ok(written.includes(`error ${CommandId.signIn} failed: There is no connection 'gone'.`), written.join('\n'));
    assert.equal(shownMessages.length, 1);
    assert.equal(shownMessages[0]!.name, 'showErrorMessage');
    assert.equal(shownMessages[0]!.args[0], "Sign In failed: There is no connection 'gone'.");
  });

  it('code that cannot be loaded says to reinstall, as the registration does, and the call returns undefined', async () => {
    const { log, written } = recordingLog();
    const calls = commandCalls<Ctx>({ log }, () => Promise.reject(new Error('chunk missing')));
    assert.equal(
      await calls.tailLogs(makeRow({ kind: 'job', connection: aConnection(), folder: { id: 12 }, job: aJob() })),
      undefined,
    );
    assert.match(String(shownMessages[0]?.args[0]), /Reinstall/);
    assert.ok(written.some((line) => line.includes(`${CommandId.tailLogs} could not be loaded: chunk missing`)));
  });
});
