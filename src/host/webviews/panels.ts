import * as vscode from 'vscode';
import type { Idea } from '../../core/ideas/schemas';
import type { IdeaFormIdentity } from '../../shared/protocol/ideaForm';
import type { QueueItemIdentity } from '../../shared/protocol/queueItem';
import type { Ctx } from '../../ctx';
import type { IdeaFormPanel } from './ideaFormPanel';
import type { JobPanel } from './jobPanel';
import type { JobPanelIdentity } from '../../shared/protocol/jobPanel';
import type { QueueItemPanel, QueueItemHints } from './queueItemPanel';
import { draftKey, IDEA_FORM_VIEW_TYPE, JOB_VIEW_TYPE, jobKey, QUEUE_ITEM_VIEW_TYPE, queueItemKey } from './panelKeys';
import { didFirstStep, FirstStep } from '../firstSteps';
import { t } from '../../core/l10n';
import { onFirstUse } from '../../core/onFirstUse';

/** What this needs from the extension's context, and nothing more. */
export type PanelsDeps = Pick<
  Ctx,
  | 'accountFor'
  | 'active'
  | 'clientFor'
  | 'connections'
  | 'explorer'
  | 'extension'
  | 'ideas'
  | 'ideasClientFor'
  | 'input'
  | 'jobs'
  | 'log'
  | 'panels'
  | 'state'
  | 'tails'
>;

/** The panels' code loads with the first panel shown or restored: activation registers only their serializers. */
const panelCode = onFirstUse(() => import('./panelCode'));
type PanelCode = Awaited<ReturnType<typeof panelCode>>;

/**
 * The open panels, one per entity (a queue item; a new idea or an automation per connection): showing an entity again
 * reveals its panel. Serializers bring panels back after a reload from the identity the webview kept.
 */
