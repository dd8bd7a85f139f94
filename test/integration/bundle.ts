import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../harness/editor';

/** Bundles index.ts and every *.test.ts of a folder into out/<name> (vscode and mocha stay external). */
export async function bundleSuite(name: string, testDir: string): Promise<string> {
  const outDir = join(ROOT, 'out', name);
  rmSync(outDir, { recursive: true, force: true });
  const tests = readdirSync(testDir).filter((f) => f.endsWith('.test.ts')).map((f) => join(testDir, f));
  await build({
    entryPoints: [join(__dirname, 'suite', 'index.ts'), ...tests],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    // As the extension's own build: ES modules first (jsonc-parser's UMD build cannot be bundled).
    mainFields: ['module', 'main'],
    sourcemap: 'inline',
    logLevel: 'error',
  });
  return outDir;
}


/** Bundles one script that exports `run()` into out/<name>/index.js, to load as an `extensionTestsPath`. */
export async function bundleRunner(name: string, entry: string): Promise<string> {
  const outDir = join(ROOT, 'out', name);
  rmSync(outDir, { recursive: true, force: true });
  await build({ entryPoints: [{ in: entry, out: 'index' }], outdir: outDir, bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], mainFields: ['module', 'main'], logLevel: 'error' });
  return outDir;
}
