import * as vscode from 'vscode';
import { CommandId } from '../../../constants';
import type { Connection } from '../../../core/connections';
import { markdownText, plainText } from '../../../core/presentation/plainText';
import { connectionContextValue } from '../../../core/rows/contextValues';
import { childId, RowIds } from '../../../core/rows/rowIds';
import { makeRow, type RowOf } from '../../../core/rows/rows';
import { errorRow, messageNode, safeMarkdown, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';
import { FolderChildren } from './folderNode';
import { TenantNode } from './tenantNode';
import type { FailuresNode } from './failuresNode';
import { t } from '../../../core/l10n';

/** A connection (a tenant): its Tenant resources, then its top-level folders, paged. */
export class ConnectionNode implements TreeNode {
  readonly id: string;
  readonly row: RowOf<'connection'>;
  private readonly folders: FolderChildren;
  private readonly tenant: TenantNode;
  /** Made on the first expand (its code loads then, not at activation); kept so its period and rows stay. */
  private failures: FailuresNode | undefined;

  constructor(
    private readonly host: ExplorerHost,
    readonly connection: Connection,
  ) {
    this.id = RowIds.connection(connection.id);
    this.row = makeRow({ kind: 'connection', connection });
    this.folders = new FolderChildren(host, connection, undefined);
    this.tenant = new TenantNode(host, connection);
  }

  item(): vscode.TreeItem {
    const signedIn = this.host.isSignedIn(this.connection);
    // The label, URL, account and tenant come from settings: plain text like any service text.
    const item = new vscode.TreeItem(
      plainText(this.connection.label),
      this.host.isJustAdded(this.connection)
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = this.id;
    item.description = `${this.connection.kind === 'cloud' ? plainText(`${this.connection.account}/${this.connection.tenant}`) : t('on-premises')}${signedIn ? '' : t(' · signed out')}${this.connection.protection === 'readOnly' ? t(' · read-only') : this.connection.protection === 'confirm' ? t(' · confirm changes') : ''}`;
    item.iconPath = new vscode.ThemeIcon(
      signedIn ? 'organization' : 'warning',
      signedIn ? undefined : new vscode.ThemeColor('editorWarning.foreground'),
    );
    item.contextValue = connectionContextValue(signedIn, this.host.hiddenFolders(this.connection));
    item.tooltip = safeMarkdown(
      `**${markdownText(this.connection.label)}**\n\n${markdownText(`${this.connection.serviceUrl}${this.connection.kind === 'cloud' ? `/${this.connection.account}/${this.connection.tenant}${this.connection.serviceSegment ? `/${this.connection.serviceSegment}` : ''}` : ''}`)}`,
    );
    return item;
  }

  async children(): Promise<TreeNode[]> {
    if (!this.host.isSignedIn(this.connection)) {
      return [
        messageNode(childId(this.id, 'signIn'), t('Sign in to see the folders of this tenant'), 'sign-in', {
          command: CommandId.signIn,
          title: t('Sign In'),
          arguments: [this.connection.id],
        }),
      ];
    }
    const failures = (this.failures ??= new (await import('./failuresNode')).FailuresNode(
      this.host,
      this.connection,
      childId(this.id, 'failures'),
    ));
    try {
      const nodes = await this.folders.nodes(this);
      return [
        failures,
        this.tenant,
        ...(nodes.length > 0
          ? nodes
          : [
              messageNode(
                childId(this.id, 'noFolders'),
                t('You have no folders here. Ask an administrator to assign you to one.'),
                'info',
              ),
            ]),
      ];
    } catch (error) {
      return [failures, this.tenant, errorRow(this, error, t('folders'), this.connection.label)];
    }
  }

  async loadMore(): Promise<undefined> {
    await this.folders.more();
    this.host.changed(this);
  }

  reset(): void {
    this.folders.reset();
    this.tenant.reset();
    this.failures?.reset();
  }
}
