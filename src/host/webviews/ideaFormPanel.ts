import * as vscode from 'vscode';
import { OrchestratorError } from '../../core/http/errors';
import type { Idea } from '../../core/ideas/schemas';
import { plainText } from '../../core/presentation/plainText';
import { changedValues, differsFromService, rawValuesOf, readForm } from '../../shared/ideaFormModel';
import {
  IDEA_FORM_LIMITS,
  parseIdeaFormFromWebview,
  parseIdeaFormToWebview,
  type IdeaFormFromWebview,
  type IdeaFormIdentity,
  type IdeaFormToWebview,
  type RawValues,
} from '../../shared/protocol/ideaForm';
import type { Services } from '../services';
import { guardChange } from '../guards/guardChange';
import { Stored } from '../storedState';
import { summaryOf, within } from './ideaFormContent';
import { loadIdeaForm, type LoadedIdeaForm } from './ideaFormLoad';
import { messageOf, ServicePanel, type ServicePanelDeps } from './servicePanel';
import { t } from '../../core/l10n';
import { draftKey } from './panelKeys';
import { errorMessage } from '../../core/errorMessage';

/** What this needs from the extension's context, and nothing more. */
export type IdeaFormPanelDeps = ServicePanelDeps & Pick<Services, 'ideas' | 'ideasClientFor' | 'input' | 'state'>;

/** What the panels' owner hears of an idea form: it became the panel of another idea (submitted), it closed. */
export interface IdeaFormEvents {
  onIdentity: (before: IdeaFormIdentity) => void;
  onDispose: () => void;
}

/**
 * Submit Idea… (a new idea from GET /idea-schema) and Show Idea (an automation's schema view, PATCHed with what
 * changed). What the user types is kept as a draft in the workspace, so reloading the window or the panel loses
 * nothing; the draft goes once the idea is sent. A draft is only what differs from the service's values: the page
 * may post the values it shows, and an idea nobody edited must not open with "Your unsent changes were restored".
 */
export class IdeaFormPanel extends ServicePanel<IdeaFormFromWebview, IdeaFormToWebview, IdeaFormIdentity> {
  private loaded: LoadedIdeaForm | undefined;
  /** A submit is on its way: a draft the page posts meanwhile is what is being sent, not a draft. */
  private submitting = false;

  constructor(
    private readonly ctx: IdeaFormPanelDeps,
    panel: vscode.WebviewPanel,
    identity: IdeaFormIdentity,
    private hint: Idea | undefined,
    private readonly events: IdeaFormEvents,
  ) {
    super(
      ctx,
      panel,
      identity,
      {
        name: t('idea form'),
        bundle: 'ideaForm',
        parseIncoming: parseIdeaFormFromWebview,
        parseOutgoing: parseIdeaFormToWebview,
        isContent: (m) => m.type === 'form' || m.type === 'failed',
        failed: (identity, message) => ({ type: 'failed', identity, message }),
      },
      {
        onDispose: events.onDispose,
        // A page that loads again (the panel was hidden) gets the form with the latest draft, not the values first posted.
        reshow: () => this.loaded !== undefined && this.host.current?.type === 'form' && (this.showForm(), true),
      },
    );
    void this.load();
  }

  private drafts(): Record<string, RawValues> {
    return this.ctx.state.get(Stored.ideaDrafts);
  }

  draft(): RawValues | undefined {
    return this.drafts()[draftKey(this.identity)];
  }

  private async saveDraft(values: RawValues | undefined, key = draftKey(this.identity)): Promise<void> {
    const drafts = { ...this.drafts() };
    if (values) drafts[key] = values;
    else if (key in drafts) delete drafts[key];
    else return;
    await this.ctx.state.update(Stored.ideaDrafts, drafts);
  }

  /** Keeps typed values as the draft, or drops the draft when they are what the service holds. */
  private keepDraft(values: RawValues): Promise<void> {
    const loaded = this.loaded;
    return this.saveDraft(!loaded || differsFromService(loaded.fields, loaded.baseline, values) ? values : undefined);
  }

  /**
   * A command changed the idea (its status, tags, collaborators or documents): read it again, keeping the draft.
   * `idea` is what the service answered, when the command has it (the list of ideas is not searched then).
   */
  async changedElsewhere(idea?: Partial<Idea>): Promise<void> {
    if (this.hint && idea) this.hint = { ...this.hint, ...idea };
    // A load that started before the change may hold the old idea: this one starts after it.
    await this.reload();
  }

  /** The form (and the idea's values), the categories and the first 100 users, in parallel. */
  protected async fetch(): Promise<void> {
    this.host.post({ type: 'loading' });
    try {
      const client = await this.ctx.ideasClientFor(this.connection());
      this.loaded = await loadIdeaForm(client, this.identity.automationId, this.hint);
      const idea = this.loaded.idea;
      this.panel.title = idea ? t('Idea: {0}', plainText(idea.name, { maxLength: 100 })) : t('Submit Idea');
      this.showForm();
    } catch (error) {
      const notFound = error instanceof OrchestratorError && error.status === 404;
      this.host.post({
        type: 'failed',
        identity: this.identity,
        message: notFound
          ? t('Automation {0} no longer exists.', String(this.identity.automationId))
          : t('The form could not be loaded: {0}', messageOf(error)),
      });
    }
  }

