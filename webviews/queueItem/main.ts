// First: the display language's messages, before any text is built.
import '../common/displayLanguage';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { Messenger } from '../common/messenger';
import { actionRunner, section, showFailed, showLoading } from '../common/panelPage';
import { button, clear, fieldTable, h, longText, notice, time } from '../common/dom';
import {
  queueItemToWebview,
  type ContentEntry,
  type QueueItemAction,
  type QueueItemFromWebview,
  type QueueItemToWebview,
} from '../../src/shared/protocol/queueItem';
import { formatNumber, t } from '../../src/core/l10n';

type Shown = Extract<QueueItemToWebview, { type: 'show' }>;

const app = document.getElementById('app')!;
const status = document.getElementById('status')!;

const messenger = new Messenger<QueueItemToWebview, QueueItemFromWebview>(queueItemToWebview, (message) => {
  switch (message.type) {
    case 'loading':
      showLoading(app, t('Loading the queue item…'));
      break;
    case 'show':
      messenger.remember(message.identity);
      render(message);
      break;
    case 'failed':
      messenger.remember(message.identity);
      showFailed(app, message.message, () => void act('refresh'));
      break;
    case 'reply':
      break; // answers to this page's own requests: messenger.request resolves them
  }
});

const act = actionRunner<QueueItemAction>(status, (action) =>
  messenger.request((id) => ({ type: 'request', id, action })),
);

/** Rows laid out at first: an item may carry tens of thousands of values (SpecificContent holds 256,000 characters). */
const SHOWN_ROWS = 500;

function contentRow(entry: ContentEntry): HTMLElement {
  // A key is service text of any length (up to the item's 256,000 characters): long ones fold like long values.
  const key = entry.key.length > 200 ? longText(entry.key, 'text') : entry.key;
  return h(
    'tr',
    {},
    h('th', { attrs: { scope: 'row' } }, key),
    h(
      'td',
      // l10n: code (class names)
      { class: `value ${entry.kind}` },
      entry.kind === 'string' || entry.kind === 'json'
        ? longText(entry.value, entry.kind === 'json' ? 'mono' : 'text')
        : entry.value,
    ),
  );
}

function contentTable(entries: ContentEntry[], label: string, empty: string): HTMLElement {
  if (entries.length === 0) return h('p', { class: 'empty' }, empty);
  const body = h('tbody', {}, ...entries.slice(0, SHOWN_ROWS).map(contentRow));
  const table = h(
    'table',
    { class: 'content', attrs: { 'aria-label': label } },
    h(
      'thead',
      {},
      h('tr', {}, h('th', { attrs: { scope: 'col' } }, t('Key')), h('th', { attrs: { scope: 'col' } }, t('Value'))),
    ),
    body,
  );
  if (entries.length <= SHOWN_ROWS) return table;
  const more = button(
    t('Show all {0} values', formatNumber(entries.length)),
    () => {
      body.append(...entries.slice(SHOWN_ROWS).map(contentRow));
      more.remove();
    },
    { secondary: true },
  );
  return h('div', { class: 'long-content' }, table, more);
}

function render({ item, events, eventsProblem, canDelete, readOnly }: Shown): void {
  clear(app);
  const title = item.reference ?? t('Item {0}', item.id);
  document.title = t('Queue Item {0}', title);
  const ancestor = item.ancestorId
    ? button(t('Item {0}', item.ancestorId), () => void act('openAncestor'), {
        secondary: true,
        title: t('Open the item this one retries'),
      })
    : '—';
  const actions = h(
    'div',
    { class: 'actions', attrs: { role: 'toolbar', 'aria-label': t('Queue item actions') } },
    button(t('Refresh'), () => void act('refresh'), { secondary: true, id: 'refresh' }),
    button(t('Copy as JSON'), () => void act('copyJson'), { secondary: true, id: 'copy-json' }),
    item.ancestorId
      ? button(t('Open Ancestor'), () => void act('openAncestor'), { secondary: true, id: 'open-ancestor' })
      : null,
    canDelete
      ? button(t('Delete…'), () => void act('delete'), {
          secondary: true,
          id: 'delete',
          disabled: readOnly,
          title: readOnly ? t('The connection is read-only') : t('Mark the item Deleted'),
        })
      : null,
  );
  app.append(
    h(
      'header',
      {},
      h(
        'h1',
        {},
        h('span', { class: 'title', id: 'item-title' }, title),
        // l10n: code (class names)
        h('vscode-badge', { class: `status ${item.status.toLowerCase()}` }, item.status),
      ),
      actions,
    ),
    section(
      t('Details'),
      undefined,
      fieldTable(
        [
          [t('Status'), item.status],
          [t('Review status'), item.reviewStatus],
          [t('Reviewer'), item.reviewer],
          [t('Reference'), item.reference],
          [t('Priority'), item.priority],
          [t('Queue'), item.queueName],
          [t('Folder'), item.folderName],
          [t('Created'), time(item.creationTime)],
          [t('Defer date'), time(item.deferDate)],
          [t('Due date'), time(item.dueDate)],
          [t('Started processing'), time(item.startProcessing)],
          [t('Ended processing'), time(item.endProcessing)],
          [t('Seconds in previous attempts'), item.secondsInPreviousAttempts],
          [t('Retry number'), item.retryNumber],
          [t('Ancestor'), ancestor],
          [t('Id'), item.id],
          [t('Key'), h('code', {}, item.key)],
        ],
        t('Queue item fields'),
      ),
    ),
    section(
      t('Progress'),
      undefined,
      item.progress ? longText(item.progress, 'text') : h('p', { class: 'empty' }, t('No progress was reported.')),
    ),
    section(
      t('Specific content'),
      t('{0} value(s)', item.specificContent.length),
      contentTable(item.specificContent, t('Specific content'), t('The item carries no specific content.')),
    ),
    section(
      t('Output'),
      undefined,
      item.output
        ? contentTable(item.output, t('Output'), t('The output is empty.'))
        : h('p', { class: 'empty' }, t('No output was recorded.')),
    ),
    section(
      t('Processing exception'),
      item.exception?.type ?? undefined,
      item.exception
        ? h(
            'div',
            {},
            fieldTable(
              [
                [t('Type'), item.exception.type],
                [t('Reason'), item.exception.reason ? longText(item.exception.reason, 'text') : null],
              ],
              t('Processing exception'),
            ),
            h('h3', {}, t('Details')),
            item.exception.details ? longText(item.exception.details) : h('p', { class: 'empty' }, t('No details.')),
          )
        : h('p', { class: 'empty' }, t('The item has no processing exception.')),
    ),
    section(
      t('History'),
      t('{0} event(s)', events.length),
      eventsProblem
        ? notice(eventsProblem, 'error')
        : events.length === 0
          ? h('p', { class: 'empty' }, t('No events are recorded for this item.'))
          : h(
              'table',
              { class: 'content', attrs: { 'aria-label': t('History') } },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ...[t('Time'), t('Action'), t('Status'), t('Review status'), t('User')].map((c) =>
                    h('th', { attrs: { scope: 'col' } }, c),
                  ),
                ),
              ),
              h(
                'tbody',
                {},
                ...events.map((e) =>
                  h(
                    'tr',
                    {},
                    h('td', {}, time(e.timestamp)),
                    h('td', {}, e.action ?? '—'),
                    h('td', {}, e.status ?? '—'),
                    h('td', {}, e.reviewStatus ?? '—'),
                    h('td', {}, e.user ?? '—'),
                  ),
                ),
              ),
            ),
    ),
  );
}

messenger.post({ type: 'ready' });
