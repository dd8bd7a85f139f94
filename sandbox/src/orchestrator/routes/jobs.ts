import { badRequest, ErrorCode, HttpError, notFound } from '../../server/errors';
import { json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { inFolder, one, sets } from '../respond';
import type { Job, Release, Robot } from '../state';
import { FINAL_STATES } from '../simulator';
import { bodyOf } from './body';
import * as route from './entityRoutes';
import { stripInternal } from '../../odata/query';
import { checkInputArguments } from './releases';
import { sampleFaultFor } from '../faultTexts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Jobs(<key>) takes the integer Id or the Key GUID (bare or quoted). */
export function jobOf(call: Call, key: unknown = call.key): Job {
  const jobs = inFolder(call, call.tenant.jobs);
  const job =
    typeof key === 'number'
      ? jobs.find((j) => j.Id === key)
      : typeof key === 'string' && GUID.test(key)
        ? jobs.find((j) => j.Key.toLowerCase() === key.toLowerCase())
        : undefined;
  if (typeof key !== 'number' && !(typeof key === 'string' && GUID.test(key)))
    throw badRequest(`A job key is an integer id or a GUID, got ${JSON.stringify(key)}.`);
  if (!job) throw notFound(`Job ${String(key)} does not exist in this folder.`);
  return job;
}

/** One job as GET Jobs(<key>) answers it: unlike the list, with its arguments. */
export function jobReply(call: Call, job: Job) {
  const reply = one(call, sets(call).Jobs, job);
  if (reply.kind === 'json')
    Object.assign(reply.body as object, { InputArguments: job.$inputArguments, OutputArguments: job.$outputArguments });
  return reply;
}

interface DeclaredArgument {
  name: string;
  type: string;
  required?: boolean;
  hasDefault?: boolean;
}

/** Checks job input against the package's declared inputs: no unknown names, required ones present. */
function checkAgainstDeclared(call: Call, processKey: string, version: string, merged: Record<string, unknown>): void {
  const pkg = call.tenant.packages.find((p) => p.Id === processKey && p.Version === version);
  const declared: DeclaredArgument[] = pkg?.Arguments?.Input ? JSON.parse(pkg.Arguments.Input) : [];
  const names = new Map(declared.map((d) => [d.name.toLowerCase(), d]));
  for (const key of Object.keys(merged)) {
    if (!names.has(key.toLowerCase()) && key !== 'SandboxOutcome')
      throw badRequest(`Input argument '${key}' is not declared by ${processKey} ${version}.`);
  }
  for (const d of declared) {
    if (d.required && !d.hasDefault && (merged[d.name] === undefined || merged[d.name] === null))
      throw badRequest(`Required input argument '${d.name}' (${d.type}) is missing.`);
  }
}

/**
 * The process a start names: by `ReleaseKey`, or (beyond the spec, as real services take it) by `ReleaseName`, which
 * must name exactly one process of the folder (names compared case-insensitively).
 */
function releaseToStart(call: Call, info: ReturnType<typeof bodyOf>): Release {
  const releases = inFolder(call, call.tenant.releases);
  if (!info.has('ReleaseKey') && info.has('ReleaseName')) {
    const name = info.string('ReleaseName', { max: 256 });
    const named = releases.filter((r) => r.Name.toLowerCase() === name.trim().toLowerCase());
    if (named.length === 0) throw notFound(`No process named '${name}' in this folder.`);
    if (named.length > 1)
      throw badRequest(`${named.length} processes are named '${name}' in this folder; start one by its ReleaseKey.`);
    return named[0]!;
  }
  if (!info.has('ReleaseKey')) throw badRequest('startInfo needs ReleaseKey (a GUID) or ReleaseName.');
  const releaseKey = info.string('ReleaseKey');
  if (!GUID.test(releaseKey)) throw badRequest(`startInfo.ReleaseKey must be a GUID, got '${releaseKey}'.`);
  const release = releases.find((r) => r.Key.toLowerCase() === releaseKey.toLowerCase());
  if (!release) throw notFound(`No process with key ${releaseKey} in this folder.`);
  return release;
}

/** A new Pending job of a release; `input` is the merged input arguments' JSON text. */
export function newJob(call: Call, release: Release, robot: Robot | null, input: string, batch: string): Job {
  const merged = JSON.parse(input) as Record<string, unknown>;
  // The sample project's package faults on some inputs with its own texts (README, "The sample project").
  const fault = sampleFaultFor(release.ProcessKey, merged);
  const outcome = merged.SandboxOutcome === 'Faulted' || fault ? 'Faulted' : 'Successful';
  const runMs = call.options.jobDurationMs;
  return {
    Id: call.tenant.nextId++,
    Key: call.random.uuid(),
    State: 'Pending',
    Source: 'Manual',
    BatchExecutionKey: batch,
    Info: null,
    CreationTime: call.clock.iso(),
    StartTime: null,
    EndTime: null,
    StartingScheduleId: null,
    ReleaseName: release.Name,
    HostMachineName: robot?.MachineName ?? null,
    ProcessType: 'Process',
    OrganizationUnitId: release.$folderId,
    OutputFile: null,
    $inputArguments: input,
    $outputArguments: null,
    $robotId: robot?.Id ?? null,
    $releaseId: release.Id,
    $folderId: release.$folderId,
    // SandboxOutcome Suspended: the robot suspends the job half-way (README, Jobs); ResumeJob lets it finish.
    $plan: {
      runMs,
      outcome,
      ...(fault ? { fault } : {}),
      ...(merged.SandboxOutcome === 'Suspended' ? { suspendAtMs: Math.floor(runMs / 2) } : {}),
    },
  };
}

function startJobs(call: Call) {
  const startInfo = bodyOf(call.req).object('startInfo');
  const info = bodyOf({ ...call.req, body: startInfo });
  const release = releaseToStart(call, info);
  const strategy = info.has('Strategy') ? info.string('Strategy') : 'ModernJobsCount';
  const environment = call.tenant.environments.find((e) => e.Id === release.EnvironmentId);
  const envRobots = ((environment?.$robotIds as number[]) ?? [])
    .map((id) => call.tenant.robots.find((r) => r.Id === id))
    .filter((r): r is Robot => Boolean(r));
  let robots: (Robot | null)[];
  switch (strategy) {
    case 'All':
      robots = envRobots;
      if (robots.length === 0)
        throw new HttpError(
          409,
          ErrorCode.conflict,
          `Environment ${release.EnvironmentName} has no robots to run '${release.Name}'.`,
        );
      break;
    case 'Specific': {
      const ids = info.intArray('RobotIds');
      if (ids.length === 0)
        throw badRequest('startInfo.RobotIds must list at least one robot for the Specific strategy.');
      robots = ids.map((id) => {
        const robot = envRobots.find((r) => r.Id === id);
        if (!robot)
          throw badRequest(`Robot ${id} is not in environment ${release.EnvironmentName} of '${release.Name}'.`);
        return robot;
      });
      break;
    }
    case 'RobotCount':
    case 'JobsCount':
    case 'ModernJobsCount': {
      const count = info.has('NoOfRobots') ? info.int('NoOfRobots') : info.has('JobsCount') ? info.int('JobsCount') : 1;
      if (count < 1 || count > 100) throw badRequest('startInfo.NoOfRobots must be from 1 to 100.');
      robots = Array.from({ length: count }, () => null);
      break;
    }
    default:
      throw badRequest(
        `startInfo.Strategy '${strategy}' is not one of All, Specific, RobotCount, JobsCount, ModernJobsCount.`,
      );
  }
  const input = checkInputArguments(
    info.has('InputArguments') ? info.raw.InputArguments : undefined,
    'startInfo.InputArguments',
  );
  const merged = {
    ...(release.InputArguments ? JSON.parse(release.InputArguments) : {}),
    ...(input ? JSON.parse(input) : {}),
  };
  checkAgainstDeclared(call, release.ProcessKey, release.ProcessVersion, merged);
  const mergedText = JSON.stringify(merged);
  if (mergedText.length > 10_000)
    throw new HttpError(
      400,
      ErrorCode.inputTooLarge,
      `The job's input arguments are ${mergedText.length} characters; the limit is 10,000.`,
    );

  const batch = call.random.uuid();
  const jobs = robots.map((robot) => newJob(call, release, robot, mergedText, batch));
  call.tenant.jobs.push(...jobs);
  call.changed();
  return json({
    '@odata.context': `${call.odataBase}/$metadata#Jobs`,
    value: jobs.map((j) => stripInternal(sets(call).Jobs.present!(j))),
  });
}

function requestStop(call: Call, job: Job, strategy: string): void {
  if (strategy !== 'SoftStop' && strategy !== 'Kill')
    throw badRequest(`strategy must be SoftStop or Kill, got '${strategy}'.`);
  if (FINAL_STATES.has(job.State)) throw route.conflict(`Job ${job.Id} already finished (${job.State}).`);
  if (job.State === 'Pending' || job.State === 'Suspended') {
    const info = job.State === 'Pending' ? 'Stopped before it started.' : 'Stopped while suspended.';
    Object.assign(job, { State: 'Stopped', EndTime: call.clock.iso(), Info: info });
  } else {
    job.$stopRequested = strategy;
    job.State = strategy === 'Kill' ? 'Terminating' : 'Stopping';
  }
  call.changed();
}

export const JOBS = route.entity('Jobs', 'Job', (t) => t.jobs);
const BY_ID_OR_KEY = { keyType: 'integerOrUuid' as const };

export const JOB_ROUTES: ODataRoute[] = [
  // Beyond the spec: without a folder header, the rows of every folder the caller may use (README).
  route.list(JOBS, { scope: 'optionalFolder', permissions: ['Jobs.View'], rateLimited: true }),
  route.keyed(JOBS, 'GET', undefined, { ...BY_ID_OR_KEY, permissions: ['Jobs.View'] }, (call) =>
    jobReply(call, jobOf(call)),
  ),
  // Beyond the spec: a job by its Key across every folder the caller may use, whatever folder header is sent.
  route.setFunction(
    JOBS,
    'GetByKey',
    { parameters: { identifier: 'uuid' }, scope: 'optionalFolder', permissions: ['Jobs.View'] },
    (call) => {
      const identifier = call.params.identifier;
      if (typeof identifier !== 'string' || !GUID.test(identifier))
        throw badRequest(`identifier must be a job's Key (a GUID), got ${JSON.stringify(identifier ?? null)}.`);
      return jobReply(call, jobOf({ ...call, folder: undefined }, identifier));
    },
  ),
  route.setAction(JOBS, 'StartJobs', { permissions: ['Jobs.Create'] }, startJobs),
  route.keyed(JOBS, 'POST', 'StopJob', { ...BY_ID_OR_KEY, permissions: ['Jobs.Edit'] }, (call) => {
    requestStop(call, jobOf(call), bodyOf(call.req).string('strategy'));
    return json({});
  }),
  route.setAction(JOBS, 'StopJobs', { permissions: ['Jobs.Edit'] }, (call) => {
    const body = bodyOf(call.req);
    const ids = body.intArray('jobIds');
    if (ids.length === 0) throw badRequest('jobIds must list at least one job.');
    const strategy = body.string('strategy');
    const jobs = ids.map((id) => jobOf(call, id));
    // All or nothing (README): a finished job refuses the whole request before any job is touched.
    const finished = jobs.filter((job) => FINAL_STATES.has(job.State));
    if (finished.length > 0)
      throw route.conflict(
        `Nothing was stopped: ${finished.map((job) => `job ${job.Id} already finished (${job.State})`).join(', ')}.`,
      );
    for (const job of jobs) requestStop(call, job, strategy);
    return json({});
  }),
  route.setAction(JOBS, 'Export', { permissions: ['Jobs.View'], exportOperation: true }, (call) =>
    exportReply(call, 'Jobs'),
  ),
];

export function exportReply(call: Call, what: string) {
  return json({
    '@odata.context': `${call.odataBase}/$metadata#Exports/$entity`,
    Id: call.tenant.nextId++,
    Name: `${what}-export-${call.clock.iso().slice(0, 10)}`,
    Type: what,
    Status: 'New',
    RequestedAt: call.clock.iso(),
  });
}
