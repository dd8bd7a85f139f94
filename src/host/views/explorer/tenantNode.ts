import type * as vscode from 'vscode';
import type { Connection } from '../../../core/connections';
import { alertItem, libraryItem, licenseItems, tenantItem, webhookItem } from '../../presentation/tenantItems';
import { CollectionContext, ContextValue } from '../../../core/rows/contextValues';
import { childId, RowIds } from '../../../core/rows/rowIds';
import { makeRow } from '../../../core/rows/rows';
import { collectionNode } from '../collectionNode';
import { LazyNode, rowLeaf, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';
import { t } from '../../../core/l10n';

/**
 * Tenant-wide resources: libraries, webhooks, alerts (with the unread count), the license summary, and for host
 * administrators the host's tenants. Expanding it costs two requests (unread count, and a one-row probe of Tenants that
 * only host administrators pass); each list then loads when expanded.
 */
export class TenantNode implements TreeNode {
  readonly id: string;
  private unread: number | undefined;
  private hostAdmin: boolean | undefined;
  private groups: TreeNode[] | undefined;
  /** Counts resets: what a read started before a Refresh learnt must not fill the row after it. */
  private generation = 0;

  constructor(
    private readonly host: ExplorerHost,
    readonly connection: Connection,
  ) {
    this.id = RowIds.tenantResources(connection.id);
  }

  item(): vscode.TreeItem {
    const description = this.unread ? t('{0} unread alert{1}', this.unread, this.unread === 1 ? '' : 's') : undefined;
    return toTreeItem({
      id: this.id,
      label: t('Tenant'),
      description,
      icon: { id: 'server-environment' },
      contextValue: ContextValue.tenantGroup,
      collapsible: 'collapsed',
      tooltip: t('**Tenant-wide resources**\n\nLibraries, webhooks, alerts, license'),
    });
  }

  async children(): Promise<TreeNode[]> {
    while (!this.groups) {
      const generation = this.generation;
      const client = this.host.clientFor(this.connection);
      const [unread, probe] = await Promise.allSettled([
        client.tenant.unreadAlerts(),
        client.tenant.tenants.list({ query: { top: 1 } }),
      ]);
      if (generation !== this.generation) continue;
      const before = this.unread;
      this.unread = unread.status === 'fulfilled' ? unread.value : undefined;
      this.hostAdmin = probe.status === 'fulfilled';
      this.groups = this.makeGroups();
      // The unread count is part of this row's description: redraw it (the tree holds that back until the editor
      // has taken these children).
      if (before !== this.unread) this.host.changed(this);
    }
    return this.groups;
  }

  reset(): void {
    this.generation++;
    for (const group of this.groups ?? []) group.reset?.();
    this.groups = undefined;
  }

  private makeGroups(): TreeNode[] {
    const client = () => this.host.clientFor(this.connection);
    const where = t('tenant {0}', this.connection.label);
    const connection = this.connection;
    const leaf = rowLeaf;
    const changed = (node: TreeNode) => this.host.changed(node);
    const libraries = RowIds.libraries(connection.id);
    const webhooks = childId(this.id, 'webhooks');
    const alerts = childId(this.id, 'alerts');
    const license = childId(this.id, 'license');
    const groups: TreeNode[] = [
      collectionNode(
        {
          id: libraries,
          label: t('Libraries'),
          icon: 'library',
          list: (query, signal) => client().packages.libraries.list({ signal, query }),
          order: [{ path: 'Id' }],
          filter: { field: 'Id', words: t('library name') },
          make: (library) => leaf(libraryItem(libraries, library), makeRow({ kind: 'library', connection, library })),
          what: t('libraries'),
          where,
          empty: t('No libraries in the tenant feed.'),
        },
        changed,
      ),
      collectionNode(
        {
          id: webhooks,
          label: t('Webhooks'),
          icon: 'radio-tower',
          list: (query, signal) => client().tenant.webhooks.list({ signal, query }),
          order: [{ path: 'Id' }],
          filter: { field: 'Url', words: 'URL' },
          make: (webhook) => leaf(webhookItem(webhooks, webhook), makeRow({ kind: 'webhook', connection, webhook })),
          what: t('webhooks'),
          where,
          empty: t('No webhooks are configured.'),
        },
        changed,
      ),
      collectionNode(
        {
          id: alerts,
          label: t('Alerts'),
          icon: 'bell',
          list: (query, signal) => client().tenant.alerts.list({ signal, query }),
          order: [{ path: 'CreationTime', desc: true }],
          filter: { field: 'NotificationName', words: t('alert name') },
          stateField: 'State',
          states: ['Unread', 'Read'],
          make: (alert) =>
            leaf(alertItem(alerts, alert, this.host.now()), makeRow({ kind: 'alert', connection, alert })),
          what: t('alerts'),
          where,
          empty: t('No alerts.'),
          badge: () => (this.unread ? t('{0} unread', this.unread) : undefined),
        },
        changed,
      ),
      new LazyNode(
        license,
        {
          label: t('License'),
          icon: { id: 'verified' },
          tooltip: t('Robots allowed and defined per type'),
          contextValue: ContextValue.group,
          collapsible: 'collapsed',
        },
        async () => {
          const report = await client().tenant.license();
          return licenseItems(license, report).map((data) =>
            leaf(data, makeRow({ kind: 'license', connection, license: report })),
          );
        },
        { what: t('the license'), where, empty: t('No license information.') },
      ),
    ];
    if (this.hostAdmin) {
      const tenants = RowIds.hostTenants(connection.id);
      groups.push(
        collectionNode(
          {
            id: tenants,
            label: t('Tenants'),
            icon: 'server',
            list: (query, signal) => client().tenant.tenants.list({ signal, query }),
            order: [{ path: 'Name' }],
            filter: { field: 'Name', words: t('tenant name') },
            make: (tenant) => leaf(tenantItem(tenants, tenant), makeRow({ kind: 'hostTenant', connection, tenant })),
            what: t('tenants'),
            where: t('the host'),
            empty: t('The host has no tenants.'),
            contextValue: CollectionContext.tenants,
          },
          changed,
        ),
      );
    }
    return groups;
  }
}
