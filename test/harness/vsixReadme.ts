// `npm run package` ships this README, not README.md itself (vsce's --readme-path). An installed extension's details
// page shows http(s) images only (VS Code's sanitizer drops relative and data: sources; test/e2e/installed.test.ts
// sees it), and the README's screenshots have no https home until the source has a public one: each would stand
// there as an empty frame. So the shipped copy is the README with its images left out and every other line as it is.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
export const README = join(ROOT, 'README.md');
/** Where `npm run package` writes it; dist/ is the build's folder, ignored by git. */
export const VSIX_README = join(ROOT, 'dist', 'vsix-readme.md');

/** Markdown images, `![alt](target)`, as the README writes them. */
export const MARKDOWN_IMAGE = /!\[[^\]]*\]\([^)\s]+\)/g;

/** The README without its images: a line that held only images goes, and so does the blank line it leaves twice. */
export function readmeWithoutImages(readme: string): string {
  const lines: string[] = [];
  for (const line of readme.split('\n')) {
    const hadImage = line.search(MARKDOWN_IMAGE) >= 0;
    const kept = hadImage ? line.replace(MARKDOWN_IMAGE, '').trimEnd() : line;
    if (hadImage && kept.trim() === '') continue;
    if (kept === '' && lines.at(-1) === '') continue;
    lines.push(kept);
  }
  return lines.join('\n');
}

/** Writes the shipped README from README.md; returns its text. */
export function writeVsixReadme(): string {
  const text = readmeWithoutImages(readFileSync(README, 'utf8'));
  mkdirSync(dirname(VSIX_README), { recursive: true });
  writeFileSync(VSIX_README, text);
  return text;
}

if (require.main === module) {
  writeVsixReadme();
  console.log(`vsix README: ${relative(ROOT, VSIX_README)}, the README without its images`);
}
