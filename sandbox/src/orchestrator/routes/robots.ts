import { badRequest, notFound } from '../../server/errors';
import { empty, json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey } from '../respond';
import type { Robot } from '../state';
import { queryLogs } from '../logs';
import { bodyOf } from './body';
import * as route from './entityRoutes';
import { exportReply } from './jobs';

/** With a folder header: the robots assigned to that folder; without: every robot of the tenant. */
const robotsIn = (call: Call) =>
  call.folder ? call.tenant.robots.filter((r) => r.$folderIds.includes(call.folder!.Id)) : call.tenant.robots;
const ROBOT_TYPES = ['Unattended', 'Attended', 'NonProduction', 'Development'];

function applyRobot(call: Call, robot: Robot, body: ReturnType<typeof bodyOf>, replace: boolean): void {
  if (replace || body.has('Name')) robot.Name = body.string('Name', { max: 128 });
  if (body.has('Description'))
    robot.Description = body.raw.Description === null ? null : body.string('Description', { optional: true, max: 500 });
  if (replace || body.has('Type')) {
    const type = body.string('Type');
    if (!ROBOT_TYPES.includes(type)) throw badRequest(`Type must be one of ${ROBOT_TYPES.join(', ')}.`);
    robot.Type = type as Robot['Type'];
  }
  // Same username + empty password keeps the credentials; a new username + empty password switches the username.
  if (body.has('Username')) robot.Username = body.string('Username', { max: 256 });
  if (body.has('MachineName')) {
    const machine = call.tenant.machines.find((m) => m.Name === body.string('MachineName'));
    if (!machine) throw badRequest(`Machine '${String(body.raw.MachineName)}' does not exist.`);
    robot.MachineName = String(machine.Name);
    robot.MachineId = Number(machine.Id);
  }
}

const ROBOTS: route.Entity<'Robots'> = {
  ...route.entity('Robots', 'Robot', (t) => t.robots),
  scope: 'optionalFolder',
  rows: robotsIn,
};
const SESSIONS: route.Entity<'Sessions'> = {
  set: 'Sessions',
  what: 'Session',
  scope: 'optionalFolder',
  rows: (call) => call.tenant.sessions.filter((s) => robotsIn(call).some((r) => r.Id === s.$robotId)),
};

const LOGS = { set: 'RobotLogs', scope: 'folder' } as const;

export const ROBOT_ROUTES: ODataRoute[] = [
  route.list(ROBOTS, { permissions: ['Robots.View'] }),
  route.get(ROBOTS, { permissions: ['Robots.View'] }),
  route.create(ROBOTS, { permissions: ['Robots.Create'] }, (call, body) => {
    const machine = call.tenant.machines[0]!;
    const robot: Robot = {
      Id: call.tenant.nextId++,
      Name: '',
      Username: body.string('Username', { max: 256 }),
      Password: null,
      Description: null,
      Type: 'Unattended',
      HostingType: 'Standard',
      CredentialType: 'Default',
      MachineName: String(machine.Name),
      MachineId: Number(machine.Id),
      LicenseKey: null,
      Version: null,
      RobotEnvironments: '',
      ExecutionSettings: null,
      $folderIds: call.folder ? [call.folder.Id] : [],
    };
    applyRobot(call, robot, body, true);
    call.tenant.sessions.push({
      Id: call.tenant.nextId++,
      State: 'Available',
      ReportingTime: call.clock.iso(),
      Info: null,
      IsUnresponsive: false,
      $robotId: robot.Id,
    });
    return robot;
  }),
  ...(['PUT', 'PATCH'] as const).map((method) =>
    route.update(ROBOTS, { method, permissions: ['Robots.Edit'] }, (call, robot, body) =>
      applyRobot(call, robot, body, method === 'PUT'),
    ),
  ),
  route.remove(ROBOTS, {
    permissions: ['Robots.Delete'],
    removed: (call, robot) => {
      call.tenant.sessions = call.tenant.sessions.filter((s) => s.$robotId !== robot.Id);
    },
  }),
  route.setAction(ROBOTS, 'DeleteBulk', { permissions: ['Robots.Delete'] }, (call) => {
    const ids = bodyOf(call.req).intArray('robotIds');
    for (const id of ids) byKey(robotsIn(call), id, 'Robot');
    call.tenant.robots = call.tenant.robots.filter((r) => !ids.includes(r.Id));
    call.tenant.sessions = call.tenant.sessions.filter((s) => !ids.includes(s.$robotId));
    call.changed();
    return empty(204);
  }),
  route.list(
    ROBOTS,
    {
      operation: 'GetRobotsForProcess',
      parameters: { processId: 'string' },
      scope: 'folder',
      permissions: ['Robots.View', 'Environments.View', 'Processes.View'],
    },
    (call) => {
      const processId = call.params.processId;
      if (typeof processId !== 'string') throw badRequest('processId must be a quoted string.');
      const releases = call.tenant.releases.filter(
        (r) => r.$folderId === call.folder!.Id && (r.ProcessKey === processId || r.Key === processId),
      );
      if (releases.length === 0) throw notFound(`No process '${processId}' in this folder.`);
      const ids = new Set(
        releases.flatMap(
          (r) => (call.tenant.environments.find((e) => e.Id === r.EnvironmentId)?.$robotIds as number[]) ?? [],
        ),
      );
      return call.tenant.robots.filter((r) => ids.has(r.Id));
    },
  ),
  route.setFunction(
    ROBOTS,
    'GetMachineNameToLicenseKeyMappings',
    { scope: 'tenant', permissions: ['Robots.Create', 'Machines.View'] },
    (call) =>
      route.valueReply(
        call,
        `Collection(${call.options.namespace}.MachineNameToLicenseKeyMappingDto)`,
        call.tenant.machines.map((m) => ({ MachineName: m.Name, LicenseKey: m.LicenseKey })),
      ),
  ),
  route.setFunction(ROBOTS, 'GetUsernames', { permissions: ['Robots.View'] }, (call) =>
    route.valueReply(call, 'Collection(Edm.String)', [...new Set(robotsIn(call).map((r) => r.Username))]),
  ),
  route.setAction(ROBOTS, 'ConvertToFloating', { permissions: ['Robots.Edit'] }, (call) => {
    const robot = byKey(robotsIn(call), bodyOf(call.req).int('robotId'), 'Robot');
    robot.HostingType = 'Floating';
    call.changed();
    return json({});
  }),
  route.list(SESSIONS, { permissions: ['Robots.View'] }),
  {
    method: 'GET',
    set: 'RobotLogs',
    scope: 'folder',
    permissions: ['Logs.View'],
    handler: (call) =>
      json(
        queryLogs(
          call.tenant.logs.filter((s) => s.folderId === call.folder!.Id),
          call.req.url.searchParams,
          call.odataBase,
        ),
      ),
  },
  route.setAction(LOGS, 'Export', { permissions: ['Logs.View'], exportOperation: true }, (call) =>
    exportReply(call, 'RobotLogs'),
  ),
];
