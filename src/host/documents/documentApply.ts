import * as vscode from 'vscode';
import type { Services } from '../services';
import { describeChanges } from '../../core/documents/documentChanges';
import {
  parsePackageArguments,
  parseReleaseInput,
  problemMessages,
  sameJson,
} from '../../core/documents/argumentsDocument';
import { isArgumentsRefusal } from '../../core/documents/refusals';
import { isOutcomeUnknown, unknownOutcomeReason } from '../../core/http/errors';
import type { ArgumentEntry } from '../../core/orchestrator/schemas';
import { RowIds } from '../../core/rows/rowIds';
import { guardChange } from '../guards/guardChange';
import { titleOf } from './orchestratorFileSystem';
import { t } from '../../core/l10n';
import { confirmed } from '../guards/confirmed';
import { errorMessage } from '../../core/errorMessage';

/** The service's copy changed since the draft was started: nothing was sent, the draft now starts from that copy. */
export class ApplyConflict extends Error {}

/** Lines of the change list shown in the confirmation; the rest are counted. */
const MAX_LISTED_CHANGES = 15;

/**
 * Saving sends nothing: it keeps the draft this command then applies. save() answers false when the editor's auto-save
 * stored the document between the check and the call (or just before, and this side has not heard yet); the editor
 * says so a moment later. Only text still unsaved once it has (a bounded wait) stops Apply.
 */
