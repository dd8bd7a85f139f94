import * as vscode from 'vscode';
import type { Idea } from '../../core/ideas/schemas';
import { parseMessage } from '../../shared/protocol/common';
import { ideaFormIdentity, type IdeaFormIdentity } from '../../shared/protocol/ideaForm';
import { queueItemIdentity, type QueueItemIdentity } from '../../shared/protocol/queueItem';
import type { Ctx } from '../../ctx';
import { draftKey, IDEA_FORM_VIEW_TYPE, IdeaFormPanel } from './ideaFormPanel';
import { panelOptions } from './panelHtml';
import { QUEUE_ITEM_VIEW_TYPE, QueueItemPanel, type QueueItemHints } from './queueItemPanel';
import { didFirstStep, FirstStep } from '../firstSteps';
import { t } from '../../core/l10n';

/** What this needs from the extension's context, and nothing more. */
export type PanelsDeps = Pick<
  Ctx,
  | 'clientFor'
  | 'connections'
  | 'explorer'
  | 'extension'
  | 'ideas'
  | 'ideasClientFor'
  | 'input'
  | 'log'
  | 'panels'
  | 'state'
>;

const queueItemKey = (identity: QueueItemIdentity) =>
  `${identity.connectionId}/${identity.folderId}/${identity.itemId}`;

/**
 * The open panels, one per entity (a queue item; a new idea or an automation per connection): showing an entity again
 * reveals its panel. Serializers bring panels back after a reload from the identity the webview kept.
 */
export class Panels implements vscode.Disposable {
  private readonly queueItems = new Map<string, QueueItemPanel>();
  private readonly ideaForms = new Map<string, IdeaFormPanel>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: PanelsDeps) {
    this.disposables.push(
      vscode.window.registerWebviewPanelSerializer(QUEUE_ITEM_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, state) => {
          const identity = this.restored(queueItemIdentity, state, panel);
          if (identity) this.queueItems.set(queueItemKey(identity), this.makeQueueItem(panel, identity, {}));
        },
      }),
      vscode.window.registerWebviewPanelSerializer(IDEA_FORM_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, state) => {
          const identity = this.restored(ideaFormIdentity, state, panel);
          if (identity) this.ideaForms.set(draftKey(identity), this.makeIdeaForm(panel, identity, undefined));
        },
      }),
    );
  }

  /** A restored panel's state is validated like any message; a bad one closes the panel. */
  private restored<T extends Parameters<typeof parseMessage>[0]>(
    schema: T,
    state: unknown,
    panel: vscode.WebviewPanel,
  ) {
    const parsed = parseMessage(schema, state);
    if (parsed.ok) return parsed.message;
    this.ctx.log.warn(`Not restoring a ${panel.viewType} panel: ${parsed.problem}`);
    panel.dispose();
    return undefined;
  }

  showQueueItem(identity: QueueItemIdentity, hints: QueueItemHints = {}): QueueItemPanel {
    didFirstStep(FirstStep.openedQueueItem);
    const key = queueItemKey(identity);
    const open = this.queueItems.get(key);
    if (open) {
      open.panel.reveal();
      void open.load();
      return open;
    }
    const panel = vscode.window.createWebviewPanel(
      QUEUE_ITEM_VIEW_TYPE,
      t('Queue Item {0}', identity.itemId),
      vscode.ViewColumn.Active,
      panelOptions(this.ctx.extension.extensionUri),
    );
    const created = this.makeQueueItem(panel, identity, hints);
    this.queueItems.set(key, created);
    return created;
  }

  showIdeaForm(identity: IdeaFormIdentity, hint?: Idea): IdeaFormPanel {
    const open = this.ideaForms.get(draftKey(identity));
    if (open) {
      open.panel.reveal();
      return open;
    }
    const panel = vscode.window.createWebviewPanel(
      IDEA_FORM_VIEW_TYPE,
      hint ? `Idea: ${hint.name}` : t('Submit Idea'),
      vscode.ViewColumn.Active,
      panelOptions(this.ctx.extension.extensionUri),
    );
    const created = this.makeIdeaForm(panel, identity, hint);
    this.ideaForms.set(draftKey(identity), created);
    return created;
  }

  /**
   * Closes every panel of a connection (its account signed out): they show the account's data, and a panel left
   * open would keep showing it. An idea form's unsent values stay as its draft for the next time.
   */
  closeConnection(connectionId: string): number {
    const panels = [...this.queueItems.values(), ...this.ideaForms.values()].filter(
      (p) => p.identity.connectionId === connectionId,
    );
    for (const panel of panels) panel.dispose();
    return panels.length;
  }

  /**
   * A command changed an idea: its open panel (if any) reads it again, so it never shows what the tree no longer
   * does. `idea` is the idea as the service answered, when the command has it.
   */
  async ideaChanged(connectionId: string, automationId: number, idea?: Partial<Idea>): Promise<void> {
    await this.ideaForms.get(draftKey({ connectionId, automationId }))?.changedElsewhere(idea);
  }

  /** The open panel of an entity (tests drive panels through these). */
  queueItem(identity: QueueItemIdentity): QueueItemPanel | undefined {
    return this.queueItems.get(queueItemKey(identity));
  }

  ideaForm(identity: IdeaFormIdentity): IdeaFormPanel | undefined {
    return this.ideaForms.get(draftKey(identity));
  }

  private makeQueueItem(
    panel: vscode.WebviewPanel,
    identity: QueueItemIdentity,
    hints: QueueItemHints,
  ): QueueItemPanel {
    const key = queueItemKey(identity);
    const created: QueueItemPanel = new QueueItemPanel(this.ctx, panel, identity, hints, () => {
      if (this.queueItems.get(key) === created) this.queueItems.delete(key);
    });
    return created;
  }

  private makeIdeaForm(panel: vscode.WebviewPanel, identity: IdeaFormIdentity, hint: Idea | undefined): IdeaFormPanel {
    const created: IdeaFormPanel = new IdeaFormPanel(
      this.ctx,
      panel,
      identity,
      hint,
      (before) => {
        // A submitted idea becomes the panel of that automation.
        if (this.ideaForms.get(draftKey(before)) === created) this.ideaForms.delete(draftKey(before));
        this.ideaForms.set(draftKey(created.identity), created);
      },
      () => {
        if (this.ideaForms.get(draftKey(created.identity)) === created)
          this.ideaForms.delete(draftKey(created.identity));
      },
    );
    return created;
  }

  dispose(): void {
    for (const panel of [...this.queueItems.values(), ...this.ideaForms.values()]) panel.dispose();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}
