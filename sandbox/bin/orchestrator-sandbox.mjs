#!/usr/bin/env node
// `orchestrator-sandbox [options]` (`--help` lists them): starts the sandbox and prints where each service listens.
// The package ships TypeScript sources, so there is no build step: this registers tsx (a dependency of the package)
// in this process, for ES modules and CommonJS alike, and then runs the command line, src/cli.ts.
import { register as registerCommonJs } from 'tsx/cjs/api';
import { register as registerEsm } from 'tsx/esm/api';

registerCommonJs();
registerEsm();
await import('../src/cli.ts');
