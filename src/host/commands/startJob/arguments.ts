import type { Connection } from '../../../core/connections';
import { releaseInputValues } from '../../../core/documents/argumentsDocument';
import type { FolderContext } from '../../../core/http/connection';
import { argumentFields, type ArgumentField } from '../../../core/orchestrator/argumentFields';
import type { OrchestratorClient } from '../../../core/orchestrator/client';
import type { Release } from '../../../core/orchestrator/schemas';
import { parseArgumentDeclarations } from '../../../core/orchestrator/validation';
import type { Services } from '../../services';
import { Stored } from '../../storedState';

/**
 * The input arguments each process version declares, read once per Start Job: the steps are recomputed after every
 * answer and must not read them again each time.
 */
export class DeclaredArguments {
  private readonly read = new Map<string, ArgumentField[]>();

  constructor(
    private readonly client: OrchestratorClient,
    private readonly folder: FolderContext,
    private readonly signal: AbortSignal,
  ) {}

  /** The fields, if already read (the steps are built synchronously). */
  known(release: Release): ArgumentField[] | undefined {
    return this.read.get(keyOf(release));
  }

  async of(release: Release): Promise<ArgumentField[]> {
    const key = keyOf(release);
    let fields = this.read.get(key);
    if (!fields) {
      const metadata = await this.client.packages.getArguments(key, { folder: this.folder, signal: this.signal });
      // What the process already gives a value need not be typed: such a field is not mandatory.
      const provided = new Set(Object.keys(releaseInputValues(release)));
      fields = argumentFields(parseArgumentDeclarations(metadata.Input), provided);
      this.read.set(key, fields);
    }
    return fields;
  }
}

const keyOf = (release: Release) => `${release.ProcessKey}:${release.ProcessVersion}`;

/** What was typed for a process the last time a job of it was started in this folder (offered again, per workspace). */
export class LastArguments {
  constructor(
    private readonly ctx: Pick<Services, 'state'>,
    private readonly connection: Connection,
    private readonly folder: FolderContext,
  ) {}

  of(release: Release): Record<string, string> {
    return this.ctx.state.get(Stored.lastArguments)[this.keyOf(release)] ?? {};
  }

  /** Empty answers are not kept: they mean "the process value or the default", which may change. */
  async remember(release: Release, texts: Record<string, string>): Promise<void> {
    const all = this.ctx.state.get(Stored.lastArguments);
    await this.ctx.state.update(Stored.lastArguments, {
      ...all,
      [this.keyOf(release)]: Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== '')),
    });
  }

  private keyOf(release: Release): string {
    return `${this.connection.id}|${'id' in this.folder ? this.folder.id : this.folder.path}|${release.Key}`;
  }
}
