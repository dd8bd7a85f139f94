import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../harness/editor';

/**
 * Bundles index.ts and every *.test.ts of a folder into out/<name> (vscode and mocha stay external); with `only`
 * (file names without .test.ts, comma-separated), just those: a subset to run again while working on it.
 */
export async function bundleSuite(name: string, testDir: string, only?: string): Promise<string> {
  const outDir = join(ROOT, 'out', name);
  rmSync(outDir, { recursive: true, force: true });
  const wanted = only ? new Set(only.split(',').map((f) => `${f.trim()}.test.ts`)) : undefined;
  const tests = readdirSync(testDir)
    .filter((f) => f.endsWith('.test.ts') && (!wanted || wanted.has(f)))
    .map((f) => join(testDir, f));
  if (wanted && tests.length !== wanted.size)
    throw new Error(`INTEGRATION_ONLY names a file that is not in ${testDir}: ${[...wanted].join(', ')}`);
  await build({
    entryPoints: [join(__dirname, 'suite', 'index.ts'), ...tests],
    outdir: outDir,
    // Flat, beside index.js (which runs the *.test.js next to it), wherever the test folder is.
    entryNames: '[name]',
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
  await build({
    entryPoints: [{ in: entry, out: 'index' }],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    mainFields: ['module', 'main'],
    logLevel: 'error',
  });
  return outDir;
}
