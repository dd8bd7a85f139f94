import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { authorizationCodeFlow, SignInStopped, type BrowserSteps } from '../../../src/host/auth/authorizationCode';
import { PendingSignIns, stoppedNotice } from '../../../src/host/auth/pendingSignIns';
import { DEFAULT_SCOPES, type Connection } from '../../../src/core/connections';

/** A port free now, so both sign-ins listen on the same one (as with the orchestrator.auth.loopbackPort setting). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

/** Where the identity provider sends the browser back (prompt=none with a login hint: at once, no page). */
async function redirectOf(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  assert.equal(res.status, 302, `the identity provider redirects (${res.status})`);
  return res.headers.get('location')!;
}

/** A browser the test drives: `open` records the sign-in page, then does what `visit` says. */
function browser(visit: (url: string) => Promise<void> = async () => undefined) {
  const opened: string[] = [];
  const steps: BrowserSteps = {
    externalUri: async (uri) => uri,
    open: async (url) => {
      opened.push(url);
      await visit(url);
      return true;
    },
    paste: async () => assert.fail('a browser was opened: nothing is pasted'),
  };
  return { opened, steps };
}

describe('pending sign-ins: a new sign-in replaces the pending one', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox({})));
  after(() => sandbox.close());

  const connection = (): Connection => ({
    id: 'sandbox-main',
    label: 'Sandbox (main)',
    kind: 'cloud',
    serviceUrl: sandbox.url,
    identityUrl: sandbox.identityUrl,
    authentication: 'browser',
    clientId: 'orchestrator-workbench',
    scopes: DEFAULT_SCOPES,
    protection: 'normal',
    loginHint: 'developer',
    prompt: 'none',
  });

  it('stops the first at once (replaced, port closed, its late callback refused with 400); the second completes', async () => {
    const pending = new PendingSignIns();
    const port = await freePort();
    const first = browser(); // the user closed this login tab without finishing
    const firstAttempt = await pending.begin('sandbox-main');
    const firstFlow = authorizationCodeFlow(connection(), first.steps, firstAttempt.signal, port).finally(() =>
      firstAttempt.end(),
    );
    firstFlow.catch(() => undefined);
    while (first.opened.length === 0) await new Promise((tick) => setTimeout(tick, 10));
    const lateCallback = await redirectOf(first.opened[0]!);

    const secondAttempt = await pending.begin('sandbox-main');
    assert.equal(firstAttempt.stopped, 'replaced');
    await assert.rejects(firstFlow, SignInStopped);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/callback`), 'the replaced sign-in closed its port');

    const statuses: number[] = [];
    const second = browser(async (url) => {
      // The first tab's answer arrives late, on the port the second listens on now: not taken for the second's.
      statuses.push((await fetch(lateCallback)).status);
      statuses.push((await fetch(await redirectOf(url))).status);
    });
    const signedIn = await authorizationCodeFlow(connection(), second.steps, secondAttempt.signal, port).finally(() =>
      secondAttempt.end(),
    );
    assert.deepEqual(statuses, [400, 200]);
    assert.equal(signedIn.claims.preferred_username, 'developer');
    assert.equal(secondAttempt.stopped, undefined);
    assert.equal(stoppedNotice(firstAttempt.stopped, 'Sandbox (main)'), undefined, 'a replaced sign-in says nothing');
  });

  it('a sign-in cancelled by the user stops, closes its port and says so', async () => {
    const pending = new PendingSignIns();
    const port = await freePort();
    const attempt = await pending.begin('sandbox-main');
    const { steps } = browser(async () => attempt.cancel());
    await assert.rejects(
      authorizationCodeFlow(connection(), steps, attempt.signal, port).finally(() => attempt.end()),
      SignInStopped,
    );
    assert.equal(attempt.stopped, 'cancelled');
    assert.equal(stoppedNotice(attempt.stopped, 'Sandbox (main)'), 'The sign-in to Sandbox (main) was cancelled.');
    await assert.rejects(fetch(`http://127.0.0.1:${port}/callback`), 'the cancelled sign-in closed its port');
  });
});

describe('pending sign-ins: one at a time, and a request not joined to the pending one', () => {
  /** As the editor does: one request per extension and scopes; a second one made meanwhile gets the first's answer. */
  function joiningEditor(createSession: (n: number) => Promise<string>) {
    let inFlight: Promise<string> | undefined;
    let created = 0;
    return {
      created: () => created,
      ask: () =>
        (inFlight ??= createSession(++created).finally(() => {
          inFlight = undefined;
        })),
    };
  }

  it('a second request replaces the pending sign-in instead of joining it; the first says nothing', async () => {
    const pending = new PendingSignIns();
    const editor = joiningEditor(async (n) => {
      const attempt = await pending.begin('c');
      try {
        // The first never completes on its own (its login tab was closed); the second does.
        if (n === 1)
          await new Promise((_, stopped) => attempt.signal.addEventListener('abort', () => stopped(new Error('stop'))));
        return `session ${n}`;
      } finally {
        attempt.end();
      }
    });
    const first = pending.request('c', editor.ask);
    await new Promise((tick) => setTimeout(tick, 10));
    const second = await pending.request('c', editor.ask);
    assert.equal(second, 'session 2');
    assert.equal(await first, undefined);
    assert.equal(editor.created(), 2);
  });

  it('a sign-in to another connection replaces the pending one too: the editor runs one at a time', async () => {
    const pending = new PendingSignIns();
    const first = await pending.begin('tenant-a');
    first.signal.addEventListener('abort', () => first.end());
    const second = await pending.begin('tenant-b');
    assert.equal(first.stopped, 'replaced');
    assert.ok(first.signal.aborted);
    assert.equal(second.stopped, undefined);
    second.end();
  });

  it('two sign-ins begun while a third closes leave one pending: the other is replaced, none orphaned', async () => {
    const pending = new PendingSignIns();
    const first = await pending.begin('tenant-a');
    first.signal.addEventListener('abort', () => first.end());
    const [second, third] = await Promise.all([pending.begin('tenant-a'), pending.begin('tenant-b')]);
    assert.equal(first.stopped, 'replaced');
    assert.deepEqual(
      [second.stopped, third.stopped].sort(),
      ['replaced', undefined].sort(),
      'exactly one goes on; the other was stopped, not left running unreachable',
    );
    second.end();
    third.end();
  });

  it('a request that fails for another reason still fails', async () => {
    const pending = new PendingSignIns();
    await assert.rejects(
      pending.request('c', () => Promise.reject(new Error('The identity provider refused the sign-in: x'))),
      /refused the sign-in/,
    );
  });
});
