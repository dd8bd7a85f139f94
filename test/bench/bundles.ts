// Builds the production bundles (minified, as the .vsix ships them) into out/bench and weighs them, and the .vsix
// as `npm run package` makes it (which builds into dist/; the development build is put back after); the editor part
// of the bench runs the production build, not the development one.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, installBuiltExtension, packageVsix } from '../harness/editor';
import { buildProduction } from '../harness/build';
import { bundleWeight } from '../harness/bundleWeight';
import { ACTIVATION_BUNDLE_KIB_BUDGET } from './budgets';
import type { Figures } from './figures';

export const BENCH_OUT = join(ROOT, 'out', 'bench');
export const PRODUCTION_DIST = join(BENCH_OUT, 'dist');

/** Builds, records the size of the extension bundle and of each webview bundle; returns the installed copy's folder. */
export function productionBundles(figures: Figures): string {
  rmSync(BENCH_OUT, { recursive: true, force: true });
  buildProduction(PRODUCTION_DIST);
  const kib = (path: string) => statSync(path).size / 1024;
  // The same id as when the whole bundle loaded at activation, so the run prints it next to that figure.
  const weight = bundleWeight(PRODUCTION_DIST, ROOT);
  figures.add(
    'bundle.extension',
    'extension code parsed at activation (extension.mjs, the main chunk and what they import; minified)',
    round(weight.activationBytes / 1024),
    'KiB',
    { budget: ACTIVATION_BUNDLE_KIB_BUDGET },
  );
  figures.add(
    'bundle.extension.onDemand',
    'extension code loaded on first use (commands, panels, document checks, browser sign-in)',
    round(weight.onDemandBytes / 1024),
    'KiB',
  );
  for (const file of readdirSync(join(PRODUCTION_DIST, 'webviews'))
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    const name = file.replace(/\.js$/, '');
    figures.add(
      `bundle.webview.${name}`,
      `${name} webview bundle (minified)`,
      round(kib(join(PRODUCTION_DIST, 'webviews', file))),
      'KiB',
    );
  }
  figures.add('package.vsix', '.vsix (npm run package)', round(kib(packageVsix())), 'KiB');
  return installBuiltExtension(join(BENCH_OUT, 'extensions'), PRODUCTION_DIST);
}

const round = (value: number) => Math.round(value * 10) / 10;
