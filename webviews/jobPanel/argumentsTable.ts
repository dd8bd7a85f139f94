import { button, h, longText } from '../common/dom';
import type { ContentEntry } from '../../src/shared/protocol/common';
import { formatNumber, t } from '../../src/core/l10n';

/** Rows laid out at first; the rest on Show all. */
const SHOWN_ROWS = 200;

/** A job's input or output arguments as a key/value table; long lists show their first rows until Show all. */
export function argumentsTable(entries: ContentEntry[] | null, label: string, empty: string): HTMLElement {
  if (!entries?.length) return h('p', { class: 'empty' }, empty);
  const row = (entry: ContentEntry) =>
    h(
      'tr',
      {},
      h('th', { attrs: { scope: 'row' } }, entry.key.length > 200 ? longText(entry.key, 'text') : entry.key),
      // l10n: code (class names)
      h(
        'td',
        // l10n: code (class names, styles)
        { class: `value ${entry.kind}` },
        entry.kind === 'string' || entry.kind === 'json' ? longText(entry.value, 'mono') : entry.value,
      ),
    );
  const body = h('tbody', {}, ...entries.slice(0, SHOWN_ROWS).map(row));
  const table = h('table', { class: 'content', attrs: { 'aria-label': label } }, body);
  if (entries.length <= SHOWN_ROWS) return table;
  const more = button(
    t('Show all {0} values', formatNumber(entries.length)),
    () => {
      body.append(...entries.slice(SHOWN_ROWS).map(row));
      more.remove();
    },
    {
      secondary: true,
    },
  );
  return h('div', { class: 'long-content' }, table, more);
}
