// `npm run test:electron`: the same extension-host suite in desktop VS Code through @vscode/test-electron, for
// machines that can download VS Code. (Offline machines fail at the download; use `npm run test:integration`.)
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { startSandbox } from '@orchestrator-workbench/sandbox';
import { buildDevelopment, ROOT } from '../harness/editor';
import { toolsDir } from '../harness/provision';
import { bundleSuite } from './bundle';

async function main(): Promise<number> {
  buildDevelopment();
  const suite = await bundleSuite('integration', join(__dirname, 'suite'));
  const sandbox = await startSandbox({});
  try {
    return await runTests({
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: join(suite, 'index.js'),
      extensionTestsEnv: { ORCHESTRATOR_SANDBOX_URL: sandbox.url },
      cachePath: join(toolsDir, 'vscode-test'),
      launchArgs: [
        '--disable-extensions',
        '--disable-workspace-trust',
        `--user-data-dir=${join(toolsDir, 'run', 'electron', 'user-data')}`,
      ],
    });
  } finally {
    await sandbox.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`electron: ${(error as Error).message}`);
    process.exit(1);
  },
);
