import { button, clear, h, notice, time } from '../common/dom';
import type { RunHistoryView } from '../../src/shared/protocol/runHistory';
import { formatNumber, t } from '../../src/core/l10n';

/** The process's recent runs: figures, who started them, a duration chart, and each run (its panel on Open). */
export function renderHistory(
  into: HTMLElement,
  history: RunHistoryView,
  currentKey: string,
  open: (jobKey: string) => void,
): void {
  clear(into);
  if (history.runs.length === 0) {
    into.append(h('p', { class: 'empty' }, t('No runs of {0} in this folder.', history.process)));
    return;
  }
  const finished = history.successful + history.faulted + history.stopped;
  into.append(
    h(
      'p',
      { id: 'history-summary' },
      t(
        'Last {0} runs: {1} successful, {2} faulted, {3} stopped, {4} not finished.',
        formatNumber(history.runs.length),
        formatNumber(history.successful),
        formatNumber(history.faulted),
        formatNumber(history.stopped),
        formatNumber(history.unfinished),
      ),
      ' ',
      finished
        ? t(
            'Success rate {0}; median {1}, 95th percentile {2}.',
            history.successRate ?? '—',
            history.median ?? '—',
            history.p95 ?? '—',
          )
        : '',
    ),
    h('p', {}, t('Started by: {0}', history.sources.map((s) => `${s.source} (${formatNumber(s.count)})`).join(', '))),
  );
  const most = Math.max(1, ...history.chart.map((b) => b.count));
  if (history.chart.length)
    into.append(
      h(
        'div',
        { class: 'history-chart', attrs: { role: 'list', 'aria-label': t('Durations of the finished runs') } },
        ...history.chart.map((bucket) => {
          const bar = h('span', { class: 'bar' });
          // l10n: code (a style)
          bar.style.width = `${Math.round((bucket.count / most) * 100)}%`;
          return h(
            'div',
            { class: 'history-bucket', attrs: { role: 'listitem' } },
            h('span', { class: 'bucket-label' }, bucket.label),
            h('span', { class: 'bucket-bar' }, bar),
            h('span', { class: 'counter' }, formatNumber(bucket.count)),
          );
        }),
      ),
    );
  const rows = history.runs.map((run) =>
    h(
      'tr',
      // l10n: code (class names)
      { class: run.key === currentKey ? 'current' : undefined },
      // l10n: code (class names)
      h('td', {}, h('vscode-badge', { class: `status ${run.state.toLowerCase()}` }, run.state)),
      h('td', {}, time(run.created)),
      h('td', {}, run.duration ?? '—'),
      h('td', {}, run.source ?? '—'),
      h('td', {}, run.key === currentKey ? t('this job') : button(t('Open'), () => open(run.key), { secondary: true })),
    ),
  );
  const head = [t('State'), t('Created'), t('Duration'), t('Started by'), ''];
  into.append(
    h(
      'table',
      { class: 'content', id: 'history-runs', attrs: { 'aria-label': t('Recent runs') } },
      h('thead', {}, h('tr', {}, ...head.map((name) => h('th', { attrs: { scope: 'col' } }, name)))),
      h('tbody', {}, ...rows),
    ),
  );
}

export const historyProblem = (into: HTMLElement, message: string) => {
  clear(into);
  into.append(notice(message, 'error'));
};
