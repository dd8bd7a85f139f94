import { badRequest, ErrorCode, HttpError, notFound } from '../../server/errors';
import type { Call, ODataRoute } from '../context';
import { byKey, inFolder } from '../respond';
import type { Release } from '../state';
import { bodyOf } from './body';
import * as route from './entityRoutes';

export const MAX_INPUT_ARGUMENTS_CHARS = 10_000;

const RELEASES = route.entity('Releases', 'Release', (t) => t.releases);

export function releaseOf(call: Call): Release {
  return route.rowOf(call, RELEASES);
}

/** Input values: JSON text of an object, at most 10,000 characters (spec, Other limits). */
export function checkInputArguments(text: unknown, field: string): string | null {
  if (text === null || text === undefined) return null;
  if (typeof text !== 'string') throw badRequest(`${field} must be JSON text of an object.`);
  if (text.length > MAX_INPUT_ARGUMENTS_CHARS) {
    throw new HttpError(
      400,
      ErrorCode.inputTooLarge,
      `${field} is ${text.length} characters; the limit is ${MAX_INPUT_ARGUMENTS_CHARS}.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(`${field} is not valid JSON.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest(`${field} must be a JSON object of argument name to value.`);
  return text;
}

function moveToVersion(call: Call, release: Release, version: string): void {
  const pkg = call.tenant.packages.find((p) => p.Id === release.ProcessKey && p.Version === version && !p.$isLibrary);
  if (!pkg) throw notFound(`Package ${release.ProcessKey} has no version '${version}'.`);
  if (version !== release.ProcessVersion) release.$previousVersions.push(release.ProcessVersion);
  release.ProcessVersion = version;
  release.IsLatestVersion = pkg.IsLatestVersion;
  // Input values of arguments the new version does not declare are dropped, as the service re-reads the arguments.
  const declared: { name: string }[] = pkg.Arguments?.Input ? JSON.parse(pkg.Arguments.Input) : [];
  const names = new Set(['SandboxOutcome', ...declared.map((a) => a.name)]);
  if (release.InputArguments) {
    const values: Record<string, unknown> = JSON.parse(release.InputArguments);
    release.InputArguments = JSON.stringify(Object.fromEntries(Object.entries(values).filter(([n]) => names.has(n))));
    release.Arguments = { Input: release.InputArguments, Output: release.Arguments?.Output ?? null };
  }
  call.changed();
}

function latestVersion(call: Call, release: Release): string {
  const latest = call.tenant.packages.find((p) => p.Id === release.ProcessKey && p.IsLatestVersion && !p.$isLibrary);
  if (!latest) throw notFound(`Package ${release.ProcessKey} no longer exists.`);
  return latest.Version;
}

function applyFields(call: Call, release: Release, body: ReturnType<typeof bodyOf>, replace: boolean): void {
  if (replace || body.has('Name')) release.Name = body.string('Name', { max: 128 });
  if (body.has('Description'))
    release.Description =
      body.raw.Description === null ? null : body.string('Description', { max: 500, optional: true });
  const input = body.has('Arguments')
    ? body.object('Arguments').Input
    : body.has('InputArguments')
      ? body.raw.InputArguments
      : undefined;
  if (input !== undefined) {
    const text = checkInputArguments(input, body.has('Arguments') ? 'Arguments.Input' : 'InputArguments');
    release.InputArguments = text;
    release.Arguments = { Input: text, Output: release.Arguments?.Output ?? null };
  }
  if (body.has('EnvironmentId')) {
    const env = call.tenant.environments.find(
      (e) => e.Id === body.int('EnvironmentId') && e.$folderId === release.$folderId,
    );
    if (!env) throw badRequest(`EnvironmentId ${String(body.raw.EnvironmentId)} is not an environment of this folder.`);
    release.EnvironmentId = Number(env.Id);
    release.EnvironmentName = String(env.Name);
  }
}

/** An action moving a process to another package version (`to` picks it), answered with the process. */
const versionMove = (operation: string, to: (call: Call, release: Release) => string) =>
  route.entityAction(RELEASES, operation, { permissions: ['Processes.Edit'] }, (call, release) => {
    moveToVersion(call, release, to(call, release));
    return route.oneOf(call, RELEASES, release);
  });

export const RELEASE_ROUTES: ODataRoute[] = [
  // Beyond the spec: without a folder header, the rows of every folder the caller may use (README).
  route.list(RELEASES, { scope: 'optionalFolder', permissions: ['Processes.View'] }),
  route.get(RELEASES, { permissions: ['Processes.View'] }),
  route.update(RELEASES, { method: 'PATCH', permissions: ['Processes.Edit'] }, (call, release, body) =>
    applyFields(call, release, body, false),
  ),
  route.update(RELEASES, { permissions: ['Processes.Edit'], replyRow: true }, (call, release, body) =>
    applyFields(call, release, body, true),
  ),
  route.create(RELEASES, { permissions: ['Processes.Create'] }, (call, body) => {
    const processKey = body.string('ProcessKey');
    const version = body.has('ProcessVersion') ? body.string('ProcessVersion') : undefined;
    const pkg = call.tenant.packages.find(
      (p) => p.Id === processKey && !p.$isLibrary && (version ? p.Version === version : p.IsLatestVersion),
    );
    if (!pkg) throw notFound(`Package ${processKey}${version ? ` ${version}` : ''} does not exist.`);
    const env = call.tenant.environments.find(
      (e) => e.$folderId === call.folder!.Id && (!body.has('EnvironmentId') || e.Id === body.int('EnvironmentId')),
    );
    if (!env) throw badRequest('EnvironmentId must name an environment of this folder.');
    const release: Release = {
      Id: call.tenant.nextId++,
      Key: call.random.uuid(),
      Name: '',
      Description: null,
      ProcessKey: pkg.Id,
      ProcessVersion: pkg.Version,
      IsLatestVersion: pkg.IsLatestVersion,
      IsProcessDeleted: false,
      EnvironmentId: Number(env.Id),
      EnvironmentName: String(env.Name),
      InputArguments: null,
      Arguments: { Input: null, Output: pkg.Arguments?.Output ?? null },
      OrganizationUnitId: call.folder!.Id,
      $folderId: call.folder!.Id,
      $previousVersions: [],
    };
    applyFields(call, release, body, true);
    const name = release.Name.toLowerCase();
    if (call.tenant.releases.some((r) => r.$folderId === release.$folderId && r.Name.toLowerCase() === name))
      throw route.conflict(`A process named '${release.Name}' already exists in this folder.`);
    return release;
  }),
  route.remove(RELEASES, { permissions: ['Processes.Delete'] }),
  versionMove('UpdateToSpecificPackageVersion', (call) => bodyOf(call.req).string('packageVersion')),
  versionMove('UpdateToLatestPackageVersion', latestVersion),
  route.setAction(RELEASES, 'UpdateToLatestPackageVersionBulk', { permissions: ['Processes.Edit'] }, (call) => {
    const ids = bodyOf(call.req).intArray('releaseIds');
    const releases = ids.map((id) => byKey(inFolder(call, call.tenant.releases), id, 'Release'));
    for (const release of releases) moveToVersion(call, release, latestVersion(call, release));
    const versions = releases.map((r) => ({ Id: r.Id, ProcessVersion: r.ProcessVersion }));
    return route.valueReply(call, 'Releases', versions);
  }),
  route.entityAction(
    RELEASES,
    'RollbackToPreviousReleaseVersion',
    {
      permissions: ['Processes.Edit'],
      refusal: (release) =>
        release.$previousVersions.length > 0
          ? undefined
          : `Process '${release.Name}' has no previous version to roll back to.`,
    },
    (call, release) => {
      moveToVersion(call, release, release.$previousVersions.pop()!);
      release.$previousVersions.pop(); // moveToVersion recorded the version we just left; a rollback is not itself undoable.
      return route.oneOf(call, RELEASES, release);
    },
  ),
];
