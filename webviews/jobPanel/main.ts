// First: the display language's messages, before any text is built.
import '../common/displayLanguage';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { Messenger } from '../common/messenger';
import { actionRunner, section, showFailed, showLoading } from '../common/panelPage';
import { button, clear, fieldTable, h, longText, notice, time } from '../common/dom';
import { LogView } from './logView';
import { logToolbar } from './logToolbar';
import { historyProblem, renderHistory } from './history';
import {
  jobPanelToWebview,
  type JobDetails,
  type JobPanelAction,
  type JobPanelFromWebview,
  type JobPanelToWebview,
} from '../../src/shared/protocol/jobPanel';
import type { ContentEntry } from '../../src/shared/protocol/common';
import { formatNumber, t } from '../../src/core/l10n';

type Shown = Extract<JobPanelToWebview, { type: 'show' }>;

const app = document.getElementById('app')!;
const status = document.getElementById('status')!;
let details: HTMLElement | undefined;
/** The bodies of the Info, Input and Output sections: filled again when the job moves. */
let bodies: { info: HTMLElement; input: HTMLElement; output: HTMLElement } | undefined;
let position: HTMLElement | undefined;
let log: LogView | undefined;
let shownKey: string | undefined;
/** The log view is on the page (the log was readable when it was drawn). */
let logAttached = false;

const messenger = new Messenger<JobPanelToWebview, JobPanelFromWebview>(jobPanelToWebview, (message) => {
  switch (message.type) {
    case 'loading':
      if (shownKey) break; // a refresh keeps what is shown until the new reading arrives
      showLoading(app, t('Loading the job…'));
      break;
    case 'show':
      messenger.remember(message.identity);
      render(message);
      break;
    case 'update':
      showDetails(message.job);
      if (message.logTotal !== null) log?.grow(message.logTotal);
      break;
    case 'failed':
      messenger.remember(message.identity);
      shownKey = undefined;
      showFailed(app, message.message, () => void act('refresh'));
      break;
    case 'followStopped':
      followStopped(message.reason);
      break;
    case 'logProgress':
      say(t('Searching… {0} of {1} lines read', formatNumber(message.read), formatNumber(message.of)));
      break;
    case 'reply':
      break; // answers to this page's own requests: messenger.request resolves them
  }
});

function say(text: string, kind: 'info' | 'error' | 'success' = 'info'): void {
  clear(status);
  if (text) status.append(notice(text, kind));
}

/** Following the job failed: say why, and offer to follow it again. */
function followStopped(reason: string): void {
  say(t('Stopped following: {0}.', reason), 'error');
  status.append(
    button(
      t('Follow Again'),
      () => {
        say('');
        void act('follow');
      },
      { secondary: true, id: 'follow-again' },
    ),
  );
}

const act = actionRunner<JobPanelAction>(status, (action) =>
  messenger.request((id) => ({ type: 'request', id, action })),
);

/** Rows laid out at first; the rest on Show all. */
const SHOWN_ROWS = 200;

