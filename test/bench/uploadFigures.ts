// Upload of a 20 MB package: the core client's UploadPackage (multipart form data, as the extension sends it) to the
// sandbox over loopback, which reads the .nupkg. Time per upload, the memory the client held above its resting level
// while one ran (heap and array buffers, sampled), and the requests (one per upload: a change is sent once).
import { startSandbox } from '@orchestrator-workbench/sandbox';
import { buildNupkg } from '@orchestrator-workbench/sandbox/test-nupkg';
import { countingClient } from './countingClient';
import type { Figures } from './figures';

const PACKAGE_BYTES = 20 * 1024 * 1024;
const RUNS = 3;
const MB = 1024 * 1024;

const held = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

export async function uploadFigures(figures: Figures): Promise<void> {
  const sandbox = await startSandbox({});
  try {
    const { client, requests } = await countingClient(sandbox, 1_000_000);
    const times: number[] = [];
    const memory: number[] = [];
    const before = requests();
    for (let run = 0; run < RUNS; run++) {
      const bytes = buildNupkg({ id: 'Bench.Upload', version: `1.0.${run}`, fillerBytes: PACKAGE_BYTES });
      global.gc?.();
      const resting = held();
      let peak = resting;
      const sampler = setInterval(() => (peak = Math.max(peak, held())), 5);
      const at = performance.now();
      await client.packages.upload({ bytes, fileName: `Bench.Upload.1.0.${run}.nupkg` });
      times.push(performance.now() - at);
      clearInterval(sampler);
      memory.push((Math.max(peak, held()) - resting) / MB);
    }
    figures.timing('upload.20mb', 'Upload of a 20 MB package (multipart, to the sandbox)', times);
    figures.timing(
      'upload.20mb.memory',
      'Upload of 20 MB: memory held above rest while it runs (client and the in-process sandbox)',
      memory,
      'MB',
    );
    figures.add(
      'upload.20mb.requests',
      'Upload of 20 MB: requests per upload',
      (requests() - before) / RUNS,
      'requests',
    );
  } finally {
    await sandbox.close();
  }
}
