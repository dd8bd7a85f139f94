// What the extension host parses when the extension activates: dist/extension.mjs, the chunk of src/main.ts that its
// activate() imports, and every chunk those import (import statements, transitively). Everything else (each command,
// the panels, the documents' checks, the browser sign-in) is a chunk loaded by a dynamic import on first use. Read
// from the build's metafile (extension.meta.json, written by esbuild.mjs beside the bundle).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface Metafile {
  outputs: Record<
    string,
    {
      bytes: number;
      entryPoint?: string;
      imports: { path: string; kind: string }[];
      inputs: Record<string, { bytesInOutput: number }>;
    }
  >;
}

export interface BundleWeight {
  /** Bytes of extension.mjs, src/main.ts's chunk and every chunk they import statically: what activation parses. */
  activationBytes: number;
  /** Bytes of the chunks loaded on first use only. */
  onDemandBytes: number;
  /** The source files (and packages' files) whose code is in what activation parses. */
  activationInputs: string[];
  /** Those evaluated before the entry's own code: the entry's and its static imports' (src/extension.ts's). */
  entryInputs: string[];
  /** Every output file, relative to the build's folder. */
  files: string[];
  /** Every source file (and package file) in the build. */
  inputs: string[];
}

/** Weighs a host build in `dist` (a folder esbuild.mjs built into); paths in the metafile are relative to `root`. */
export function bundleWeight(dist: string, root: string): BundleWeight {
  const meta = JSON.parse(readFileSync(join(dist, 'extension.meta.json'), 'utf8')) as Metafile;
  const entry = relative(root, join(dist, 'extension.mjs')).split('\\').join('/');
  if (!meta.outputs[entry]) throw new Error(`${entry} is not in the build's metafile`);
  const loaded = new Set<string>();
  const visit = (output: string) => {
    if (loaded.has(output)) return;
    loaded.add(output);
    for (const imported of meta.outputs[output]!.imports)
      if (imported.kind === 'import-statement' && meta.outputs[imported.path]) visit(imported.path);
  };
  visit(entry);
  const inputsOf = (outputs: Iterable<string>) => [
    ...new Set([...outputs].flatMap((output) => Object.keys(meta.outputs[output]!.inputs))),
  ];
  const entryInputs = inputsOf(loaded);
  // The entry imports the rest of the extension in activate(), after loading the display language's messages.
  const main = Object.keys(meta.outputs).find((output) => meta.outputs[output]!.entryPoint === 'src/main.ts');
  if (!main) throw new Error("src/main.ts has no chunk of its own in the build's metafile");
  visit(main);
  const code = Object.keys(meta.outputs).filter((output) => !output.endsWith('.map'));
  const bytes = (outputs: string[]) => outputs.reduce((sum, output) => sum + meta.outputs[output]!.bytes, 0);
  return {
    activationBytes: bytes([...loaded]),
    onDemandBytes: bytes(code.filter((output) => !loaded.has(output))),
    activationInputs: inputsOf(loaded),
    entryInputs,
    inputs: inputsOf(code),
    files: code.map((output) => relative(relative(root, dist), output).split('\\').join('/')),
  };
}
