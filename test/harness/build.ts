// The extension's two builds as every run of ours makes them (esbuild.mjs): no test, bench or script calls the
// bundler itself.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The development build into dist/ (source maps, not minified), as every run of ours uses it; throws if it fails. */
export function buildDevelopment(output: 'inherit' | 'ignore' = 'inherit'): void {
  const built = spawnSync(process.execPath, [join(ROOT, 'esbuild.mjs')], {
    cwd: ROOT,
    stdio: output,
    timeout: 120_000,
  });
  if (built.status !== 0) throw new Error('the extension build failed (node esbuild.mjs)');
}

/** The production build (minified, as the .vsix ships it) into `outdir`; throws with the bundler's output if it fails. */
export function buildProduction(outdir: string): void {
  const built = spawnSync(process.execPath, [join(ROOT, 'esbuild.mjs'), '--production', `--outdir=${outdir}`], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (built.status !== 0) throw new Error(`The production build failed:\n${built.stdout}${built.stderr}`);
}
