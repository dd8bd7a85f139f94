import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { SEED_VERSION } from '../orchestrator/seed';
import type { SandboxState } from '../orchestrator/state';

/**
 * The sandbox's state, and the file `--state` names (README, --state): read at start, written a quarter second after
 * a change (so a burst of changes is one write) and at close, through a temporary file so a crash leaves the last
 * whole state. Without a file the state lives in memory only.
 */
export class StateFile {
  state: SandboxState;
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string | undefined,
    fresh: () => SandboxState,
  ) {
    const saved = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SandboxState) : undefined;
    // A state file written from an older seed lacks what the current one holds (README, --state): start from the seed.
    this.state = saved && saved.seedVersion === SEED_VERSION ? saved : fresh();
  }

  /** Told of every change: schedules a write. */
  readonly changed = (): void => {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, 250);
  };

  save(): void {
    if (!this.file) return;
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.state));
    renameSync(`${this.file}.tmp`, this.file);
  }

  /** The last write, now: nothing scheduled is left behind. */
  close(): void {
    clearTimeout(this.saveTimer);
    this.save();
  }
}
