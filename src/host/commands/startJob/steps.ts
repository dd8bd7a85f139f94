import * as vscode from 'vscode';
import { buildInputArguments, fieldText } from '../../../core/orchestrator/argumentFields';
import type { Release, Robot } from '../../../core/orchestrator/schemas';
import { plainText } from '../../../core/presentation/plainText';
import type { Services } from '../../services';
import type { PickItem, Step } from '../../ui/multiStep';
import type { DeclaredArguments, LastArguments } from './arguments';
import type { Target } from './target';
import { t } from '../../../core/l10n';

/** The answers so far; `confirmed` once the user chose Start on the summary. */
export interface Draft {
  release?: Release;
  strategy: 'JobsCount' | 'All' | 'Specific';
  robotIds: number[];
  count: number;
  texts: Record<string, string>;
  confirmed: boolean;
}

/**
 * The steps, recomputed as answers come in (the argument fields depend on the process): process, robots, how many
 * or which robots, one step per declared input argument (checked as typed), a summary to confirm.
 */
export function startSteps(
  ctx: Pick<Services, 'clientFor' | 'connections'>,
  target: Target,
  s: Draft,
  declared: DeclaredArguments,
  last: LastArguments,
  signal: AbortSignal,
): Step<Draft>[] {
  const title = (what: string) => plainText(t('Start Job{0}: {1}', s.release ? ` — ${s.release.Name}` : '', what));
  const list: Step<Draft>[] = [];
  list.push({
    kind: 'pick',
    title: title('process'),
    placeholder: plainText(t('Type to filter the processes of {0}', target.folderLabel)),
    skip: () => target.candidates.length === 1,
    items: () =>
      target.candidates.map((r) => ({
        label: plainText(r.Name),
        description: plainText(`${r.ProcessKey} ${r.ProcessVersion}`),
        detail: r.Description ? plainText(r.Description) : undefined,
        value: String(r.Id),
      })),
    // The process's argument steps are counted from the next step on: its declarations are read as it is chosen.
    prepare: async (_state, value) => {
      const release = target.candidates.find((r) => String(r.Id) === value);
      if (release) await declared.of(release);
    },
    apply: (state, value) => {
      state.release = target.candidates.find((r) => String(r.Id) === value);
      state.texts = {};
    },
  });
  list.push({
    kind: 'pick',
    title: title('robots'),
    items: (state) => [
      {
        label: t('$(symbol-number) A number of jobs'),
        description: t('robots assigned when each job is picked up'),
        value: 'JobsCount',
      },
      {
        label: t('$(hubot) All robots'),
        description: plainText(t('one job per robot of {0}', state.release?.EnvironmentName ?? t('the environment'))),
        value: 'All',
      },
      {
        label: t('$(checklist) Specific robots…'),
        description: t('choose them, with their state'),
        value: 'Specific',
      },
    ],
    apply: (state, value) => (state.strategy = value as Draft['strategy']),
  });
  list.push({
    kind: 'input',
    title: title(t('how many jobs')),
    prompt: t('A whole number from 1 to 100.'),
    skip: (state) => state.strategy !== 'JobsCount',
    value: (state) => String(state.count),
    validate: (v) =>
      /^\d{1,3}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 100
        ? undefined
        : t('Enter a whole number from 1 to 100.'),
    apply: (state, v) => (state.count = Number(v)),
  });
  list.push({
    kind: 'pick',
    title: title(t('which robots')),
    many: true,
    placeholder: t('Space selects; Enter confirms'),
    skip: (state) => state.strategy !== 'Specific',
    items: (state) => robotItems(ctx, target, state.release!, state.robotIds, signal),
    apply: (state, value) => (state.robotIds = value.split(',').map(Number)),
  });
  const fields = s.release ? (declared.known(s.release) ?? []) : [];
  const remembered = s.release ? last.of(s.release) : {};
  for (const field of fields) {
    const preset = (state: Draft) =>
      state.texts[field.name] ??
      remembered[field.name] ??
      (target.previous && field.name in target.previous ? fieldText(field, target.previous[field.name]) : '');
    const label = `${field.name} (${field.type.replace(/^System\./, '')}${field.mandatory ? ', required' : field.hasDefault ? t(', has a default') : ', optional'})`;
    if (field.kind === 'boolean') {
      list.push({
        kind: 'pick',
        title: title(label),
        items: (state) =>
          [
            // l10n: code (the values a Boolean argument takes, as in its JSON)
            { label: 'true', value: 'true', picked: preset(state) === 'true' },
            { label: 'false', value: 'false', picked: preset(state) === 'false' }, // l10n: code
            ...(field.mandatory
              ? []
              : [
                  {
                    label: t('Leave unset'),
                    description: field.hasDefault
                      ? t('the package default applies')
                      : t('the process value applies, if any'),
                    value: '',
                  },
                ]),
          ].sort((a, b) => Number(b.picked ?? false) - Number(a.picked ?? false)),
        apply: (state, value) => (state.texts[field.name] = value),
      });
    } else {
      list.push({
        kind: 'input',
        title: title(label),
        prompt: `${field.hint}${field.mandatory ? '' : t(' Leave empty to keep the process value or the default.')}${remembered[field.name] !== undefined ? t(' (Filled in with what you used last time.)') : ''}`,
        value: preset,
        validate: (v) => {
          const built = buildInputArguments([field], { [field.name]: v });
          return built.ok ? undefined : built.problems.join(' ');
        },
        apply: (state, v) => (state.texts[field.name] = v),
      });
    }
  }
  list.push({
    kind: 'pick',
    title: title('confirm'),
    items: (state) => {
      const built = buildInputArguments(fields, state.texts);
      const connection = ctx.connections.get(target.connection.id) ?? target.connection;
      const protection = plainText(
        connection.protection === 'confirm'
          ? t('{0} asks before every change', connection.label)
          : `${connection.label}`,
      );
      if (!built.ok)
        return [{ label: t('$(error) Cannot start'), detail: plainText(built.problems.join(' ')), value: 'no' }];
      return [
        { label: t('$(play) Start {0}', plainText(state.release?.Name ?? '')), description: protection, value: 'yes' },
        { label: t('Cancel'), value: 'no' },
        ...summaryRows(state.release!, state, built.values, target.folderLabel),
      ];
    },
    apply: (state, value) => (state.confirmed = value === 'yes'),
  });
  return list;
}

