import assert from 'node:assert/strict';
import type { Ctx } from '../../../src/ctx';
import { connectionSlug, legacyConnectionSlug } from '../../../src/core/documents/orchestratorUri';
import { vscodeStub } from '../../support/vscodeStub';
import { aRun } from '../../support/commandRun';
import { memoryState } from '../../support/memoryState';
import { DocumentDrafts } from '../../../src/host/documents/documentDrafts';
import { Stored, StoredState } from '../../../src/host/storedState';
import { signOut } from '../../../src/host/commands/signOut';
import { removeConnection } from '../../../src/host/commands/removeConnection';

const MAIN = 'https://cloud.example.com/acme/main/orchestrator_';
const OTHER = 'https://cloud.example.com/acme/other/orchestrator_';
const uriOf = (connectionId: string, slug = connectionSlug(connectionId)) =>
  vscodeStub.Uri.parse(`orchestrator://${slug}/folders/7/processes/42/Pay.input.json`);

function drafts() {
  const user: Record<string, unknown> = {};
  const state = new StoredState(memoryState(user));
  const signedIn = new Map<string, string>([
    [MAIN, `${MAIN}|alice`],
    [OTHER, `${OTHER}|carol`],
  ]);
  const logged: string[] = [];
  const store = new DocumentDrafts(state, {
    connectionIds: () => [MAIN, OTHER],
    accountOf: (id) => signedIn.get(id),
    log: (message) => logged.push(message),
  });
  return { store, state, signedIn, logged, user };
}

const draft = (text: string) => ({ text, base: '{}', savedAt: Date.now() });

