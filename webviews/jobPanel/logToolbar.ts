import { button, h } from '../common/dom';
import type { Messenger } from '../common/messenger';
import type { LogView } from './logView';
import type { JobPanelFromWebview, JobPanelToWebview } from '../../src/shared/protocol/jobPanel';
import { LOG_LEVELS, type LogLevel } from '../../src/core/logs/logLines';
import { formatNumber, t } from '../../src/core/l10n';

// The log's toolbar in the job panel: the lowest level shown, Find Next, First Error and Follow.

/** What the toolbar uses of its page: the host's answers, and the status line. */
export interface ToolbarPage {
  readonly messenger: Messenger<JobPanelToWebview, JobPanelFromWebview>;
  readonly say: (text: string, kind?: 'info' | 'error' | 'success') => void;
}

export function logToolbar(view: LogView, shownLevel: LogLevel, { messenger, say }: ToolbarPage): HTMLElement {
  const level = document.createElement('select');
  level.id = 'log-level';
  level.setAttribute('aria-label', t('Lowest level shown'));
  for (const name of LOG_LEVELS)
    level.append(h('option', { attrs: { value: name, selected: name === shownLevel } }, t('{0} and above', name)));
  level.addEventListener('change', () => {
    const chosen = LOG_LEVELS.find((l) => l === level.value);
    if (!chosen) return;
    void messenger
      .request((id) => ({ type: 'logLevel', id, level: chosen }))
      .then((reply) => {
        if (reply.ok && reply.total !== undefined) view.reset(reply.total);
        else if (reply.message) say(reply.message, 'error');
      });
  });
  const search = document.createElement('input');
  Object.assign(search, { id: 'log-search', type: 'search', placeholder: t('Find in log'), maxLength: 200 });
  search.setAttribute('aria-label', t('Find in log'));
  const find = async () => {
    const text = search.value;
    if (!text) return;
    say(t('Searching…'));
    const from = view.firstVisible + 1;
    const reply = await messenger.request((id) => ({ type: 'logFind', id, text, from }));
    if (reply.found === undefined || reply.found === null)
      say(reply.ok ? t('No more lines contain “{0}”.', text) : (reply.message ?? t('Search stopped.')));
    else {
      say(t('Line {0}', formatNumber(reply.found + 1)));
      view.scrollTo(reply.found, true);
    }
  };
  search.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') void find();
    if (event.key === 'Escape') messenger.post({ type: 'logStop' });
  });
  const follow = document.createElement('input');
  Object.assign(follow, { id: 'log-follow', type: 'checkbox', checked: view.follow });
  follow.addEventListener('change', () => {
    view.follow = follow.checked;
    if (view.follow) view.scrollTo(view.lineCount);
  });
  return h(
    'div',
    // l10n: code (class names, styles)
    { class: 'actions log-toolbar', attrs: { role: 'toolbar', 'aria-label': t('Log') } },
    level,
    search,
    button(t('Find Next'), () => void find(), { secondary: true, id: 'log-find' }),
    button(t('First Error'), () => void firstError(view, { messenger, say }), {
      secondary: true,
      id: 'log-first-error',
    }),
    h('label', {}, follow, t('Follow')),
  );
}

async function firstError(view: LogView, { messenger, say }: ToolbarPage): Promise<void> {
  const reply = await messenger.request((id) => ({ type: 'logFirstError', id }));
  if (!reply.ok && !reply.message) return; // superseded (a new First Error, a scroll, a level): nothing to say
  if (reply.found === undefined || reply.found === null)
    say(reply.message ?? t('The log has no error lines.'), reply.ok ? 'info' : 'error');
  else {
    say(t('First error: line {0}', formatNumber(reply.found + 1)));
    view.scrollTo(reply.found, true);
  }
}
