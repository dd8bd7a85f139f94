import { button, clear, h, notice } from './dom';
import { t } from '../../src/core/l10n';

// What every panel's page draws alike: a section, the loading state, a failure with Try Again, and actions run one
// at a time with their outcome in the status line.

/** A collapsible section, open. */
export function section(title: string, description: string | undefined, ...content: (Node | string)[]): HTMLElement {
  const element = h('vscode-collapsible', { attrs: { heading: title, description, open: true } });
  element.append(h('div', { class: 'section-body' }, ...content));
  return element;
}

/** The page while the extension reads what it shows. */
export function showLoading(app: HTMLElement, text: string): void {
  clear(app);
  app.append(
    h('div', { class: 'loading' }, h('vscode-progress-ring', { attrs: { 'aria-label': t('Loading') } }), text),
  );
}

/** The page when what it shows could not be read: why, and Try Again. */
export function showFailed(app: HTMLElement, message: string, tryAgain: () => void): void {
  clear(app);
  app.append(notice(message, 'error'), h('div', { class: 'actions' }, button(t('Try Again'), tryAgain)));
}

/**
 * Runs a panel's actions one at a time (a click while one runs does nothing); the outcome, or why it failed, shows in
 * the status line.
 */
export function actionRunner<A>(
  status: HTMLElement,
  request: (action: A) => Promise<{ ok: boolean; message?: string }>,
): (action: A) => Promise<void> {
  let busy = false;
  return async (action) => {
    if (busy) return;
    busy = true;
    clear(status);
    try {
      const reply = await request(action);
      if (reply.message) status.append(notice(reply.message, reply.ok ? 'success' : 'error'));
    } finally {
      busy = false;
    }
  };
}
