import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProduction } from '/work/main/test/harness/build';
import { bundleWeight } from '/work/main/test/harness/bundleWeight';
const dist = mkdtempSync(join(tmpdir(), 'w-'));
buildProduction(dist);
const w = bundleWeight(dist, '/work/main');
console.log((w.activationBytes / 1024).toFixed(2));
const meta = JSON.parse(readFileSync(join(dist, 'extension.meta.json'), 'utf8'));
const sizes: Record<string, number> = {};
for (const [out, o] of Object.entries<any>(meta.outputs)) {
  if (!w.files.includes(out.split('/').slice(-1)[0]!) && false) continue;
  for (const [inp, i] of Object.entries<any>(o.inputs)) if (w.activationInputs.includes(inp)) sizes[inp] = (sizes[inp] ?? 0) + i.bytesInOutput;
}
for (const [k, v] of Object.entries(sizes).sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(v, k);
