// Mocha's `require` for the unit layer (test/unit/.mocharc.json): `vscode` answers the stub before any test file
// loads, so test files import host modules like any other. Core modules still cannot load `vscode` (vscodeStub.ts).
import { useVscodeStub } from './vscodeStub';

useVscodeStub();
