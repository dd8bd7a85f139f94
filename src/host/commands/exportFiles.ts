import { createReadStream } from 'node:fs';
import { mkdtemp, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ExportSink, ExportSpool } from '../../core/orchestrator/queueItemsExport';

/** A file written by appending, closed once (close again does nothing). */
class AppendFile implements ExportSink {
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(path: string): Promise<AppendFile> {
    return new AppendFile(path, await open(path, 'w'));
  }

  async write(text: string): Promise<void> {
    await this.handle.write(text);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.handle.close();
  }
}

/**
 * The export's files: the output is written beside the target under a hidden temporary name and renamed over the
 * target only once complete, so a cancelled or failed export leaves no half file (and an older file of that name
 * untouched); the CSV export's scratch file lives in the system's temporary folder. `dispose` removes whatever is
 * left of both.
 */
export class ExportFiles {
  private output: AppendFile | undefined;
  private spoolFile: AppendFile | undefined;
  private spoolDir: string | undefined;

  constructor(private readonly target: string) {}

  async out(): Promise<ExportSink> {
    const name = `.${basename(this.target)}.${process.pid}-${Date.now()}.part`;
    this.output = await AppendFile.create(join(dirname(this.target), name));
    return this.output;
  }

  async spool(): Promise<ExportSpool> {
    this.spoolDir = await mkdtemp(join(tmpdir(), 'orchestrator-export-'));
    const file = (this.spoolFile = await AppendFile.create(join(this.spoolDir, 'items.jsonl')));
    return {
      write: (text) => file.write(text),
      async *lines() {
        await file.close();
        const reader = createInterface({ input: createReadStream(file.path, 'utf8'), crlfDelay: Infinity });
        for await (const line of reader) if (line) yield line;
      },
    };
  }

  /** The output complete: it takes the target's place. */
  async commit(): Promise<void> {
    if (!this.output) return;
    await this.output.close();
    await rename(this.output.path, this.target);
    this.output = undefined;
  }

  async dispose(): Promise<void> {
    await this.spoolFile?.close();
    if (this.spoolDir) await rm(this.spoolDir, { recursive: true, force: true });
    if (this.output) {
      await this.output.close();
      await rm(this.output.path, { force: true });
    }
  }
}