export async function saveIfDirty(
  document: Pick<vscode.TextDocument, 'isDirty' | 'save'> | undefined,
  settleMs = 2_000,
): Promise<void> {
  if (!document?.isDirty || (await document.save())) return;
  for (let waited = 0; document.isDirty && waited < settleMs; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  if (document.isDirty)
    throw new Error(t('Not applied: the document could not be saved as a draft. Your text is still in the editor.'));
}

/**
 * Apply to Service: the one way an `orchestrator:` document reaches the service. The draft is checked, compared with
 * what the service holds now (a change made there meanwhile is shown side by side, never overwritten unseen), the
 * changes are listed for the user to confirm, and one request is sent — never repeated. Returns what happened.
 */
export async function applyDraft(
  ctx: Pick<Services, 'clientFor' | 'connections' | 'documents' | 'explorer' | 'input' | 'log'>,
  uri: vscode.Uri,
  progress: (title: string) => void = () => undefined,
): Promise<string> {
  const documents = ctx.documents;
  const { target, server, connection } = documents.resolve(uri);
  if (server || target.kind === 'jobOutput')
    throw new Error(t('This document is not applied to the service: it only shows what the service holds.'));
  const reason = documents.readOnlyReason(uri);
  if (reason) throw new Error(t('Not applied. {0}', reason));
  await saveIfDirty(vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()));
  const draft = documents.drafts.get(uri);
  let title = titleOf(target);
  if (!draft) return t('Nothing to apply: you have not changed {0}.', title);

  // 1. Checked before anything is sent.
  progress(t('Reading {0} from the service…', title));
  const current = await documents.fetch(target, connection);
  // Every message from here names what the service holds, never a label an address can forge.
  title = current.title ?? title;
  const declared: ArgumentEntry[] = current.declared ?? documents.declaredOf(uri) ?? [];
  const parsed =
    target.kind === 'packageArguments' ? parsePackageArguments(draft.text) : parseReleaseInput(draft.text, declared);
  if (!parsed.ok)
    throw new Error(
      t(
        'Not applied: {0} The problems are marked in the document; your draft is kept.',
        problemMessages(parsed.problems),
      ),
    );

  // 2. The service must still hold what the draft started from; otherwise show both and let the user merge.
  if (!sameJson(current.text, draft.base)) {
    if (sameJson(current.text, draft.text)) {
      await documents.drafts.delete(uri);
      documents.serviceHolds(uri, current.text, current.declared);
      return t('Nothing to apply: the service already holds your values for {0}.', title);
    }
    // Seen now: applying again lists the changes against the service's new copy, confirms, and overwrites it.
    await documents.drafts.set(uri, { ...draft, base: current.text });
    documents.serviceHolds(uri, current.text, current.declared);
    throw new ApplyConflict(
      t(
        'Not applied: {0} changed on the service since you started editing. Compare the two, or Apply Again to overwrite it. Your draft is kept.',
        title,
      ),
    );
  }

  // 3. What will change, confirmed by the user: the explicit act that sends it.
  const changes = describeChanges(target.kind, current.text, draft.text);
  if (changes.length === 0) {
    await documents.drafts.delete(uri);
    return t('Nothing to apply: the service already holds these values for {0}.', title);
  }
  const listed = [
    ...changes.slice(0, MAX_LISTED_CHANGES),
    ...(changes.length > MAX_LISTED_CHANGES ? [t('…and {0} more', changes.length - MAX_LISTED_CHANGES)] : []),
  ];
  const consequence =
    target.kind === 'packageArguments'
      ? t('This replaces every declared argument of this package version.')
      : t('Jobs started from this process afterwards use these values.');
  await guardChange(ctx, connection, {
    what: t('Apply {0}', title),
    detail: consequence,
    action: t('Apply'),
    confirmed: true,
  });
  const question = t(
    'Apply {0} change{1} to {2} on {3}?',
    changes.length,
    changes.length === 1 ? '' : 's',
    title,
    connection.label,
  );
  if (
    !(await confirmed(ctx.input, {
      message: question,
      detail: `${listed.join('\n')}\n\n${consequence}`,
      actions: [t('Apply')],
      modal: true,
    }))
  )
    throw new vscode.CancellationError();

  // 4. One request, never re-sent.
  progress(t('Applying {0}…', title));
  const client = ctx.clientFor(connection);
  try {
    if (target.kind === 'packageArguments')
      await client.packages.setArguments(
        `${target.packageId}:${target.version}`,
        parsed.value as { Input: ArgumentEntry[]; Output: ArgumentEntry[] },
      );
    else
      await client.releases.setInputArguments(target.releaseId, parsed.value as string, {
        folder: { id: target.folderId },
      });
  } catch (error) {
    const message = errorMessage(error);
    if (target.kind === 'packageArguments' && isArgumentsRefusal(error)) {
      await documents.rememberRefusal(connection, `${target.packageId}:${target.version}`);
      documents.touched(uri);
      throw new Error(
        t(
          'Not applied: {0} The document is read-only from now on; your text stays in it (Save As keeps a copy).',
          message,
        ),
        { cause: error },
      );
    }
    // The transport marks a change whose answer proves nothing (reset, timeout, 502/504, a cut or wrong body).
    if (isOutcomeUnknown(error)) {
      throw new Error(
        t(
          'The service did not confirm the change ({0}): it may or may not have been applied. Run "Compare with Service" to see what it holds now before applying again. Your draft is kept.',
          unknownOutcomeReason(error).replace(/\.$/, ''),
        ),
        { cause: error },
      );
    }
    throw new Error(t('Not applied: {0} Your draft is kept.', message), { cause: error });
  }
  await documents.drafts.delete(uri);
  documents.serviceHolds(uri, draft.text);
  ctx.log.info(`Applied ${changes.length} change(s) to ${title} on ${connection.label}.`);
  if (target.kind === 'releaseInput')
    ctx.explorer.refreshRows(RowIds.ofFolder(connection.id, target.folderId, 'processes'));
  return t('Applied {0} change{1} to {2}.', changes.length, changes.length === 1 ? '' : 's', title);
}

/** Discard Draft: the document shows the service's text again (asked first: the typed text is lost). */
export async function discardDraft(ctx: Pick<Services, 'documents' | 'input'>, uri: vscode.Uri): Promise<string> {
  const documents = ctx.documents;
  const { target, connection } = documents.resolve(uri);
  const title = titleOf(target);
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (!documents.drafts.has(uri) && !document?.isDirty) return t('No draft of {0} to discard.', title);
  if (
    !(await confirmed(ctx.input, {
      message: t('Discard your changes to {0}?', title),
      detail: t('The document shows what the service holds again. Your changes are lost.'),
      actions: [t('Discard')],
      modal: true,
    }))
  )
    throw new vscode.CancellationError();
  const current = await documents.fetch(target, connection);
  await documents.drafts.delete(uri);
  documents.serviceHolds(uri, current.text, current.declared);
  if (document) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), current.text);
    await vscode.workspace.applyEdit(edit);
    await document.save(); // equal to the service's text: keeps no draft, sends nothing
  }
  return t('Discarded your changes to {0}.', title);
}
