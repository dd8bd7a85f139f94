import assert from 'node:assert/strict';
import { Stored, StoredState } from '../../../src/host/storedState';
import { memoryState, RecordMemento } from '../../support/memoryState';

/** Two in-memory mementos, as the editor's globalState and workspaceState. */
function source(user: Record<string, unknown> = {}, workspace: Record<string, unknown> = {}) {
  return { user, workspace, state: memoryState(user, workspace) };
}

describe('StoredState', () => {
  it('reads each key from its own storage, with its fallback when absent', async () => {
    const { state, user, workspace } = source();
    const stored = new StoredState(state);
    assert.deepEqual(stored.get(Stored.lockedConnections), []);
    assert.deepEqual(stored.get(Stored.lastArguments), {});
    await stored.update(Stored.lockedConnections, ['c1']);
    await stored.update(Stored.lastArguments, { 'c1/1/Invoice': { in_Region: '7' } });
    assert.deepEqual(user['orchestrator.ideas.lockedUntilSignIn'], ['c1']);
    assert.deepEqual(workspace['orchestrator.lastArguments'], { 'c1/1/Invoice': { in_Region: '7' } });
    assert.deepEqual(stored.get(Stored.lockedConnections), ['c1']);
  });

  it('checks a stored value once, and again once it changes (also when another window wrote it)', async () => {
    const { state, user } = source({ 'orchestrator.ideas.lockedUntilSignIn': ['c1'] });
    const stored = new StoredState(state);
    const first = stored.get(Stored.lockedConnections);
    assert.equal(stored.get(Stored.lockedConnections), first, 'the same value, not checked again');
    await stored.update(Stored.lockedConnections, ['c1', 'c2']);
    assert.deepEqual(stored.get(Stored.lockedConnections), ['c1', 'c2']);
    user['orchestrator.ideas.lockedUntilSignIn'] = ['c3'];
    assert.deepEqual(stored.get(Stored.lockedConnections), ['c3']);
    user['orchestrator.ideas.lockedUntilSignIn'] = ['c3', 42];
    assert.deepEqual(stored.get(Stored.lockedConnections), [], 'a bad value written elsewhere is still refused');
  });

  it('treats a value of the wrong shape as absent and reports it once', () => {
    const reports: string[] = [];
    const { state } = source({
      'orchestrator.active': { connectionId: 42 },
      'orchestrator.documentDrafts': { 'orchestrator:/x': { text: 1 } },
    });
    const stored = new StoredState(state, (message) => reports.push(message));
    assert.deepEqual(stored.get(Stored.activeSelection), {});
    assert.deepEqual(stored.get(Stored.activeSelection), {});
    assert.deepEqual(stored.get(Stored.documentDrafts), {});
    assert.equal(reports.length, 2);
    assert.match(reports[0]!, /^Stored state orchestrator\.active is unreadable and was ignored/);
  });

  it('refuses to write what the next read would drop', async () => {
    const { state } = source();
    const stored = new StoredState(state);
    // A number where the schema says text: the wrong shape is what is refused.
    await assert.rejects(stored.update(Stored.lockedConnections, [1 as unknown as string]));
  });

  it('declares every key once', () => {
    const keys = Object.values(Stored).map((entry) => `${entry.scope}:${entry.key}`);
    assert.equal(new Set(keys).size, keys.length);
  });
});

/**
 * The editor's storage as it behaves: a write changes the host's copy at once, the main process stores it, and its
 * echo (the main process's whole copy at that moment) replaces the host's copy when it arrives, which resolves the
 * write. Echoes may arrive out of order: here the first write's echo is the slower one.
 */
class EchoingMemento extends RecordMemento {
  private readonly main: Record<string, unknown> = {};
  private delays = [30, 5];
  override async update(key: string, value: unknown): Promise<void> {
    this.values[key] = value;
    this.main[key] = value;
    const echo = { ...this.main };
    await new Promise((resolve) => setTimeout(resolve, this.delays.shift() ?? 1));
    for (const name of Object.keys(this.values)) delete this.values[name];
    Object.assign(this.values, echo);
  }
}

describe('StoredState writes', () => {
  const echoing = () => ({ globalState: new EchoingMemento(), workspaceState: new RecordMemento() });

  it('are lost by the bare storage when one is made while another is on its way (the race it guards)', async () => {
    const { globalState } = echoing();
    await Promise.all([globalState.update('a', 1), globalState.update('b', 2)]);
    assert.deepEqual([globalState.get('a'), globalState.get('b')], [1, undefined]);
  });

  it('go one at a time per storage, so none is lost, and a queued value is read at once', async () => {
    const stored = new StoredState(echoing());
    const first = stored.update(Stored.lockedConnections, ['c1']);
    const second = stored.update(Stored.getStartedOpened, true);
    assert.equal(stored.get(Stored.getStartedOpened), true, 'read while queued');
    await Promise.all([first, second]);
    assert.deepEqual(stored.get(Stored.lockedConnections), ['c1']);
    assert.equal(stored.get(Stored.getStartedOpened), true);
  });

  it('read the last queued value even when an earlier write of an equal value ends first', async () => {
    const stored = new StoredState(echoing());
    const writes = [true, false, true].map((value) => stored.update(Stored.getStartedOpened, value));
    await writes[0];
    assert.equal(stored.get(Stored.getStartedOpened), true, 'the third write is still queued');
    await Promise.all(writes);
    assert.equal(stored.get(Stored.getStartedOpened), true);
  });
});
