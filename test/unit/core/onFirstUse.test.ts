// Code behind a dynamic import loads once and is shared; a load that fails (a chunk missing from a damaged
// installation) says what to do, keeps its own error for the log, and is tried again next time.
import assert from 'node:assert/strict';
import { onFirstUse } from '../../../src/core/onFirstUse';

describe('code loaded on first use', () => {
  it('loads once for every caller, at the same time or later', async () => {
    let loads = 0;
    const load = onFirstUse(async () => ({ n: ++loads }));
    const [a, b] = await Promise.all([load(), load()]);
    assert.equal(a, b);
    assert.equal(await load(), a);
    assert.equal(loads, 1);
  });

  it('a missing chunk says "Reinstall", keeps the loader\'s error as its cause, and is tried again', async () => {
    let attempts = 0;
    const load = onFirstUse(async () => {
      attempts++;
      if (attempts === 1) throw new Error("Cannot find module '/ext/dist/chunks/logTail-ABC.mjs'");
      return 'loaded';
    });
    await assert.rejects(load(), (error: Error) => {
      assert.equal(
        error.message,
        'Part of the extension could not be loaded. Reinstall the Orchestrator Workbench extension.',
      );
      assert.match(String((error.cause as Error).message), /logTail-ABC\.mjs/);
      return true;
    });
    assert.equal(await load(), 'loaded');
    assert.equal(attempts, 2);
  });
});
