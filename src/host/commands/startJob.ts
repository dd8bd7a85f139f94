import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import type { FolderContext } from '../../core/http/connection';
import { isOutcomeUnknown } from '../../core/http/errors';
import { eq } from '../../core/odata/filter';
import { argumentFields, buildInputArguments, fieldText, type ArgumentField } from '../../core/orchestrator/argumentFields';
import type { StartInfo } from '../../core/orchestrator/jobs';
import { releaseInputValues } from '../../core/documents/argumentsDocument';
import type { Job, Release, Robot } from '../../core/orchestrator/schemas';
import { parseArgumentDeclarations } from '../../core/orchestrator/validation';
import { RowIds } from '../../core/rows/rowIds';
import { optionalRowOf, rowOf } from '../../core/rows/rowOf';
import { makeRow, type FolderById } from '../../core/rows/rows';
import type { Ctx } from '../../ctx';
import { Stored } from '../storedState';
import { runSteps, type PickItem, type Step } from '../ui/multiStep';
import { abortSignalOf } from './abortSignal';
import { guardChange } from './guardChange';
import { pickConnection } from './pickConnection';
import { pickFolder } from './pickFolder';
import type { CommandDefinition } from './registry';
import { reasonOf, showJobsOfProcess, tellOutcomeUnknown } from './unknownOutcome';
import { plainText } from '../../core/presentation/plainText';

/** What starting needs besides the process; from the steps, or given by a caller (tests, other extensions). */
export interface StartJobRequest {
  /** JobsCount: robots assigned on pickup (the service's default); All: every robot of the environment. */
  strategy?: 'JobsCount' | 'All' | 'Specific';
  robotIds?: number[];
  count?: number;
  /** Argument name → the text typed for it (parsed and checked exactly as the input boxes do). */
  inputs?: Record<string, string>;
  /** Which process, when the row is a package deployed as several. */
  processName?: string;
}

interface Draft {
  release?: Release;
  strategy: 'JobsCount' | 'All' | 'Specific';
  robotIds: number[];
  count: number;
  texts: Record<string, string>;
  confirmed: boolean;
}

interface Target {
  connection: Connection;
  folder: FolderById;
  folderLabel: string;
  candidates: Release[];
  /** Run Again: the arguments of the job it repeats. */
  previous?: Record<string, unknown>;
}

const rememberKey = (connection: Connection, folder: FolderContext, release: Release) => `${connection.id}|${'id' in folder ? folder.id : folder.path}|${release.Key}`;

/**
 * Start Job…: from a process, a package (its processes in that folder), a job (Run Again) or the palette. One
 * back-navigable multi-step input: process, how many / which robots, one typed field per declared input argument
 * (checked as typed), a summary to confirm. Then one StartJobs POST, never retried; the jobs are watched.
 */