describe('argument-document drafts belong to the account that wrote them', () => {
  it('another account of the same connection does not see a draft; its writer does again', async () => {
    const { store, signedIn } = drafts();
    await store.set(uriOf(MAIN), draft('{"alice": 1}'));
    signedIn.set(MAIN, `${MAIN}|bob`);
    assert.equal(store.get(uriOf(MAIN)), undefined, "bob does not see alice's draft");
    await store.set(uriOf(MAIN), draft('{"bob": 1}'));
    signedIn.set(MAIN, `${MAIN}|alice`);
    assert.equal(store.get(uriOf(MAIN))?.text, '{"alice": 1}');
    signedIn.delete(MAIN);
    assert.equal(store.get(uriOf(MAIN)), undefined, 'signed out: no draft is shown');
  });

  it('Sign Out asks with the count, deletes only that account’s drafts, and Cancel keeps everything', async () => {
    const { store, signedIn } = drafts();
    await store.set(uriOf(MAIN), draft('{"a": 1}'));
    await store.set(uriOf(OTHER), draft('{"c": 1}'));
    const account = { id: `${MAIN}|alice`, connectionId: MAIN, label: 'alice (Main)', kind: 'oauth' };
    const removed: string[] = [];
    const questions: string[] = [];
    let answer: string | undefined;
    const ctx = {
      documents: { drafts: store },
      input: { confirm: async (q: { message: string }) => (questions.push(q.message), answer) },
      sessions: { accounts: () => [account], remove: async (id: string) => void removed.push(id) },
      log: { info: () => undefined },
      extension: { secrets: { get: async () => undefined } },
    } as unknown as Ctx;
    const run = () => signOut.run(aRun(ctx), { connectionId: MAIN });
    answer = undefined; // Cancel (or Escape)
    await run();
    assert.deepEqual(questions, ['Sign out of alice (Main) and delete your 1 unapplied document draft(s)?']);
    assert.deepEqual(removed, [], 'not signed out');
    assert.ok(store.get(uriOf(MAIN)));
    answer = 'Sign Out';
    await run();
    assert.deepEqual(removed, [account.id]);
    assert.equal(store.countOf(account.id), 0);
    assert.equal(store.get(uriOf(OTHER))?.text, '{"c": 1}', "another connection's draft stays");
    signedIn.set(MAIN, account.id);
    assert.equal(store.get(uriOf(MAIN)), undefined, 'gone when alice signs in again');
  });

  it('Remove Connection deletes every draft of the connection, earlier versions’ included', async () => {
    const { store, state, user } = drafts();
    await store.set(uriOf(MAIN), draft('{"a": 1}'));
    await store.set(uriOf(OTHER), draft('{"c": 1}'));
    const legacy = uriOf(MAIN, legacyConnectionSlug(MAIN)).toString();
    await state.update(Stored.documentDrafts, { ...state.get(Stored.documentDrafts), [legacy]: draft('{"old": 1}') });
    assert.equal(await store.forgetConnection([connectionSlug(MAIN), legacyConnectionSlug(MAIN)]), 2);
    assert.deepEqual(Object.keys(user['orchestrator.documentDrafts'] as object), [
      `${uriOf(OTHER).toString()}\n${OTHER}|carol`,
    ]);
    const ctx = {
      input: { confirm: async () => 'Remove' },
      sessions: { accounts: () => [], remove: async () => undefined },
      connections: {
        all: () => [{ id: OTHER, label: 'Other' }],
        get: () => ({ id: OTHER, label: 'Other' }),
        raw: () => [{ label: 'Other' }],
        save: async () => undefined,
      },
      active: { get: () => ({}), set: async () => undefined },
      folderPreferences: { forget: async () => undefined },
      extension: { secrets: { delete: async () => undefined } },
      documents: { drafts: store },
      accountFor: () => undefined,
      log: { info: () => undefined },
    } as unknown as Ctx;
    await removeConnection.run(aRun(ctx), { connectionId: OTHER });
    assert.deepEqual(user['orchestrator.documentDrafts'], {}, 'the command deleted the connection’s drafts');
  });

  it('moves a draft of an earlier version (32-bit name, no owner) to the signed-in account, keeps it otherwise', async () => {
    const { store, state, signedIn, logged } = drafts();
    const legacyMain = uriOf(MAIN, legacyConnectionSlug(MAIN)).toString();
    const legacyOther = uriOf(OTHER, legacyConnectionSlug(OTHER)).toString();
    await state.update(Stored.documentDrafts, { [legacyMain]: draft('{"m": 1}'), [legacyOther]: draft('{"o": 1}') });
    signedIn.delete(OTHER);
    await store.adoptEarlierDrafts();
    assert.equal(store.get(uriOf(MAIN))?.text, '{"m": 1}');
    assert.equal(store.get(uriOf(MAIN))?.owner, `${MAIN}|alice`);
    assert.ok(legacyOther in state.get(Stored.documentDrafts), 'kept until its connection is signed in');
    assert.match(logged[0]!, /1 moved .* 1 kept/);
  });

  it('moves a draft saved under the id address (or names since renamed) to the named address it opens by now', async () => {
    const { store, state, logged } = drafts();
    const named = (folder: string) =>
      vscodeStub.Uri.parse(
        `orchestrator://${connectionSlug(MAIN)}/Main/${encodeURIComponent(folder)}/Processes/Pay.input.json?folder%3D7%26process%3D42`,
      );
    await store.set(uriOf(MAIN), draft('{"kept": 1}'));
    await store.set(uriOf(OTHER), draft('{"other": 1}'));
    assert.equal(store.get(named('Dev Lab')), undefined, 'not found by its address before it is read');
    await store.adopt(named('Dev Lab'));
    assert.equal(store.get(named('Dev Lab'))?.text, '{"kept": 1}');
    assert.equal(store.get(uriOf(MAIN)), undefined, 'moved, not copied');
    assert.equal(store.get(uriOf(OTHER))?.text, '{"other": 1}', "another connection's draft of the same ids stays");
    await store.adopt(named('Renamed'));
    assert.equal(store.get(named('Renamed'))?.text, '{"kept": 1}', 'a renamed folder finds it too');
    assert.equal(Object.keys(state.get(Stored.documentDrafts)).length, 2);
    assert.equal(logged.filter((line) => /Moved a draft/.test(line)).length, 2);
    await store.adopt(
      vscodeStub.Uri.parse(`orchestrator://${connectionSlug(MAIN)}/folders/7/processes/43/Pay.input.json`),
    );
    assert.equal(Object.keys(state.get(Stored.documentDrafts)).length, 2, 'another process takes nothing');
  });
});
