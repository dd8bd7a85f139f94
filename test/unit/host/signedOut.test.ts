import assert from 'node:assert/strict';
import type { SessionChange, StoredAccount } from '../../../src/core/auth/sessions';
import type { Ctx } from '../../../src/ctx';
import { SignedOutConnections } from '../../../src/host/signedOut';
import { StoredState } from '../../../src/host/storedState';
import { memoryState } from '../../support/memoryState';
import { anAccount } from '../../support/entities';

/** Just enough of the Ctx for SignedOutConnections, recording what it asks the tails and panels to do. */
function world(stored: Record<string, unknown> = {}) {
  const accounts: StoredAccount[] = [];
  const listeners: ((change: SessionChange) => void)[] = [];
  const stopped: string[] = [];
  const closed: string[] = [];
  const state = { ...stored };
  const ctx = {
    state: new StoredState(memoryState(state)),
    sessions: {
      onDidChange: (listener: (change: SessionChange) => void) => (
        listeners.push(listener),
        { dispose: () => undefined }
      ),
    },
    connections: { get: (id: string) => ({ id, label: `Label of ${id}` }) },
    accountFor: (id: string) => accounts.find((a) => a.connectionId === id),
    tails: { stopConnection: (id: string, label: string) => (stopped.push(`${id}: ${label}`), 1) },
    panels: { closeConnection: (id: string) => (closed.push(id), 2) },
    log: { info: () => undefined },
  };
  const account = (id: string, connectionId: string) => anAccount({ id, connectionId, label: id });
  const emit = (change: Partial<SessionChange>) =>
    listeners.forEach((l) => l({ added: [], removed: [], changed: [], ...change }));
  const signIn = (id: string, connectionId: string) => {
    accounts.push(account(id, connectionId));
    emit({ added: [account(id, connectionId)] });
  };
  const signOut = (id: string) => {
    const index = accounts.findIndex((a) => a.id === id);
    const [gone] = accounts.splice(index, 1);
    emit({ removed: [gone!] });
  };
  return { signedOut: new SignedOutConnections(ctx as unknown as Ctx), signIn, signOut, stopped, closed, state };
}

describe('what a sign-out ends', () => {
  it('a connection never signed in keeps its ideas; its last account signing out stops its tails, closes its panels and locks its ideas', () => {
    const w = world();
    assert.equal(w.signedOut.ideasNeedSignIn('c1'), false, 'the idea credentials alone are enough before any sign-in');
    w.signIn('a1', 'c1');
    w.signOut('a1');
    assert.deepEqual(w.stopped, ['c1: Label of c1']);
    assert.deepEqual(w.closed, ['c1']);
    assert.equal(w.signedOut.ideasNeedSignIn('c1'), true);
    assert.equal(w.signedOut.ideasNeedSignIn('c2'), false, 'other connections are untouched');
  });

  it('nothing ends while another account of the connection is still signed in', () => {
    const w = world();
    w.signIn('a1', 'c1');
    w.signIn('a2', 'c1');
    w.signOut('a1');
    assert.deepEqual([w.stopped, w.closed], [[], []]);
    assert.equal(w.signedOut.ideasNeedSignIn('c1'), false);
  });

  it('signing in again unlocks the ideas; the lock is kept across a reload until then', () => {
    const first = world();
    first.signIn('a1', 'c1');
    first.signOut('a1');
    const reloaded = world(first.state);
    assert.equal(reloaded.signedOut.ideasNeedSignIn('c1'), true, 'a reload does not bring the data back');
    reloaded.signIn('a3', 'c1');
    assert.equal(reloaded.signedOut.ideasNeedSignIn('c1'), false);
    assert.equal(world(reloaded.state).signedOut.ideasNeedSignIn('c1'), false);
  });
});