export const startJob: CommandDefinition = {
  id: CommandId.startJob,
  title: 'Start Job',
  asksFirst: true,
  async run({ ctx, token, progressTitle }, node, given) {
    const signal = abortSignalOf(token);
    const target = await targetOf(ctx, node, signal);
    if (!target) return undefined;
    const { connection, folder } = target;
    // A read-only connection refuses before the user types anything.
    if ((ctx.connections.get(connection.id) ?? connection).protection === 'readOnly') await guardChange(ctx, connection, { what: 'Start a job', detail: '', action: 'Start' });
    const client = ctx.clientFor(connection);
    const request = given && typeof given === 'object' ? (given as StartJobRequest) : undefined;

    const declaredCache = new Map<string, ArgumentField[]>();
    const fieldsOf = async (release: Release): Promise<ArgumentField[]> => {
      const key = `${release.ProcessKey}:${release.ProcessVersion}`;
      let fields = declaredCache.get(key);
      if (!fields) {
        const metadata = await client.packages.getArguments(key, { folder, signal });
        const provided = new Set(Object.keys(releaseInputValues(release)));
        fields = argumentFields(parseArgumentDeclarations(metadata.Input), provided);
        declaredCache.set(key, fields);
      }
      return fields;
    };
    const remembered = (release: Release): Record<string, string> => ctx.state.get(Stored.lastArguments)[rememberKey(connection, folder, release)] ?? {};

    let draft: Draft;
    if (request) {
      const release = request.processName ? target.candidates.find((r) => r.Name === request.processName) : target.candidates[0];
      if (!release) throw new Error(`No process named '${request.processName ?? ''}' in ${target.folderLabel}.`);
      draft = { release, strategy: request.strategy ?? 'JobsCount', robotIds: request.robotIds ?? [], count: request.count ?? 1, texts: request.inputs ?? {}, confirmed: false };
      await fieldsOf(release);
    } else {
      const state: Draft = { release: target.candidates.length === 1 ? target.candidates[0] : undefined, strategy: 'JobsCount', robotIds: [], count: 1, texts: {}, confirmed: false };
      if (state.release) await fieldsOf(state.release);
      const done = await runSteps(state, (s) => steps(ctx, target, s, (r) => declaredCache.get(`${r.ProcessKey}:${r.ProcessVersion}`), fieldsOf, remembered, signal));
      if (!done?.confirmed || !done.release) return undefined;
      draft = done;
    }

    // Everything is checked again here, whatever path filled the draft: nothing invalid is sent.
    const release = draft.release!;
    const fields = await fieldsOf(release);
    const built = buildInputArguments(fields, draft.texts);
    if (!built.ok) throw new Error(`Not started: ${built.problems.join(' ')}`);
    const info: StartInfo = { ReleaseKey: release.Key, Strategy: draft.strategy === 'JobsCount' ? 'ModernJobsCount' : draft.strategy, InputArguments: built.json };
    if (draft.strategy === 'Specific') {
      if (draft.robotIds.length === 0) throw new Error('Not started: choose at least one robot.');
      info.RobotIds = draft.robotIds;
    }
    if (draft.strategy === 'JobsCount') {
      if (!Number.isInteger(draft.count) || draft.count < 1 || draft.count > 100) throw new Error('Not started: the number of jobs must be a whole number from 1 to 100.');
      info.NoOfRobots = draft.count;
    }
    await guardChange(ctx, connection, { what: `Start ${release.Name}`, detail: summaryText(summaryRows(release, draft, built.values, target.folderLabel)), action: 'Start', confirmed: draft.confirmed });
    await ctx.state.update(Stored.lastArguments, { ...ctx.state.get(Stored.lastArguments), [rememberKey(connection, folder, release)]: Object.fromEntries(Object.entries(draft.texts).filter(([, v]) => v !== '')) });

    progressTitle(`Starting ${release.Name}…`);
    let jobs: Job[];
    try {
      jobs = await client.jobs.start(info, { folder, signal });
    } catch (error) {
      if (isOutcomeUnknown(error)) {
        // The POST reached the service and the answer proves nothing: never send it again, never say "failed".
        tellOutcomeUnknown(ctx, `The start request for ${release.Name} was sent, but no clean answer came back (${reasonOf(error)}). The outcome is unknown: the job may or may not have started. Show Jobs lists the jobs of ${release.Name} in ${target.folderLabel}, newest first; look there before starting again.`, {
          'Show Jobs': () => showJobsOfProcess(ctx, connection, folder, release.Name),
        });
        return undefined;
      }
      throw error;
    }
    for (const job of jobs) ctx.jobs.watch(connection, folder, job);
    if ('id' in folder) ctx.explorer.refreshJobsOf(connection.id, folder.id);
    const first = jobs[0];
    if (first) {
      void vscode.window.showInformationMessage(plainText(`Started ${jobs.length === 1 ? 'a job' : `${jobs.length} jobs`} of ${release.Name} in ${target.folderLabel}.`), 'Show Logs', 'Stop').then((choice) => {
        // The job's row, made here: the Jobs row may not be loaded, and Tail Logs and Stop take a row, not a tree node.
        const jobRow = makeRow({ kind: 'job', connection, folder, job: first });
        if (choice === 'Show Logs') void vscode.commands.executeCommand(CommandId.tailLogs, jobRow);
        if (choice === 'Stop') void vscode.commands.executeCommand(CommandId.stopJob, jobRow);
      });
    }
    return jobs.map((j) => j.Key);
  },
};

/**
 * The confirmation's rows: where and how it runs, then one row per argument sent (each readable whole at any width,
 * where one long line was cut off), inert so choosing one does not start or cancel anything.
 */
function summaryRows(release: Release, draft: Draft, values: Record<string, unknown>, folderLabel: string): PickItem[] {
  const robots = draft.strategy === 'All' ? `every robot of ${release.EnvironmentName ?? 'its environment'}` : draft.strategy === 'Specific' ? `${draft.robotIds.length} chosen robot${draft.robotIds.length === 1 ? '' : 's'}` : `${draft.count} job${draft.count === 1 ? '' : 's'}, robots assigned on pickup`;
  const rows: PickItem[] = [
    { label: 'Where', kind: vscode.QuickPickItemKind.Separator, value: '' },
    { label: `$(folder) ${plainText(folderLabel)}`, description: plainText(`${release.ProcessKey} ${release.ProcessVersion}`), value: 'summary', inert: true },
    { label: `$(server-process) ${plainText(robots)}`, value: 'summary', inert: true },
    { label: 'Arguments sent', kind: vscode.QuickPickItemKind.Separator, value: '' },
  ];
  const entries = Object.entries(values);
  if (entries.length === 0) rows.push({ label: '$(info) None given', description: 'the process\'s values and defaults apply', value: 'summary', inert: true });
  for (const [name, value] of entries) rows.push({ label: `$(symbol-field) ${plainText(name)}`, description: plainText(JSON.stringify(value)), value: 'summary', inert: true });
  return rows;
}

