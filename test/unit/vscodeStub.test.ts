// The unit layer installs the vscode stub before any test file loads (test/unit/.mocharc.json): host modules import
// `vscode` as in the editor, while core and shared still cannot, at run time as in the source (house rules).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { vscodeStub } from '../support/vscodeStub';

const ROOT = join(__dirname, '..', '..');
/** `require` as a module at this path of the repository does it. */
const requireFrom = (path: string) => createRequire(join(ROOT, path));

describe("the unit layer's vscode stub", () => {
  it('answers a host module, and refuses a core or shared module that asks for vscode', () => {
    assert.equal(requireFrom('src/host/anyModule.ts')('vscode'), vscodeStub);
    assert.throws(() => requireFrom('src/core/anyModule.ts')('vscode'), /src.core.anyModule\.ts needs vscode/);
    assert.throws(() => requireFrom('src/shared/protocol/any.ts')('vscode'), /needs vscode: core must not/);
  });
});
