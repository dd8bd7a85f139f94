// The sources as the house rules tests read them (houseRules.test.ts, commandRules.test.ts): every source file below
// a folder, and the modules each one imports, by text (a rule must hold in files the compiler never sees, e.g. .mjs).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|mts|cts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

/** The module specifiers a source file imports, re-exports, requires or loads dynamically. */
export function importedSpecifiers(source: string): string[] {
  const statement =
    /^(?:import|export|\})[^'"\n]*?\bfrom\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]/gm;
  return [...source.matchAll(statement)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageOf(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}
