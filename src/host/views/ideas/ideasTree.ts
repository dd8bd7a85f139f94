import { ViewId } from '../../../constants';
import type { Services } from '../../services';
import { ideasBaseUrl } from '../../../core/connections';
import { RowIds } from '../../../core/rows/rowIds';
import { NodeTree } from '../nodeTree';
import { IdeasConnectionNode, type IdeasHost } from './nodes';

/** What this needs from the extension's context, and nothing more. */
export type IdeasTreeDeps = Pick<Services, 'connections' | 'ideasClientFor' | 'signedOut'>;

/** The Ideas tree: per connection with an idea service, its pipeline, automations, categories, store and inventories. */
export class IdeasTree extends NodeTree {
  private readonly host: IdeasHost;

  constructor(ctx: IdeasTreeDeps) {
    super(ViewId.ideas, 'Ideas', () =>
      ctx.connections
        .all()
        .filter((c) => ideasBaseUrl(c) !== undefined)
        .map((connection) => new IdeasConnectionNode(this.host, connection)),
    );
    this.host = {
      clientFor: (connection) => ctx.ideasClientFor(connection),
      needsSignIn: (connection) => ctx.signedOut.ideasNeedSignIn(connection.id),
      changed: (node) => this.changed(node),
      now: () => Date.now(),
    };
    this.rebuild();
  }

  /** After a change to a connection's ideas: its lists load again (the pipeline counts too). */
  refreshConnection(connectionId: string): number {
    return this.refreshRows(RowIds.ideasList(connectionId, 'pipeline'), RowIds.ideasList(connectionId, 'all'));
  }

  /** Selects an idea's row in All Automations (its first page); false when it is not there. */
  async revealIdea(connectionId: string, ideaId: number): Promise<boolean> {
    const root = this.find(RowIds.ideasConnection(connectionId));
    if (!root) return false;
    // Loaded as the editor would load them (and indexed): the connection's lists, then the first page of All.
    await this.getChildren(root);
    const all = this.find(RowIds.ideasList(connectionId, 'all'));
    if (!all) return false;
    await this.getChildren(all);
    const row = this.find(RowIds.idea(all.id, ideaId));
    if (!row) return false;
    await this.reveal(row);
    return true;
  }
}