  private showForm(values?: RawValues): void {
    const loaded = this.loaded!;
    const stored = values ? undefined : this.draft();
    const draft = stored && differsFromService(loaded.fields, loaded.baseline, stored) ? stored : undefined;
    if (stored && !draft) void this.saveDraft(undefined);
    this.host.post({
      type: 'form',
      identity: this.identity,
      title: within(loaded.idea ? loaded.idea.name : loaded.schema.title, IDEA_FORM_LIMITS.label),
      fields: loaded.fields,
      lookups: loaded.lookups,
      values: values ?? draft ?? rawValuesOf(loaded.fields, loaded.baseline),
      draftRestored: draft !== undefined,
      idea: loaded.idea,
      readOnly: this.connection().protection === 'readOnly',
    });
  }

  protected async onMessage(message: Exclude<IdeaFormFromWebview, { type: 'ready' }>): Promise<void> {
    if (message.type === 'draft') {
      if (!this.submitting) await this.keepDraft(message.values);
      return;
    }
    let reply: Omit<Extract<IdeaFormToWebview, { type: 'reply' }>, 'type' | 'id'>;
    try {
      reply = message.type === 'submit' ? await this.submitOnce(message.values) : await this.request(message.action);
    } catch (error) {
      reply =
        error instanceof vscode.CancellationError
          ? { ok: false, message: t('Not sent.') }
          : {
              ok: false,
              message: messageOf(error),
              fieldErrors: error instanceof OrchestratorError ? error.fieldErrors : undefined,
            };
    }
    this.host.post({ type: 'reply', id: message.id, ...reply });
  }

  private async request(
    action: 'reload' | 'discardDraft' | 'revealInTree',
  ): Promise<{ ok: boolean; message?: string }> {
    switch (action) {
      case 'reload':
        await this.load();
        return { ok: true };
      case 'discardDraft':
        await this.saveDraft(undefined);
        if (this.loaded) this.showForm();
        return { ok: true };
      case 'revealInTree': {
        const id = this.identity.automationId;
        if (id === undefined) return { ok: false, message: t('Submit the idea first.') };
        return (await this.ctx.ideas.revealIdea(this.identity.connectionId, id))
          ? { ok: true }
          : {
              ok: false,
              message: t(
                'The idea is not on the first page of All Automations; filter that list by its name to find it.',
              ),
            };
      }
    }
  }

  private async submitOnce(raw: RawValues): ReturnType<IdeaFormPanel['submit']> {
    if (this.submitting) return { ok: false, message: t('Already sending: wait for the answer.') };
    this.submitting = true;
    try {
      return await this.submit(raw);
    } finally {
      this.submitting = false;
    }
  }

  /** Checked here again (the webview is not trusted), then sent once; the service's field errors go back to their fields. */
  private async submit(
    raw: RawValues,
  ): Promise<{ ok: boolean; message?: string; fieldErrors?: { field: string; message: string }[] }> {
    const loaded = this.loaded;
    if (!loaded) return { ok: false, message: t('The form is not loaded yet.') };
    await this.keepDraft(raw);
    const { values, problems } = readForm(loaded.fields, raw, loaded.lookups);
    if (problems.length > 0)
      return {
        ok: false,
        message: t('Fix {0} field{1} before submitting.', problems.length, problems.length === 1 ? '' : 's'),
        fieldErrors: problems,
      };
    const connection = this.connection();
    const client = await this.ctx.ideasClientFor(connection);
    const id = this.identity.automationId;
    if (id === undefined) {
      await guardChange(this.ctx, connection, {
        what: t("Submit the idea '{0}'", String(values.name ?? '')),
        detail: t('The idea is sent to the idea service.'),
        action: t('Submit'),
      });
      const idea = await this.send(() => client.submit(loaded.schema, values));
      const before = this.identity;
      this.identity = { connectionId: before.connectionId, automationId: idea.id };
      this.hint = idea;
      // The submit form's draft went with the idea: the next Submit Idea… starts empty.
      await this.saveDraft(undefined, draftKey(before));
      this.events.onIdentity(before);
      this.ctx.ideas.refreshConnection(connection.id);
      await this.load();
      this.host.post({ type: 'submitted', idea: summaryOf(idea), created: true });
      this.ctx.ideas.revealIdea(connection.id, idea.id).then(
        (found) =>
          found ||
          this.ctx.log.info(
            `The new idea ${idea.id} is not on the first page of All Automations: not selected in the Ideas view.`,
          ),
        (error: unknown) =>
          this.ctx.log.warn(`Could not select the new idea in the Ideas view: ${errorMessage(error)}`),
      );
      return { ok: true };
    }
    const changed = changedValues(loaded.fields, loaded.baseline, values);
    if (Object.keys(changed).length === 0)
      return { ok: false, message: t('Nothing changed: there is nothing to save.') };
    await guardChange(this.ctx, connection, {
      what: t("Save changes to '{0}'", loaded.idea?.name ?? id),
      detail: t('Changes {0}.', Object.keys(changed).join(', ')),
      action: t('Save'),
    });
    const idea = await this.send(() => client.updateIdea(id, changed));
    await this.saveDraft(undefined);
    this.hint = idea;
    this.ctx.ideas.refreshConnection(connection.id);
    await this.load();
    this.host.post({ type: 'submitted', idea: summaryOf(idea), created: false });
    return { ok: true };
  }

  /** A stale form (409) is explained: reload it, the draft stays. */
  private async send(call: () => Promise<Idea>): Promise<Idea> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof OrchestratorError && error.status === 409)
        throw new Error(t('{0} Your values are kept as a draft: choose Reload Form.', error.message), { cause: error });
      throw error;
    }
  }
}