/** The environment's robots with their session state, so the user picks ones that can run now. */
async function robotItems(
  ctx: Pick<Services, 'clientFor'>,
  target: Target,
  release: Release,
  chosen: number[],
  signal: AbortSignal,
): Promise<PickItem[]> {
  const client = ctx.clientFor(target.connection);
  const robots: Robot[] =
    release.EnvironmentId != null
      ? (
          await client.assets.environmentRobots(release.EnvironmentId, {
            folder: target.folder,
            signal,
            query: { top: 1000 },
          })
        ).items
      : (await client.robots.list({ folder: target.folder, signal, query: { top: 1000, orderBy: [{ path: 'Name' }] } }))
          .items;
  if (robots.length === 0)
    throw new Error(
      t('{0} has no robots. Choose "A number of jobs" instead.', release.EnvironmentName ?? t('The environment')),
    );
  const sessions = await client.robots.sessionsOf(
    robots.map((r) => r.Id),
    { folder: target.folder, signal },
  );
  return robots.map((robot) => {
    const session = sessions.get(robot.Id);
    const state = session ? (session.IsUnresponsive ? 'unresponsive' : session.State) : t('state unknown');
    return {
      label: `${session?.State === 'Available' && !session.IsUnresponsive ? '$(pass)' : '$(circle-slash)'} ${plainText(robot.Name)}`,
      description: plainText(`${state} · ${robot.MachineName ?? ''}`),
      value: String(robot.Id),
      picked: chosen.includes(robot.Id),
    };
  });
}

/**
 * The confirmation's rows: where and how it runs, then one row per argument sent (each readable whole at any width,
 * where one long line was cut off), inert so choosing one does not start or cancel anything.
 */
export function summaryRows(
  release: Release,
  draft: Draft,
  values: Record<string, unknown>,
  folderLabel: string,
): PickItem[] {
  const robots =
    draft.strategy === 'All'
      ? t('every robot of {0}', release.EnvironmentName ?? t('its environment'))
      : draft.strategy === 'Specific'
        ? t('{0} chosen robot{1}', draft.robotIds.length, draft.robotIds.length === 1 ? '' : 's')
        : t('{0} job{1}, robots assigned on pickup', draft.count, draft.count === 1 ? '' : 's');
  const rows: PickItem[] = [
    { label: t('Where'), kind: vscode.QuickPickItemKind.Separator, value: '' },
    {
      // l10n: code (an icon)
      label: `$(folder) ${plainText(folderLabel)}`,
      description: plainText(`${release.ProcessKey} ${release.ProcessVersion}`),
      value: 'summary',
      inert: true,
    },
    // l10n: code (an icon)
    { label: `$(server-process) ${plainText(robots)}`, value: 'summary', inert: true },
    { label: t('Arguments sent'), kind: vscode.QuickPickItemKind.Separator, value: '' },
  ];
  const entries = Object.entries(values);
  if (entries.length === 0)
    rows.push({
      label: t('$(info) None given'),
      description: t("the process's values and defaults apply"),
      value: 'summary',
      inert: true,
    });
  for (const [name, value] of entries)
    rows.push({
      // l10n: code (an icon)
      label: `$(symbol-field) ${plainText(name)}`,
      description: plainText(JSON.stringify(value)),
      value: 'summary',
      inert: true,
    });
  return rows;
}

/** The same rows as lines, for a modal question. */
export const summaryText = (rows: PickItem[]) =>
  rows
    .filter((r) => r.inert)
    .map((r) => `${r.label.replace(/^\$\([\w-]+\) /, '')}${r.description ? ` ${r.description}` : ''}`)
    .join('\n');
