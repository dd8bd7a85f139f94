import assert from 'node:assert/strict';

// The runner's self-check: this suite must make the run fail, proving a red test cannot pass as green.
describe('runner self-check', () => {
  it('fails on purpose', () => {
    assert.equal(1, 2, 'deliberate failure');
  });
});