export class Panels implements vscode.Disposable {
  private readonly queueItems = new Map<string, QueueItemPanel>();
  private readonly ideaForms = new Map<string, IdeaFormPanel>();
  private readonly jobPanels = new Map<string, JobPanel>();
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  constructor(private readonly ctx: PanelsDeps) {
    this.disposables.push(
      vscode.window.registerWebviewPanelSerializer(QUEUE_ITEM_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, state) => {
          const code = await panelCode();
          const identity = this.restored(code, code.queueItemIdentity, state, panel);
          if (identity && this.keep(panel, this.queueItems, queueItemKey(identity)))
            this.queueItems.set(queueItemKey(identity), this.makeQueueItem(code, panel, identity, {}));
        },
      }),
      vscode.window.registerWebviewPanelSerializer(JOB_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, state) => {
          const code = await panelCode();
          const identity = this.restored(code, code.jobPanelIdentity, state, panel);
          if (identity && this.keep(panel, this.jobPanels, jobKey(identity)))
            this.jobPanels.set(jobKey(identity), this.makeJob(code, panel, identity));
        },
      }),
      vscode.window.registerWebviewPanelSerializer(IDEA_FORM_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, state) => {
          const code = await panelCode();
          const identity = this.restored(code, code.ideaFormIdentity, state, panel);
          if (identity && this.keep(panel, this.ideaForms, draftKey(identity)))
            this.ideaForms.set(draftKey(identity), this.makeIdeaForm(code, panel, identity, undefined));
        },
      }),
    );
  }

  /**
   * Whether a restored panel is kept: not once the panels are disposed, nor when a command showed the same entity
   * while the panels' code was loading (one panel per entity: the restored one closes).
   */
  private keep(panel: vscode.WebviewPanel, open: ReadonlyMap<string, unknown>, key: string): boolean {
    if (!this.disposed && !open.has(key)) return true;
    panel.dispose();
    return false;
  }

  /** A restored panel's state is validated like any message; a bad one closes the panel. */
  private restored<T extends Parameters<PanelCode['parseMessage']>[0]>(
    code: PanelCode,
    schema: T,
    state: unknown,
    panel: vscode.WebviewPanel,
  ) {
    const parsed = code.parseMessage(schema, state);
    if (parsed.ok) return parsed.message;
    this.ctx.log.warn(`Not restoring a ${panel.viewType} panel: ${parsed.problem}`);
    panel.dispose();
    return undefined;
  }

  /** Shows the queue item's panel; nothing is awaited between looking for it and keeping it (no two panels). */
  async showQueueItem(identity: QueueItemIdentity, hints: QueueItemHints = {}): Promise<QueueItemPanel> {
    didFirstStep(FirstStep.openedQueueItem);
    const code = await panelCode();
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
      code.panelOptions(this.ctx.extension.extensionUri),
    );
    const created = this.makeQueueItem(code, panel, identity, hints);
    this.queueItems.set(key, created);
    return created;
  }

  /** Shows the job's panel; nothing is awaited between looking for it and keeping it (no two panels). */
  async showJob(identity: JobPanelIdentity, title?: string): Promise<JobPanel> {
    const code = await panelCode();
    const key = jobKey(identity);
    const open = this.jobPanels.get(key);
    if (open) {
      open.panel.reveal();
      void open.load();
      return open;
    }
    const panel = vscode.window.createWebviewPanel(
      JOB_VIEW_TYPE,
      title ? t('Job: {0}', title) : t('Job'),
      vscode.ViewColumn.Active,
      code.panelOptions(this.ctx.extension.extensionUri),
    );
    const created = this.makeJob(code, panel, identity);
    this.jobPanels.set(key, created);
    return created;
  }

  /** Shows the idea's form; nothing is awaited between looking for it and keeping it (no two panels). */
  async showIdeaForm(identity: IdeaFormIdentity, hint?: Idea): Promise<IdeaFormPanel> {
    const code = await panelCode();
    const open = this.ideaForms.get(draftKey(identity));
    if (open) {
      open.panel.reveal();
      return open;
    }
    const panel = vscode.window.createWebviewPanel(
      IDEA_FORM_VIEW_TYPE,
      hint ? t('Idea: {0}', hint.name) : t('Submit Idea'),
      vscode.ViewColumn.Active,
      code.panelOptions(this.ctx.extension.extensionUri),
    );
    const created = this.makeIdeaForm(code, panel, identity, hint);
    this.ideaForms.set(draftKey(identity), created);
    return created;
  }

  /**
   * Closes every panel of a connection (its account signed out): they show the account's data, and a panel left
   * open would keep showing it. An idea form's unsent values stay as its draft for the next time.
   */
  closeConnection(connectionId: string): number {
    const panels = [...this.queueItems.values(), ...this.ideaForms.values(), ...this.jobPanels.values()].filter(
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

  jobPanel(identity: JobPanelIdentity): JobPanel | undefined {
    return this.jobPanels.get(jobKey(identity));
  }

  ideaForm(identity: IdeaFormIdentity): IdeaFormPanel | undefined {
    return this.ideaForms.get(draftKey(identity));
  }

  private makeQueueItem(
    code: PanelCode,
    panel: vscode.WebviewPanel,
    identity: QueueItemIdentity,
    hints: QueueItemHints,
  ): QueueItemPanel {
    const key = queueItemKey(identity);
    const created: QueueItemPanel = new code.QueueItemPanel(this.ctx, panel, identity, hints, {
      onDispose: () => {
        if (this.queueItems.get(key) === created) this.queueItems.delete(key);
      },
    });
    return created;
  }

  private makeJob(code: PanelCode, panel: vscode.WebviewPanel, identity: JobPanelIdentity): JobPanel {
    const key = jobKey(identity);
    const created: JobPanel = new code.JobPanel(this.ctx, panel, identity, {
      onDispose: () => {
        if (this.jobPanels.get(key) === created) this.jobPanels.delete(key);
      },
    });
    return created;
  }

  private makeIdeaForm(
    code: PanelCode,
    panel: vscode.WebviewPanel,
    identity: IdeaFormIdentity,
    hint: Idea | undefined,
  ): IdeaFormPanel {
    const created: IdeaFormPanel = new code.IdeaFormPanel(this.ctx, panel, identity, hint, {
      onIdentity: (before) => {
        // A submitted idea becomes the panel of that automation.
        if (this.ideaForms.get(draftKey(before)) === created) this.ideaForms.delete(draftKey(before));
        this.ideaForms.set(draftKey(created.identity), created);
      },
      onDispose: () => {
        if (this.ideaForms.get(draftKey(created.identity)) === created)
          this.ideaForms.delete(draftKey(created.identity));
      },
    });
    return created;
  }

  dispose(): void {
    this.disposed = true;
    for (const panel of [...this.queueItems.values(), ...this.ideaForms.values(), ...this.jobPanels.values()])
      panel.dispose();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}
