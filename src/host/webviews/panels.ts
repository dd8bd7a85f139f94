import * as vscode from 'vscode';
import type * as z from 'zod/mini';
import type { Idea } from '../../core/ideas/schemas';
import type { IdeaFormIdentity } from '../../shared/protocol/ideaForm';
import type { QueueItemIdentity } from '../../shared/protocol/queueItem';
import type { Services } from '../services';
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
  Services,
  | 'accountFor'
  | 'active'
  | 'clientFor'
  | 'commands'
  | 'connections'
  | 'explorer'
  | 'extension'
  | 'ideas'
  | 'ideasClientFor'
  | 'input'
  | 'jobs'
  | 'log'
  | 'panels'
  | 'ready'
  | 'state'
  | 'tails'
>;

/** The panels' code loads with the first panel shown or restored: activation registers only their serializers. */
const panelCode = onFirstUse(() => import('./panelCode'));
type PanelCode = Awaited<ReturnType<typeof panelCode>>;

/** How one kind of panel is shown: its view type and title, whether an open one reloads, and how one is made. */
interface PanelShowing<P> {
  viewType: string;
  title: string;
  reload: boolean;
  make: (code: PanelCode, panel: vscode.WebviewPanel) => P;
}

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
    this.restoring(
      QUEUE_ITEM_VIEW_TYPE,
      (code) => code.queueItemIdentity,
      this.queueItems,
      queueItemKey,
      (c, p, i) => this.makeQueueItem(c, p, i, {}),
    );
    this.restoring(
      JOB_VIEW_TYPE,
      (code) => code.jobPanelIdentity,
      this.jobPanels,
      jobKey,
      (c, p, i) => this.makeJob(c, p, i),
    );
    this.restoring(
      IDEA_FORM_VIEW_TYPE,
      (code) => code.ideaFormIdentity,
      this.ideaForms,
      draftKey,
      (c, p, i) => this.makeIdeaForm(c, p, i, undefined),
    );
  }

  /**
   * A serializer for one kind of panel: the state the webview kept is validated like any message (a bad one closes
   * the panel), and the restored panel is kept unless the panels are disposed or a command showed the same entity
   * while the panels' code was loading (one panel per entity: the restored one closes). A panel is made only once the
   * stored sign-ins are loaded: after a reload the editor restores panels as the extension activates, and a panel made
   * earlier read its entity as if signed out ("You are not signed in").
   */
  private restoring<I, P>(
    viewType: string,
    schemaOf: (code: PanelCode) => z.ZodMiniType<I>,
    open: Map<string, P>,
    keyOf: (identity: I) => string,
    make: (code: PanelCode, panel: vscode.WebviewPanel, identity: I) => P,
  ): void {
    const deserializeWebviewPanel = async (panel: vscode.WebviewPanel, state: unknown) => {
      const code = await panelCode();
      await this.ctx.ready;
      const parsed = code.parseMessage(schemaOf(code), state);
      if (!parsed.ok) this.ctx.log.warn(`Not restoring a ${panel.viewType} panel: ${parsed.problem}`);
      if (!parsed.ok || this.disposed || open.has(keyOf(parsed.message))) return panel.dispose();
      open.set(keyOf(parsed.message), make(code, panel, parsed.message));
    };
    this.disposables.push(vscode.window.registerWebviewPanelSerializer(viewType, { deserializeWebviewPanel }));
  }

  /**
   * Shows an entity's panel, or reveals (and, with `reload`, reloads) the one open; nothing is awaited between looking
   * for it and keeping it (no two panels).
   */
  private async show<P extends { panel: vscode.WebviewPanel; load(): Promise<void> }>(
    open: Map<string, P>,
    key: string,
    { viewType, title, reload, make }: PanelShowing<P>,
  ): Promise<P> {
    const code = await panelCode();
    const shown = open.get(key);
    if (shown) {
      shown.panel.reveal();
      if (reload) void shown.load();
      return shown;
    }
    const options = code.panelOptions(this.ctx.extension.extensionUri);
    const created = make(code, vscode.window.createWebviewPanel(viewType, title, vscode.ViewColumn.Active, options));
    open.set(key, created);
    return created;
  }

  showQueueItem(identity: QueueItemIdentity, hints: QueueItemHints = {}): Promise<QueueItemPanel> {
    didFirstStep(FirstStep.openedQueueItem);
    const title = t('Queue Item {0}', identity.itemId);
    return this.show(this.queueItems, queueItemKey(identity), {
      viewType: QUEUE_ITEM_VIEW_TYPE,
      title,
      reload: true,
      make: (code, panel) => this.makeQueueItem(code, panel, identity, hints),
    });
  }

  showJob(identity: JobPanelIdentity, title?: string): Promise<JobPanel> {
    return this.show(this.jobPanels, jobKey(identity), {
      viewType: JOB_VIEW_TYPE,
      title: title ? t('Job: {0}', title) : t('Job'),
      reload: true,
      make: (code, panel) => this.makeJob(code, panel, identity),
    });
  }

  showIdeaForm(identity: IdeaFormIdentity, hint?: Idea): Promise<IdeaFormPanel> {
    const title = hint
      ? t('Idea: {0}', hint.name)
      : identity.automationId !== undefined
        ? t('Idea {0}', identity.automationId)
        : t('Submit Idea');
    return this.show(this.ideaForms, draftKey(identity), {
      viewType: IDEA_FORM_VIEW_TYPE,
      title,
      reload: false,
      make: (code, panel) => this.makeIdeaForm(code, panel, identity, hint),
    });
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
