import * as vscode from 'vscode';
import { OrchestratorError } from '../../core/http/errors';
import type { QueueItem } from '../../core/orchestrator/schemas';
import { plainText } from '../../core/presentation/plainText';
import { RowIds } from '../../core/rows/rowIds';
import {
  parseQueueItemFromWebview,
  parseQueueItemToWebview,
  type QueueItemAction,
  type QueueItemFromWebview,
  type QueueItemIdentity,
  type QueueItemToWebview,
} from '../../shared/protocol/queueItem';
import type { Services } from '../services';
import { guardChange } from '../guards/guardChange';
import { queueItemDetails, queueItemEvents } from '../presentation/queueItemDetails';
import { messageOf, ServicePanel, type ServicePanelDeps } from './servicePanel';
import { t } from '../../core/l10n';

/** What this needs from the extension's context, and nothing more. */
export type QueueItemPanelDeps = ServicePanelDeps & Pick<Services, 'clientFor' | 'explorer' | 'input' | 'panels'>;

/** Names the panel can show without asking again (the tree row knows them). */
export interface QueueItemHints {
  queueName?: string;
  folderName?: string;
}

const NO_DELETE = t('You may not delete queue items in this folder (it needs the Transactions.Delete permission).');

/**
 * Whether the caller may delete queue items. Permissions that could not be read leave the decision to the service
 * (it answers 403, after which Delete is no longer offered).
 */
const mayDelete = (granted: ReadonlySet<string> | undefined) =>
  granted === undefined || granted.has('Transactions.Delete');

/**
 * Details of one queue item: every field of the spec's table and the item's history, with Refresh, Copy as JSON, Open
 * Ancestor and Delete. One panel per item; it keeps only the item's identity, so a reload fetches everything again.
 */
export class QueueItemPanel extends ServicePanel<QueueItemFromWebview, QueueItemToWebview, QueueItemIdentity> {
  private item: QueueItem | undefined;
  /** The service refused us deleting in this folder (403): Delete is no longer offered. */
  private deleteRefused = false;
  /** The caller's granted permissions, read once per panel (undefined when they could not be read). */
  private granted: Promise<ReadonlySet<string> | undefined> | undefined;

  constructor(
    private readonly ctx: QueueItemPanelDeps,
    panel: vscode.WebviewPanel,
    identity: QueueItemIdentity,
    private hints: QueueItemHints,
    onDispose: () => void,
  ) {
    super(
      ctx,
      panel,
      identity,
      {
        name: t('queue item'),
        bundle: 'queueItem',
        parseIncoming: parseQueueItemFromWebview,
        parseOutgoing: parseQueueItemToWebview,
        isContent: (m) => m.type === 'show' || m.type === 'failed',
        failed: (identity, message) => ({ type: 'failed', identity, message }),
      },
      onDispose,
    );
    void this.load();
  }

  /**
   * Fetches the item and its history (two requests; the queue's and folder's names and the caller's permissions once
   * per panel, when not known).
   */
  protected async fetch(): Promise<void> {
    this.host.post({ type: 'loading' });
    try {
      const connection = this.connection();
      const client = this.ctx.clientFor(connection);
      const folder = { id: this.identity.folderId };
      this.granted ??= client.users.permissions({ folder }).then(
        (page) => new Set(page.items.filter((p) => p.IsGranted).map((p) => p.Name)),
        () => undefined,
      );
      const [item, history, folderName, granted] = await Promise.all([
        client.queues.items.get(this.identity.itemId, { folder }),
        client.queues.itemHistory(this.identity.itemId, { folder }).then(
          (page) => ({ events: page.items }),
          (error: unknown) => ({ problem: t('The history could not be read: {0}', messageOf(error)) }),
        ),
        this.hints.folderName ??
          client.folders.get(this.identity.folderId).then(
            (f) => f.FullyQualifiedName,
            () => undefined,
          ),
        this.granted,
      ]);
      const queueName =
        this.hints.queueName ??
        (await client.queues.get(item.QueueDefinitionId, { folder }).then(
          (q) => q.Name,
          () => undefined,
        ));
      this.hints = { queueName, folderName };
      this.item = item;
      this.panel.title = t('Queue Item: {0}', plainText(item.Reference ?? item.Id, { maxLength: 100 }));
      this.host.post({
        type: 'show',
        identity: this.identity,
        item: queueItemDetails(item, { queueName, folderName }),
        events: 'events' in history ? queueItemEvents(history.events) : [],
        eventsProblem: 'problem' in history ? history.problem : undefined,
        canDelete: item.Status === 'New' && !this.deleteRefused && mayDelete(granted),
        readOnly: connection.protection === 'readOnly',
      });
    } catch (error) {
      this.fail(error, t('Queue item {0} no longer exists in this folder.', this.identity.itemId), (message) =>
        t('The queue item could not be loaded: {0}', message),
      );
    }
  }

  protected async onMessage(message: Exclude<QueueItemFromWebview, { type: 'ready' }>): Promise<void> {
    let reply: { ok: boolean; message?: string };
    try {
      reply = await this.run(message.action);
    } catch (error) {
      reply = error instanceof vscode.CancellationError ? { ok: false } : { ok: false, message: messageOf(error) };
    }
    this.host.post({ type: 'reply', id: message.id, ...reply });
  }

  private async run(action: QueueItemAction): Promise<{ ok: boolean; message?: string }> {
    switch (action) {
      case 'refresh':
        await this.load();
        return { ok: true };
      case 'copyJson':
        if (!this.item) return { ok: false, message: t('The item is not loaded yet.') };
        await vscode.env.clipboard.writeText(JSON.stringify(this.item, null, 2));
        return { ok: true, message: t('Copied the item as JSON.') };
      case 'openAncestor': {
        const ancestorId = this.item?.AncestorId;
        if (!ancestorId) return { ok: false, message: t('This item is not a retry: it has no ancestor.') };
        await this.ctx.panels.showQueueItem({ ...this.identity, itemId: ancestorId }, this.hints);
        return { ok: true };
      }
      case 'delete':
        return this.delete();
    }
  }

  private async delete(): Promise<{ ok: boolean; message?: string }> {
    const item = this.item;
    if (!item) return { ok: false, message: t('The item is not loaded yet.') };
    // The page offers Delete only when allowed; a request for it anyway is answered before any question.
    if (this.deleteRefused || !mayDelete(await this.granted)) return { ok: false, message: NO_DELETE };
    const connection = this.connection();
    const name = item.Reference ? t("queue item '{0}'", item.Reference) : t('queue item {0}', item.Id);
    await guardChange(this.ctx, connection, {
      what: t('Delete {0}', name),
      detail: t('The item is marked Deleted and no robot will process it. This cannot be undone.'),
      action: t('Delete'),
      alwaysConfirm: true,
    });
    try {
      await this.ctx.clientFor(connection).queues.items.delete(item.Id, { folder: { id: this.identity.folderId } });
    } catch (error) {
      if (error instanceof OrchestratorError && error.status === 403) {
        this.deleteRefused = true;
        void this.load();
        return { ok: false, message: `${NO_DELETE} ${error.message}` };
      }
      if (error instanceof OrchestratorError && error.status === 409) {
        void this.load();
        return { ok: false, message: t('Not deleted: {0} Only New items can be deleted.', error.message) };
      }
      throw error;
    }
    this.ctx.explorer.refreshRows(RowIds.queue(connection.id, this.identity.folderId, item.QueueDefinitionId));
    await this.load();
    return { ok: true, message: t('Deleted {0}.', name) };
  }
}