/** The same rows as lines, for a modal question. */
const summaryText = (rows: PickItem[]) => rows.filter((r) => r.inert).map((r) => `${r.label.replace(/^\$\([\w-]+\) /, '')}${r.description ? ` ${r.description}` : ''}`).join('\n');

/** The steps, recomputed as answers come in (the argument fields depend on the process). */
function steps(ctx: Ctx, target: Target, s: Draft, knownFields: (r: Release) => ArgumentField[] | undefined, fieldsOf: (r: Release) => Promise<ArgumentField[]>, remembered: (r: Release) => Record<string, string>, signal: AbortSignal): Step<Draft>[] {
  const title = (what: string) => `Start Job${s.release ? ` — ${s.release.Name}` : ''}: ${what}`;
  const list: Step<Draft>[] = [];
  list.push({
    kind: 'pick', title: title('process'), placeholder: `Type to filter the processes of ${target.folderLabel}`,
    skip: () => target.candidates.length === 1,
    items: () => target.candidates.map((r) => ({ label: r.Name, description: `${r.ProcessKey} ${r.ProcessVersion}`, detail: r.Description ?? undefined, value: String(r.Id) })),
    apply: (state, value) => {
      state.release = target.candidates.find((r) => String(r.Id) === value);
      state.texts = {};
    },
  });
  list.push({
    kind: 'pick', title: title('robots'),
    items: async (state) => {
      // Loading the argument declarations here keeps the next steps ready when the user moves on.
      if (state.release) await fieldsOf(state.release);
      return [
        { label: '$(symbol-number) A number of jobs', description: 'robots assigned when each job is picked up', value: 'JobsCount' },
        { label: '$(hubot) All robots', description: `one job per robot of ${state.release?.EnvironmentName ?? 'the environment'}`, value: 'All' },
        { label: '$(checklist) Specific robots…', description: 'choose them, with their state', value: 'Specific' },
      ];
    },
    apply: (state, value) => (state.strategy = value as Draft['strategy']),
  });
  list.push({
    kind: 'input', title: title('how many jobs'), prompt: 'A whole number from 1 to 100.', skip: (state) => state.strategy !== 'JobsCount',
    value: (state) => String(state.count),
    validate: (v) => (/^\d{1,3}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 100 ? undefined : 'Enter a whole number from 1 to 100.'),
    apply: (state, v) => (state.count = Number(v)),
  });
  list.push({
    kind: 'pick', title: title('which robots'), many: true, placeholder: 'Space selects; Enter confirms', skip: (state) => state.strategy !== 'Specific',
    items: (state) => robotItems(ctx, target, state.release!, state.robotIds, signal),
    apply: (state, value) => (state.robotIds = value.split(',').map(Number)),
  });
  const fields = s.release ? knownFields(s.release) ?? [] : [];
  const last = s.release ? remembered(s.release) : {};
  for (const field of fields) {
    const preset = (state: Draft) => state.texts[field.name] ?? last[field.name] ?? (target.previous && field.name in target.previous ? fieldText(field, target.previous[field.name]) : '');
    const label = `${field.name} (${field.type.replace(/^System\./, '')}${field.mandatory ? ', required' : field.hasDefault ? ', has a default' : ', optional'})`;
    if (field.kind === 'boolean') {
      list.push({
        kind: 'pick', title: title(label),
        items: (state) => [
          { label: 'true', value: 'true', picked: preset(state) === 'true' },
          { label: 'false', value: 'false', picked: preset(state) === 'false' },
          ...(field.mandatory ? [] : [{ label: 'Leave unset', description: field.hasDefault ? 'the package default applies' : 'the process value applies, if any', value: '' }]),
        ].sort((a, b) => Number(b.picked ?? false) - Number(a.picked ?? false)),
        apply: (state, value) => (state.texts[field.name] = value),
      });
    } else {
      list.push({
        kind: 'input', title: title(label), prompt: `${field.hint}${field.mandatory ? '' : ' Leave empty to keep the process value or the default.'}${last[field.name] !== undefined ? ' (Filled in with what you used last time.)' : ''}`,
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
    kind: 'pick', title: title('confirm'),
    items: (state) => {
      const built = buildInputArguments(fields, state.texts);
      const connection = ctx.connections.get(target.connection.id) ?? target.connection;
      const protection = connection.protection === 'confirm' ? `${connection.label} asks before every change` : `${connection.label}`;
      if (!built.ok) return [{ label: '$(error) Cannot start', detail: built.problems.join(' '), value: 'no' }];
      return [
        { label: `$(play) Start ${state.release?.Name ?? ''}`, description: protection, value: 'yes' },
        { label: 'Cancel', value: 'no' },
        ...summaryRows(state.release!, state, built.values, target.folderLabel),
      ];
    },
    apply: (state, value) => (state.confirmed = value === 'yes'),
  });
  return list;
}

/** The environment's robots with their session state, so the user picks ones that can run now. */
async function robotItems(ctx: Ctx, target: Target, release: Release, chosen: number[], signal: AbortSignal): Promise<PickItem[]> {
  const client = ctx.clientFor(target.connection);
  const robots: Robot[] = release.EnvironmentId != null
    ? (await client.assets.environmentRobots(release.EnvironmentId, { folder: target.folder, signal, query: { top: 1000 } })).items
    : (await client.robots.list({ folder: target.folder, signal, query: { top: 1000, orderBy: [{ path: 'Name' }] } })).items;
  if (robots.length === 0) throw new Error(`${release.EnvironmentName ?? 'The environment'} has no robots. Choose "A number of jobs" instead.`);
  const sessions = await client.robots.sessionsOf(robots.map((r) => r.Id), { folder: target.folder, signal });
  return robots.map((robot) => {
    const session = sessions.get(robot.Id);
    const state = session ? (session.IsUnresponsive ? 'unresponsive' : session.State) : 'state unknown';
    return { label: `${session?.State === 'Available' && !session.IsUnresponsive ? '$(pass)' : '$(circle-slash)'} ${robot.Name}`, description: `${state} · ${robot.MachineName ?? ''}`, value: String(robot.Id), picked: chosen.includes(robot.Id) };
  });
}

/** Which processes the command can start, from the row it was run on (or from pickers on the palette). */
async function targetOf(ctx: Ctx, node: unknown, signal: AbortSignal): Promise<Target | undefined> {
  const row = node === undefined ? undefined : rowOf(node, 'process', 'package', 'job');
  if (row) {
    const { connection, folder } = row;
    const folderLabel = folderLabelOf(ctx, connection, folder);
    const releases = ctx.clientFor(connection).releases;
    if (row.kind === 'process') return { connection, folder, folderLabel, candidates: [row.release] };
    if (row.kind === 'package') {
      const candidates = (await releases.list({ folder, signal, query: { filter: eq('ProcessKey', row.package.Id), orderBy: [{ path: 'Name' }], top: 1000 } })).items;
      if (candidates.length === 0) throw new Error(`No process in ${folderLabel} runs ${row.package.Id}. Deploy it as a process first, then start it.`);
      return { connection, folder, folderLabel, candidates };
    }
    if (row.kind === 'job') {
      const { job } = row;
      const client = ctx.clientFor(connection);
      const [full, found] = await Promise.all([client.jobs.get(job.Key, { folder, signal }), releases.list({ folder, signal, query: { filter: eq('Name', job.ReleaseName ?? ''), top: 1 } })]);
      const release = found.items[0];
      if (!release) throw new Error(`The process ${job.ReleaseName ?? ''} of this job no longer exists in ${folderLabel}.`);
      let previous: Record<string, unknown> | undefined;
      try {
        previous = full.InputArguments ? (JSON.parse(full.InputArguments) as Record<string, unknown>) : undefined;
      } catch {
        previous = undefined;
      }
      return { connection, folder, folderLabel, candidates: [release], previous };
    }
  }
  // The palette: connection, then folder (the active one first), then the process is the first step.
  const connection = await pickConnection(ctx, undefined, 'Start a job on which connection?', (c) => Boolean(ctx.accountFor(c.id)));
  if (!connection) return undefined;
  const client = ctx.clientFor(connection);
  const folderPick = await pickFolder(ctx, connection, 'Start Job: folder', signal);
  if (!folderPick) return undefined;
  const folder = { id: folderPick.id };
  const candidates = (await client.releases.list({ folder, signal, query: { orderBy: [{ path: 'Name' }], top: 1000 } })).items;
  if (candidates.length === 0) throw new Error(`There are no processes in ${folderPick.label}. Deploy a package as a process first.`);
  return { connection, folder, folderLabel: folderPick.label, candidates };
}

function folderLabelOf(ctx: Ctx, connection: Connection, folder: FolderById): string {
  const summary = optionalRowOf(ctx.explorer.find(RowIds.folder(connection.id, folder.id)), 'folder')?.summary;
  const active = ctx.active.get();
  return summary?.FullyQualifiedName ?? summary?.DisplayName ?? (active.connectionId === connection.id && active.folder?.id === folder.id ? active.folder.path : `folder ${folder.id}`);
}
