import { ViewId } from '../../../constants';
import type { Ctx } from '../../../ctx';
import { ideasBaseUrl } from '../../../core/connections';
import { NodeTree } from '../nodeTree';
import { IdeasConnectionNode, type IdeasHost } from './nodes';

/** The Ideas tree: per connection with an idea service, its pipeline, automations, categories, store and inventories. */
export class IdeasTree extends NodeTree {
  private readonly host: IdeasHost;

  constructor(ctx: Ctx) {
    super(ViewId.ideas, 'Ideas', () => ctx.connections.all().filter((c) => ideasBaseUrl(c) !== undefined).map((connection) => new IdeasConnectionNode(this.host, connection)));
    this.host = {
      clientFor: (connection) => ctx.ideasClientFor(connection),
      changed: (node) => this.changed(node),
      now: () => Date.now(),
    };
    this.rebuild();
  }
}
