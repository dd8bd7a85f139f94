import type { Services } from '../services';

// What families of commands are given: commands that change the same kind of thing through the same parts share one
// declaration, so a part they all need is added in one place.

/** Change commands on an idea row (tags, status, collaborators, documents): the idea service, the Ideas view and panel. */
export type IdeaChangeUses = Pick<Services, 'connections' | 'ideas' | 'ideasClientFor' | 'input' | 'panels'>;

/** Commands that add queue items (one, or a file of them): the client, the tree to show them, the log. */
export type QueueChangeUses = Pick<Services, 'clientFor' | 'connections' | 'explorer' | 'input' | 'log'>;

/** One confirmed change to an Orchestrator row (a process version, a tenant's state), then that row reloads. */
export type RowChangeUses = Pick<Services, 'clientFor' | 'connections' | 'explorer' | 'input'>;

/** Commands that change an asset (Edit, Delete): the client, the Assets row to reload, the log for unknown outcomes. */
export type AssetChangeUses = Pick<Services, 'active' | 'clientFor' | 'connections' | 'explorer' | 'input' | 'log'>;
