// A stand-in for the platform's CLI (`uipcli`) that Publish Workspace Project finds on PATH: an executable node
// script in a folder of its own (its name holds a space, as "Program Files" does), which records the arguments it
// was run with and writes the package the test built into the `-o` folder, as `uipcli package pack` does.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface FakePackingTool {
  /** The tool's path, as the command finds it on PATH. */
  path: string;
  /** The argument lists it was run with, one per run. */
  runs(): string[][];
}

/** Writes the tool; `nupkg` is what it writes as `<fileName>` into the folder after `-o`. */
export function writeFakePackingTool(fileName: string, nupkg: Uint8Array): FakePackingTool {
  const folder = mkdtempSync(join(tmpdir(), 'packing tool '));
  const built = join(folder, 'built.nupkg');
  const log = join(folder, 'runs.jsonl');
  writeFileSync(built, nupkg);
  const path = join(folder, 'uipcli');
  writeFileSync(
    path,
    `#!/usr/bin/env node
const { appendFileSync, copyFileSync } = require('node:fs');
const { join } = require('node:path');
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');
const output = args[args.indexOf('-o') + 1];
if (args[0] !== 'package' || args[1] !== 'pack' || !args[2] || !output) {
  console.error('usage: uipcli package pack <project.json> -o <folder>');
  process.exit(2);
}
copyFileSync(${JSON.stringify(built)}, join(output, ${JSON.stringify(fileName)}));
console.log('Packed ' + args[2]);
`,
  );
  chmodSync(path, 0o755);
  const runs = () =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line): string[] => JSON.parse(line))
      : [];
  return { path, runs };
}

/** Runs `work` with the tool's folder first on the extension host's PATH (what the command reads), then restores it. */
export async function withToolOnPath<T>(tool: FakePackingTool, work: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = [join(tool.path, '..'), saved ?? ''].join(delimiter);
  try {
    return await work();
  } finally {
    process.env.PATH = saved;
  }
}
