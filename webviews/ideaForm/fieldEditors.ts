// How each field of the idea form becomes an editor: the element for its control (text, choice, date, number), with
// its value shown and its help and error lines named for screen readers. Apart from main.ts, which wires the editors
// to the page (checks, drafts, submit).
import { h } from '../common/dom';
import type { FormField, RawValues } from '../../src/shared/protocol/ideaForm';
import type { Control } from '../../src/shared/ideaFormModel';
import { t } from '../../src/core/l10n';

/** A field as edited: its element, the line under it for its problem, and its length counter where it has a limit. */
export type Editor = {
  field: FormField;
  control: Control;
  element: HTMLElement & { value: string | string[]; invalid?: boolean };
  error: HTMLElement;
  counter?: HTMLElement;
};

/** The element that edits a field, showing `value`; its help and error lines are named by id for screen readers. */
export function controlElement(field: FormField, control: Control, value: RawValues[string]): Editor['element'] {
  // l10n: code (an element id)
  const id = `field-${field.key}`;
  let element: HTMLElement;
  switch (control.kind) {
    case 'textarea':
      element = h('vscode-textarea', { id, attrs: { rows: '6', resize: 'vertical' } });
      break;
    case 'select':
    case 'yesNo':
      element = h(
        'vscode-single-select',
        { id },
        h(
          'vscode-option',
          { attrs: { value: '', selected: value === '' } },
          field.required ? t('Choose…') : t('(none)'),
        ),
        ...(control.choices ?? []).map((c) =>
          h('vscode-option', { attrs: { value: c.value, selected: value === c.value } }, c.label),
        ),
      );
      break;
    case 'multiselect':
      element = h(
        'vscode-multi-select',
        { id },
        ...(control.choices ?? []).map((c) =>
          h(
            'vscode-option',
            { attrs: { value: c.value, selected: Array.isArray(value) && value.includes(c.value) } },
            c.label,
          ),
        ),
      );
      break;
    default:
      element = h('vscode-textfield', {
        id,
        attrs: {
          placeholder:
            control.kind === 'date'
              ? 'YYYY-MM-DD'
              : control.kind === 'number'
                ? field.type === 'number'
                  ? t('A number')
                  : t("The {0}'s number", field.type)
                : undefined,
          inputmode: control.kind === 'number' ? 'decimal' : undefined,
        },
      });
  }
  const editor = element as Editor['element'];
  if (
    control.kind === 'textfield' ||
    control.kind === 'textarea' ||
    control.kind === 'number' ||
    control.kind === 'date'
  )
    editor.value = typeof value === 'string' ? value : '';
  element.setAttribute('aria-describedby', `${id}-help ${id}-error`); // l10n: code
  return editor;
}

/** A category or user field whose list the service would not give: say so, rather than ask for a bare id. */
export function listMissing(editor: Editor): string {
  if ((editor.field.type !== 'category' && editor.field.type !== 'user') || editor.control.kind !== 'number') return '';
  return t(
    "The list of {0} could not be loaded: choose Reload Form to pick from it, or type the {1}'s number.",
    editor.field.type === 'category' ? 'categories' : 'users',
    editor.field.type,
  );
}
