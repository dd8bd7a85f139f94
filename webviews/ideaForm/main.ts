// First: the display language's messages, before any text is built.
import '../common/displayLanguage';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-label/index.js';
import '@vscode-elements/elements/dist/vscode-form-group/index.js';
import '@vscode-elements/elements/dist/vscode-form-helper/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { Messenger } from '../common/messenger';
import { showFailed } from '../common/panelPage';
import { append, button, clear, h, notice } from '../common/dom';
import {
  ideaFormToWebview,
  type IdeaFormFromWebview,
  type IdeaFormToWebview,
  type RawValues,
} from '../../src/shared/protocol/ideaForm';
import { controlOf, ideaHeading, limitsOf, readForm } from '../../src/shared/ideaFormModel';
import { controlElement, listMissing, type Editor } from './fieldEditors';
import { formatNumber, t } from '../../src/core/l10n';

const app = document.getElementById('app')!;
const status = document.getElementById('status')!;
/** A form as the host sends it. */
type Shown = Extract<IdeaFormToWebview, { type: 'form' }>;
let shown: Shown | undefined;
let editors: Editor[] = [];
let submitting = false;
let draftTimer: ReturnType<typeof setTimeout> | undefined;
/** After a submit attempt, fields are checked as they change; before it, only once the reader leaves them. */
let attempted = false;

const messenger = new Messenger<IdeaFormToWebview, IdeaFormFromWebview>(ideaFormToWebview, (message) => {
  switch (message.type) {
    case 'loading':
      // What was typed in the last moments goes now, before the form is shown again (a command changed the idea).
      flushDraft();
      clear(app);
      app.append(
        h(
          'div',
          { class: 'loading' },
          h('vscode-progress-ring', { attrs: { 'aria-label': t('Loading') } }),
          t('Loading the form…'),
        ),
      );
      break;
    case 'form':
      flushDraft();
      messenger.remember(message.identity);
      shown = message;
      attempted = false;
      render(message);
      break;
    case 'failed':
      messenger.remember(message.identity);
      showFailed(app, message.message, () => void request('reload'));
      break;
    case 'submitted':
      clear(status);
      status.append(
        h(
          'div',
          { class: 'notice success', attrs: { role: 'status' } }, // l10n: code (class names)
          message.created
            ? t('Submitted “{0}” ({1} · {2}).', message.idea.name, message.idea.phase, message.idea.status)
            : t('Saved “{0}”.', message.idea.name),
          ' ',
          button(t('Show in Ideas View'), () => void request('revealInTree'), { secondary: true, id: 'reveal' }),
        ),
      );
      break;
    case 'reply':
      break; // answers to this page's own requests: messenger.request resolves them
  }
});

async function request(action: 'reload' | 'discardDraft' | 'revealInTree'): Promise<void> {
  const reply = await messenger.request((id) => ({ type: 'request', id, action }));
  if (!reply.ok && reply.message) {
    clear(status);
    status.append(notice(reply.message, 'error'));
  }
}

function currentValues(): RawValues {
  return Object.fromEntries(editors.map((e) => [e.field.key, e.element.value]));
}

function showProblems(problems: { field: string; message: string }[]): void {
  for (const editor of editors) {
    const problem = problems.find((p) => p.field === editor.field.key);
    editor.error.textContent = problem?.message ?? '';
    editor.element.invalid = Boolean(problem);
    if (problem) editor.element.setAttribute('aria-invalid', 'true');
    else editor.element.removeAttribute('aria-invalid');
  }
}

function check(onlyKey?: string): ReturnType<typeof readForm> {
  const result = readForm(shown!.fields, currentValues(), shown!.lookups);
  const visible =
    onlyKey && !attempted
      ? result.problems.filter(
          (p) => p.field === onlyKey || editors.find((e) => e.field.key === p.field)?.error.textContent,
        )
      : result.problems;
  showProblems(visible);
  return result;
}

function count(editor: Editor): void {
  if (editor.counter)
    editor.counter.textContent = `${formatNumber(String(editor.element.value).length)} / ${formatNumber(editor.field.maxLength!)}`;
}

/** Only an edit makes a draft: showing a form posts nothing (an idea nobody edited has no "unsent changes"). */
function changed(editor: Editor): void {
  count(editor);
  if (attempted || editor.error.textContent) check(editor.field.key);
  clearTimeout(draftTimer);
  draftTimer = setTimeout(() => {
    draftTimer = undefined;
    messenger.post({ type: 'draft', values: currentValues() });
  }, 400);
}

