// Building the DOM without markup: every text goes in through textContent, every attribute through setAttribute with a
// name from our own code. Nothing received from the extension (which relays the services) is ever parsed as HTML.
import { displayLocale, formatNumber, t } from '../../src/core/l10n';

type Child = Node | string | number | null | undefined | false;
type Props = { class?: string; id?: string; title?: string; attrs?: Record<string, string | boolean | undefined> };

export function h(tag: string, props: Props = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  if (props.class) element.className = props.class;
  if (props.id) element.id = props.id;
  if (props.title) element.title = props.title;
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    // Event handler attributes and URLs never come from here: listeners are added with addEventListener.
    if (/^on/i.test(name) || /^(href|src|srcdoc|action|formaction)$/i.test(name))
      throw new Error(`refusing attribute ${name}`); // l10n: code — a programming error, never shown
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(
      typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child,
    );
  }
}

export function clear(element: Element): void {
  while (element.firstChild) element.removeChild(element.firstChild);
}

export function button(
  label: string,
  onClick: () => void,
  options: { secondary?: boolean; id?: string; title?: string; disabled?: boolean } = {},
): HTMLElement {
  const element = h(
    'vscode-button',
    { id: options.id, title: options.title, attrs: { secondary: options.secondary, disabled: options.disabled } },
    label,
  );
  element.addEventListener('click', () => {
    if (!element.hasAttribute('disabled')) onClick();
  });
  return element;
}

/** Local time, with the UTC time on hover. */
export function time(iso: string | null): HTMLElement | string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const local = date.toLocaleString(displayLocale(), { dateStyle: 'medium', timeStyle: 'medium' });
  return h(
    'time',
    {
      title: `${date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, '')} UTC`,
      attrs: { datetime: date.toISOString() },
    },
    local,
  );
}

const SHOWN_CHARACTERS = 4_000;

/**
 * A long text in a monospace block. Above a few thousand characters only the start is laid out until the reader asks
 * for the rest, so a 100,000-character field does not stall the panel.
 */
export function longText(value: string, className = 'mono'): HTMLElement {
  const block = h('pre', { class: className, attrs: { tabindex: '0' } });
  if (value.length <= SHOWN_CHARACTERS) {
    block.textContent = value;
    return block;
  }
  block.textContent = `${value.slice(0, SHOWN_CHARACTERS)}…`;
  const more = button(
    t('Show all {0} characters', formatNumber(value.length)),
    () => {
      block.textContent = value;
      more.remove();
    },
    { secondary: true },
  );
  return h('div', { class: 'long-text' }, block, more);
}

/** A table of label/value rows; values are nodes or text. */
export function fieldTable(rows: [string, Child][], label: string): HTMLElement {
  return h(
    'table',
    { class: 'fields', attrs: { 'aria-label': label } },
    h(
      'tbody',
      {},
      ...rows.map(([name, value]) =>
        h('tr', {}, h('th', { attrs: { scope: 'row' } }, name), h('td', {}, value ?? '—')),
      ),
    ),
  );
}

/** A status line for the outcome of an action, read out by screen readers. */
export function notice(text: string, kind: 'info' | 'error' | 'success' = 'info'): HTMLElement {
  // l10n: code (class names)
  return h('div', { class: `notice ${kind}`, attrs: { role: kind === 'error' ? 'alert' : 'status' } }, text);
}
