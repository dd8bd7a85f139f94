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

/**
 * The bench's listing child (test/bench/listingChild.ts) bundled and minified as the host is, into
 * `outdir/listingChild.mjs`: the CPU it measures is the client's as shipped, not tsx's transform of the sources (which
 * names every function as it is made and maps every stack). Returns the file; throws with the bundler's output.
 */
export function buildListingChild(outdir: string): string {
  const built = spawnSync(
    process.execPath,
    [join(ROOT, 'esbuild.mjs'), '--production', '--listing-child', `--outdir=${outdir}`],
    { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
  );
  if (built.status !== 0) throw new Error(`The listing child's build failed:\n${built.stdout}${built.stderr}`);
  return join(outdir, 'listingChild.mjs');
}