function argumentsTable(entries: ContentEntry[] | null, label: string, empty: string): HTMLElement {
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

function showDetails(job: JobDetails): void {
  if (!details) return;
  clear(details);
  const badge = document.getElementById('job-state');
  if (badge) {
    badge.textContent = job.state;
    // l10n: code (class names)
    badge.className = `status ${job.state.toLowerCase()}`;
  }
  for (const id of ['stop', 'kill']) document.getElementById(id)?.toggleAttribute('disabled', !job.running);
  details.append(
    fieldTable(
      [
        [t('State'), job.state],
        [t('Process'), job.process],
        [t('Robot'), job.robot],
        [t('Machine'), job.machine],
        [t('Host'), job.host],
        [t('Started by'), job.source],
        [t('Priority'), job.priority],
        [t('Created'), time(job.created)],
        [t('Started'), time(job.started)],
        [t('Ended'), time(job.ended)],
        [t('Duration'), job.duration],
        [t('Number'), job.id],
        [t('Key'), h('code', {}, job.key)],
      ],
      t('Job fields'),
    ),
  );
  if (!bodies) return;
  clear(bodies.info);
  bodies.info.append(
    job.info ? longText(job.info, 'mono') : h('p', { class: 'empty' }, t('The job reported no info.')),
  );
  clear(bodies.input);
  bodies.input.append(
    argumentsTable(job.input, t('Input arguments'), t('The job was started without input arguments.')),
  );
  clear(bodies.output);
  bodies.output.append(
    argumentsTable(
      job.output,
      t('Output arguments'),
      job.running ? t('The job has not ended yet.') : t('The job has no output arguments.'),
    ),
  );
}

async function logLines(from: number, to: number) {
  const reply = await messenger.request((id) => ({ type: 'logLines', id, from, to }));
  if (!reply.ok && reply.message) say(reply.message, 'error');
  return reply.lines;
}

function render(shown: Shown): void {
  const { job } = shown;
  // The same job again (Refresh) keeps the log view, when there is one to keep and the log is still readable.
  const again = shownKey === job.key && log !== undefined && logAttached && !shown.logProblem;
  shownKey = job.key;
  document.title = t('Job {0}', job.process ?? job.key);
  if (again && log) {
    showDetails(job);
    log.reset(shown.logTotal ?? 0);
    void loadHistory(job.key);
    return;
  }
  clear(app);
  const change = (label: string, id: 'stop' | 'kill', title: string) =>
    button(label, () => void act(id), {
      secondary: true,
      id,
      disabled: shown.readOnly || !job.running,
      title: shown.readOnly ? t('The connection is read-only') : title,
    });
  const actions = h(
    'div',
    { class: 'actions', attrs: { role: 'toolbar', 'aria-label': t('Job actions') } },
    button(t('Refresh'), () => void act('refresh'), { secondary: true, id: 'refresh' }),
    button(t('Run Again…'), () => void act('runAgain'), {
      secondary: true,
      id: 'run-again',
      disabled: shown.readOnly,
      title: shown.readOnly ? t('The connection is read-only') : t('Start this process again with these arguments'),
    }),
    change(t('Stop…'), 'stop', t('Ask the robot to stop at its next safe point')),
    change(t('Kill…'), 'kill', t('End the robot process at once')),
    button(t('Tail in Output'), () => void act('tailInOutput'), { secondary: true, id: 'tail' }),
    button(t('Copy Key'), () => void act('copyKey'), { secondary: true, id: 'copy-key' }),
    button(t('Open in Web Portal'), () => void act('openInPortal'), { secondary: true, id: 'open-portal' }),
  );
  details = h('div', { id: 'job-details' });
  bodies = {
    info: h('div', { id: 'job-info' }),
    input: h('div', { id: 'job-input' }),
    output: h('div', { id: 'job-output' }),
  };
  const view = (log = new LogView({ lines: logLines }));
  view.follow = job.running;
  position = h('span', { class: 'counter', attrs: { 'aria-live': 'off' } });
  view.onMove = (first, total) => {
    if (position)
      position.textContent = total ? t('Line {0} of {1}', formatNumber(first + 1), formatNumber(total)) : '';
  };
  app.append(
    h(
      'header',
      {},
      h(
        'h1',
        {},
        h('span', { class: 'title' }, job.process ?? t('Job {0}', job.id)),
        ...(shown.processVersion
          ? [
              h(
                'span',
                {
                  id: 'job-version',
                  class: 'version',
                  title: t('Package {0}, version {1}', shown.processVersion.package, shown.processVersion.version),
                },
                t('v{0}', shown.processVersion.version),
              ),
            ]
          : []),
        h('vscode-badge', { id: 'job-state' }, job.state),
      ),
      actions,
    ),
    section(t('Details'), undefined, details),
    section(t('Info'), undefined, bodies.info),
    section(t('Input arguments'), undefined, bodies.input),
    section(t('Output arguments'), undefined, bodies.output),
    section(
      t('Log'),
      undefined,
      ...(shown.logProblem
        ? [notice(shown.logProblem, 'error')]
        : [logToolbar(view, shown.level, { messenger, say }), position, view.element]),
    ),
    section(t('Run history'), job.process ?? undefined, history),
  );
  showDetails(job);
  logAttached = !shown.logProblem;
  if (!shown.logProblem) view.reset(shown.logTotal ?? 0);
  void loadHistory(job.key);
}

const history = h('div', { id: 'job-history' }, t('Loading the run history…'));

/** The process's recent runs: one request when the panel shows a job (again after Refresh). */
async function loadHistory(currentKey: string): Promise<void> {
  const reply = await messenger.request((id) => ({ type: 'history', id }));
  if (reply.history)
    renderHistory(
      history,
      reply.history,
      currentKey,
      (jobKey) => void messenger.request((id) => ({ type: 'openRun', id, jobKey })),
    );
  else historyProblem(history, reply.message ?? t('The run history could not be read.'));
}

messenger.post({ type: 'ready' });
