// Issue 29, item 4: a change command run from the palette offers only connections that allow changes, and with only
// read-only ones it says so (naming them, and how to allow changes) before any other question.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection } from '../../../src/core/connections';
import type { Ctx } from '../../../src/ctx';
import { answering, ScriptedInput } from '../../../src/host/ui/scriptedInput';
import { CONNECTIONS_SETTING, ConnectionStore } from '../../../src/host/connectionStore';
import { aRecordingLogger } from '../../support/editorFakes';
import { fakeCommandCalls } from '../../support/fakeCommandCalls';
import { anAccount } from '../../support/entities';
import { stubSettings } from '../../support/vscodeStub';
import { manifest } from '../../support/manifestMenus';
import { changeCommandIds } from '../../harness/manifest';
import { pickConnectionToChange } from '../../../src/host/commands/pickConnectionToChange';

/** A connection as a user writes it in settings.json, and whether its account is signed in. */
const connection = (label: string, protection: Connection['protection'], signedIn = true) => ({
  setting: { label, kind: 'onPremises', serviceUrl: `https://${label.toLowerCase()}.test`, protection },
  signedIn,
});

/** The real ConnectionStore over the stubbed user settings (put back after each test), signed in where asked. */
function context(connections: ReturnType<typeof connection>[]) {
  stubSettings.set(
    CONNECTIONS_SETTING,
    connections.map((c) => c.setting),
  );
  const store = new ConnectionStore(() => undefined);
  const signedIn = new Set(connections.filter((c) => c.signedIn).map((c) => c.setting.label));
  const { log, written } = aRecordingLogger();
  const ctx: Pick<Ctx, 'accountFor' | 'commands' | 'connections' | 'input' | 'log'> = {
    input: new ScriptedInput([]),
    commands: fakeCommandCalls().commands,
    connections: store,
    accountFor: (id: string) => {
      const found = store.get(id);
      return found && signedIn.has(found.label) ? anAccount({ connectionId: id, label: 'ada' }) : undefined;
    },
    log,
  };
  return { ctx, logged: written, idOf: (label: string) => store.all().find((c) => c.label === label)!.id };
}

const pick = (ctx: Pick<Ctx, 'accountFor' | 'commands' | 'connections' | 'input' | 'log'>, arg?: unknown) =>
  pickConnectionToChange(ctx, arg, 'Start a job on which connection?', 'Start Job', (c) =>
    Boolean(ctx.accountFor(c.id)),
  );

describe('the connection a change command from the palette acts on', () => {
  afterEach(() => stubSettings.delete(CONNECTIONS_SETTING));

  it('with only read-only connections signed in: says so first, naming them and Edit Connection, and picks none', async () => {
    const { ctx, logged } = context([
      connection('Prod', 'readOnly'),
      connection('Audit', 'readOnly'),
      connection('Dev', 'normal', false), // allows changes, but Start Job needs a signed-in connection
    ]);
    const { result, asked } = await answering(ctx, [{ title: /read-only/, cancel: true }], () => pick(ctx));
    assert.equal(result, undefined);
    assert.deepEqual(
      asked.map((a) => [a.kind, a.title, a.items]),
      [
        [
          'confirm',
          'Prod, Audit are read-only, so Start Job cannot run there. To allow changes, choose another protection level with "Orchestrator: Edit Connection…".',
          ['Edit Connection…'],
        ],
      ],
      'one question, no picker',
    );
    assert.deepEqual(logged, [`info ${asked[0]!.title}`]);
  });

  it('one read-only connection: named alone, and Edit Connection goes straight to it', async () => {
    const { ctx } = context([connection('Prod', 'readOnly')]);
    const { asked } = await answering(
      ctx,
      [
        { title: /^Prod is read-only, so Start Job cannot run there/, choose: 'Edit Connection…' },
        { title: 'Edit Prod', cancel: true },
      ],
      () => pick(ctx),
    );
    assert.deepEqual(
      asked.map((a) => a.kind),
      ['confirm', 'pick'],
      'Edit Connection asks which field of Prod, not which connection',
    );
  });

  it('offers only the connections that allow changes: one is taken, several are picked from', async () => {
    const one = context([connection('Prod', 'readOnly'), connection('Dev', 'confirm')]);
    const taken = await answering(one.ctx, [], () => pick(one.ctx));
    assert.equal(taken.result?.label, 'Dev');
    const several = context([connection('Prod', 'readOnly'), connection('Dev', 'normal'), connection('Qa', 'confirm')]);
    const { result, asked } = await answering(
      several.ctx,
      [{ title: 'Start a job on which connection?', pick: 'Qa' }],
      () => pick(several.ctx),
    );
    assert.equal(result?.label, 'Qa');
    assert.deepEqual(asked[0]!.items, ['Dev', 'Qa']);
  });

  it('a connection passed in (a row) is taken as it is: the command refuses a read-only one itself', async () => {
    const { ctx, idOf } = context([connection('Prod', 'readOnly')]);
    const { result, asked } = await answering(ctx, [], () => pick(ctx, idOf('Prod')));
    assert.equal(result?.label, 'Prod');
    assert.deepEqual(asked, []);
  });

  it('every change command the palette offers picks its connection this way', async () => {
    const palette = (manifest.contributes.menus as Record<string, { command: string; when?: string }[]>)
      .commandPalette!;
    const offered = (await changeCommandIds()).filter((id) => palette.find((e) => e.command === id)?.when !== 'false');
    assert.deepEqual(offered, [
      'orchestrator.uploadPackage',
      'orchestrator.publishWorkspaceProject',
      'orchestrator.createAsset',
      'orchestrator.startJob',
      'orchestrator.submitIdea',
    ]);
    const source = (file: string) =>
      readFileSync(join(__dirname, '..', '..', '..', 'src', 'host', 'commands', file), 'utf8');
    // Publish Workspace Project ends in Upload Package's upload (uploadPackage.ts).
    for (const file of ['createAsset.ts', 'startJob/target.ts', 'submitIdea.ts', 'uploadPackage.ts']) {
      assert.match(source(file), /\bpickConnectionToChange\(/, file);
      assert.doesNotMatch(source(file), /\bpickConnection\(/, file);
    }
  });
});
