// Two builds: the extension host bundle (node, cjs, `vscode` external) and one browser bundle per webview panel.
// Flags: --production (minify, no source maps), --watch (rebuild on change; prints the markers the problem matcher reads),
// --outdir=<dir> (instead of dist; the bench builds the production bundles there to weigh and load them).
import * as esbuild from 'esbuild';
import { readFileSync, readdirSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const production = process.argv.includes('--production');
/** Builds only the bench's listing child (test/bench/listingChild.ts), with the host's settings. */
const listingChild = process.argv.includes('--listing-child');
const watch = process.argv.includes('--watch');
const outRoot = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) || 'dist';

/** Every folder under webviews/ with a main.ts is a panel; `common` holds shared browser code. */
function webviewEntries() {
  return readdirSync('webviews')
    .filter((name) => name !== 'common' && statSync(join('webviews', name)).isDirectory())
    .filter((name) => existsSync(join('webviews', name, 'main.ts')))
    .map((name) => ({ in: join('webviews', name, 'main.ts'), out: name }));
}

/** Reports sizes after each build and the watch markers VS Code's esbuild problem matcher waits for. */
const reporter = {
  name: 'reporter',
  setup(build) {
    build.onStart(() => {
      if (watch) console.log('[watch] build started');
    });
    build.onEnd((result) => {
      for (const message of result.errors) {
        const where = message.location
          ? `${message.location.file}:${message.location.line}:${message.location.column}: `
          : '';
        console.error(`✘ [ERROR] ${where}${message.text}`);
      }
      const line = (name, bytes) => console.log(`  ${name.padEnd(36)} ${(bytes / 1024).toFixed(1).padStart(8)} KiB`);
      const chunks = { files: 0, bytes: 0 };
      for (const [file, info] of Object.entries(result.metafile?.outputs ?? {})) {
        if (file.endsWith('.map')) continue;
        if (!file.includes('/chunks/')) line(relative('.', file), info.bytes);
        else {
          chunks.files++;
          chunks.bytes += info.bytes;
        }
      }
      if (chunks.files) line(`${relative('.', join(outRoot, 'chunks'))}/ (${chunks.files} files)`, chunks.bytes);
      if (watch) console.log('[watch] build finished');
    });
  },
};

/**
 * zod re-exports every one of its locales as `z.locales` (about 250 KiB minified, 39% of the extension bundle), which
 * no bundler can drop from a namespace export. We only use English, which zod loads by itself: inside zod, the
 * locales index becomes a module that exports only `en` (the same file zod's schemas import).
 */
const englishOnlyZodLocales = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${sep}node_modules${sep}zod${sep}`)
        ? { path: join(dirname(args.importer), '..', 'locales', 'index.js'), namespace: 'zod-english-only' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * The MCP SDK (the MCP server, loaded on first use) gets a zod of its own. Modules that code at activation and a chunk
 * loaded later share go into a chunk activation loads, with every export either side uses: the SDK's protocol schemas
 * and JSON Schema code would have been parsed at activation (55 KiB). Its own copy stays in its own chunk.
 */
const mcpOwnZod = {
  name: 'mcp-own-zod',
  setup(build) {
    const NAMESPACE = 'mcp-zod';
    build.onResolve({ filter: /^zod(\/|$)/ }, async (args) => {
      if (args.pluginData?.plain) return undefined;
      if (args.namespace !== NAMESPACE && !args.importer.includes(`${sep}@modelcontextprotocol${sep}`))
        return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: { plain: true },
      });
      return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path, namespace: NAMESPACE };
    });
    build.onResolve({ filter: /^\./, namespace: NAMESPACE }, (args) =>
      /^\.\.\/locales\/index\.js$/.test(args.path)
        ? { path: join(args.resolveDir, args.path), namespace: 'zod-english-only' }
        : { path: join(args.resolveDir, args.path), namespace: NAMESPACE },
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: readFileSync(args.path, 'utf8'),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * Writes the host build's metafile beside it (`extension.meta.json`, not shipped): which chunks extension.mjs imports
 * and what each holds, for the bench and the test that weigh what activation loads (test/harness/bundleWeight.ts).
 */
const hostMetafile = {
  name: 'host-metafile',
  setup(build) {
    build.onEnd((result) => {
      if (!result.metafile || result.errors.length > 0) return;
      mkdirSync(outRoot, { recursive: true });
      writeFileSync(join(outRoot, 'extension.meta.json'), JSON.stringify(result.metafile));
      // Chunk names carry a hash of their content: the previous build's chunks would otherwise stay, and ship. Not
      // while watching: an Extension Development Host started before this rebuild still loads its commands from them.
      if (watch) return;
      const chunks = join(outRoot, 'chunks');
      const built = new Set(Object.keys(result.metafile.outputs).map((file) => resolve(file)));
      for (const file of existsSync(chunks) ? readdirSync(chunks) : []) {
        const path = resolve(chunks, file);
        if (!built.has(path)) rmSync(path, { recursive: true, force: true });
      }
    });
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  metafile: true,
  logLevel: 'silent',
  plugins: [englishOnlyZodLocales, reporter],
};

/** The host bundle's settings (the bench's listing child is built with them too, to run the client as shipped). */
const host = {
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // ES modules first: jsonc-parser's UMD build loads its parts with a require() esbuild cannot follow.
  mainFields: ['module', 'main'],
  // An ES module has no require(): @vscode/l10n's Node build requires fs (to read bundles from files, which we never
  // ask of it); its browser build is the same code without that.
  alias: { '@vscode/l10n': '@vscode/l10n/dist/browser.js' },
};

if (listingChild) {
  const entryPoints = { listingChild: 'test/bench/listingChild.ts' };
  await esbuild.build({ ...common, ...host, entryPoints, outdir: outRoot, outExtension: { '.js': '.mjs' } });
  process.exit(0);
}

const contexts = await Promise.all([
  esbuild.context({
    ...common,
    // An ES module (VS Code loads a `.mjs` main with import), split: what activation needs is extension.mjs and the
    // chunks it imports; each command and everything only commands use come as chunks loaded on first use.
    entryPoints: { extension: 'src/extension.ts' },
    outdir: outRoot,
    outExtension: { '.js': '.mjs' },
    // Named by hash only in the shipped build: activation parses ~100 import specifiers (each command's loader), and
    // a name in each cost 2.3 KiB of the activation budget. extension.meta.json says which sources a chunk holds.
    chunkNames: production ? 'chunks/[hash]' : 'chunks/[name]-[hash]',
    splitting: true,
    ...host,
    external: ['vscode'],
    plugins: [mcpOwnZod, ...common.plugins, hostMetafile],
  }),
  esbuild.context({
    ...common,
    entryPoints: webviewEntries(),
    outdir: join(outRoot, 'webviews'),
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  }),
]);

if (watch) {
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  let failed = false;
  for (const context of contexts) {
    try {
      await context.rebuild();
    } catch {
      failed = true;
    }
    await context.dispose();
  }
  process.exit(failed ? 1 : 0);
}