/** A draft still waiting for the pause in typing is posted at once. */
function flushDraft(): void {
  if (draftTimer === undefined || !shown) return;
  clearTimeout(draftTimer);
  draftTimer = undefined;
  messenger.post({ type: 'draft', values: currentValues() });
}

function render(form: Shown): void {
  clear(app);
  clear(status);
  const heading = ideaHeading(form.idea, form.title);
  document.title = heading.title;
  editors = form.fields.map((field) => {
    const control = controlOf(field, form.lookups);
    const element = controlElement(
      field,
      control,
      form.values[field.key] ?? (field.type === 'multipleChoice' ? [] : ''),
    );
    const error = h('div', { class: 'field-error', id: `field-${field.key}-error`, attrs: { role: 'alert' } }); // l10n: code
    const counter =
      field.maxLength !== undefined && (control.kind === 'textfield' || control.kind === 'textarea')
        ? h('span', { class: 'counter' })
        : undefined;
    return { field, control, element, error, counter };
  });
  const submitLabel = form.idea ? t('Save Changes') : t('Submit Idea');
  const submit = button(submitLabel, () => void onSubmit(), { id: 'submit', disabled: form.readOnly });
  append(app, [
    h(
      'header',
      {},
      h('h1', {}, heading.title),
      heading.subtitle ? h('p', { class: 'subtitle', id: 'idea-state' }, heading.subtitle) : null,
      form.idea?.tags
        ? h('p', { class: 'subtitle', id: 'idea-tags' }, t('Tags: {0}', form.idea.tags.join(', ')))
        : null,
    ),
    form.draftRestored
      ? h(
          'div',
          { class: 'notice info', attrs: { role: 'status' } }, // l10n: code
          'Your unsent changes were restored. ',
          button(t('Discard Draft'), () => void request('discardDraft'), { secondary: true, id: 'discard' }),
        )
      : null,
    form.readOnly ? notice(t('The connection is read-only: the form is shown but cannot be sent.'), 'info') : null,
    h('p', { class: 'legend' }, t('Fields marked * are required.')),
    h(
      'form',
      { attrs: { novalidate: true, 'aria-label': form.title } },
      ...editors.map((e) => {
        const help = [limitsOf(e.field), listMissing(e)].filter(Boolean).join(' ');
        return h(
          'vscode-form-group',
          { attrs: { variant: 'vertical' } },
          h('vscode-label', { attrs: { for: e.element.id, required: e.field.required } }, e.field.label),
          e.element,
          h('vscode-form-helper', { id: `${e.element.id}-help` }, help, e.counter ? ' ' : null, e.counter ?? null),
          e.error,
        );
      }),
      h(
        'div',
        { class: 'actions' },
        submit,
        button(t('Reload Form'), () => void request('reload'), { secondary: true, id: 'reload' }),
      ),
    ),
  ]);
  for (const editor of editors) {
    const on = () => changed(editor);
    editor.element.addEventListener('input', on);
    editor.element.addEventListener('change', on);
    editor.element.addEventListener('focusout', (event) => {
      // Leaving a field for a button: the button's own action checks (or reloads) everything. Checking here would
      // add an error line above the button while it is being pressed, move it away from the pointer and lose the click.
      if ((event.relatedTarget as Element | null)?.tagName === 'VSCODE-BUTTON') return;
      check(editor.field.key);
    });
    count(editor);
  }
}

async function onSubmit(): Promise<void> {
  if (submitting || !shown) return;
  attempted = true;
  clear(status);
  const { problems } = check();
  if (problems.length > 0) {
    status.append(
      notice(t('Fix {0} field{1} before submitting.', problems.length, problems.length === 1 ? '' : 's'), 'error'),
    );
    editors.find((e) => problems.some((p) => p.field === e.field.key))?.element.focus();
    return;
  }
  submitting = true;
  // The values go with the submit: a draft posted after it would bring them back as "unsent changes".
  clearTimeout(draftTimer);
  draftTimer = undefined;
  const submit = document.getElementById('submit');
  submit?.setAttribute('disabled', '');
  status.append(notice(shown.idea ? t('Saving…') : t('Submitting…')));
  try {
    const values = currentValues();
    const reply = await messenger.request((id) => ({ type: 'submit', id, values }));
    if (reply.ok) return;
    clear(status);
    status.append(notice(reply.message ?? t('The idea was not sent.'), 'error'));
    if (reply.fieldErrors?.length) {
      showProblems(reply.fieldErrors);
      editors.find((e) => reply.fieldErrors!.some((p) => p.field === e.field.key))?.element.focus();
    }
  } finally {
    submitting = false;
    if (!shown.readOnly) submit?.removeAttribute('disabled');
  }
}

messenger.post({ type: 'ready' });
