import { badRequest, notFound } from '../../server/errors';
import { empty, json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey, list, one, requireKeyInt, sets } from '../respond';
import type { Robot } from '../state';
import { queryLogs } from '../logs';
import { bodyOf } from './body';
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

export const ROBOT_ROUTES: ODataRoute[] = [
  {
    method: 'GET',
    set: 'Robots',
    scope: 'optionalFolder',
    permissions: ['Robots.View'],
    handler: (call) => list(call, sets(call).Robots, robotsIn(call)),
  },
  {
    method: 'GET',
    set: 'Robots',
    key: true,
    scope: 'optionalFolder',
    permissions: ['Robots.View'],
    handler: (call) => one(call, sets(call).Robots, byKey(robotsIn(call), requireKeyInt(call, 'Robots'), 'Robot')),
  },
  {
    method: 'POST',
    set: 'Robots',
    scope: 'optionalFolder',
    permissions: ['Robots.Create'],
    handler: (call) => {
      const body = bodyOf(call.req);
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
      call.tenant.robots.push(robot);
      call.tenant.sessions.push({
        Id: call.tenant.nextId++,
        State: 'Available',
        ReportingTime: call.clock.iso(),
        Info: null,
        IsUnresponsive: false,
        $robotId: robot.Id,
      });
      call.changed();
      return one(call, sets(call).Robots, robot);
    },
  },
  ...(['PUT', 'PATCH'] as const).map((method): ODataRoute => ({
    method,
    set: 'Robots',
    key: true,
    scope: 'optionalFolder',
    permissions: ['Robots.Edit'],
    handler: (call) => {
      const robot = byKey(robotsIn(call), requireKeyInt(call, 'Robots'), 'Robot');
      applyRobot(call, robot, bodyOf(call.req), method === 'PUT');
      call.changed();
      return json({});
    },
  })),
  {
    method: 'DELETE',
    set: 'Robots',
    key: true,
    scope: 'optionalFolder',
    permissions: ['Robots.Delete'],
    handler: (call) => {
      const robot = byKey(robotsIn(call), requireKeyInt(call, 'Robots'), 'Robot');
      call.tenant.robots = call.tenant.robots.filter((r) => r !== robot);
      call.tenant.sessions = call.tenant.sessions.filter((s) => s.$robotId !== robot.Id);
      call.changed();
      return empty(204);
    },
  },
  {
    method: 'POST',
    set: 'Robots',
    operation: 'DeleteBulk',
    scope: 'optionalFolder',
    permissions: ['Robots.Delete'],
    handler: (call) => {
      const ids = bodyOf(call.req).intArray('robotIds');
      for (const id of ids) byKey(robotsIn(call), id, 'Robot');
      call.tenant.robots = call.tenant.robots.filter((r) => !ids.includes(r.Id));
      call.tenant.sessions = call.tenant.sessions.filter((s) => !ids.includes(s.$robotId));
      call.changed();
      return empty(204);
    },
  },
  {
    method: 'GET',
    set: 'Robots',
    operation: 'GetRobotsForProcess',
    parameters: { processId: 'string' },
    scope: 'folder',
    permissions: ['Robots.View', 'Environments.View', 'Processes.View'],
    handler: (call) => {
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
      return list(
        call,
        sets(call).Robots,
        call.tenant.robots.filter((r) => ids.has(r.Id)),
      );
    },
  },
  {
    method: 'GET',
    set: 'Robots',
    operation: 'GetMachineNameToLicenseKeyMappings',
    scope: 'tenant',
    permissions: ['Robots.Create', 'Machines.View'],
    handler: (call) =>
      json({
        '@odata.context': `${call.odataBase}/$metadata#Collection(${call.options.namespace}.MachineNameToLicenseKeyMappingDto)`,
        value: call.tenant.machines.map((m) => ({ MachineName: m.Name, LicenseKey: m.LicenseKey })),
      }),
  },
  {
    method: 'GET',
    set: 'Robots',
    operation: 'GetUsernames',
    scope: 'optionalFolder',
    permissions: ['Robots.View'],
    handler: (call) =>
      json({
        '@odata.context': `${call.odataBase}/$metadata#Collection(Edm.String)`,
        value: [...new Set(robotsIn(call).map((r) => r.Username))],
      }),
  },
  {
    method: 'POST',
    set: 'Robots',
    operation: 'ConvertToFloating',
    scope: 'optionalFolder',
    permissions: ['Robots.Edit'],
    handler: (call) => {
      const robot = byKey(robotsIn(call), bodyOf(call.req).int('robotId'), 'Robot');
      robot.HostingType = 'Floating';
      call.changed();
      return json({});
    },
  },
  {
    method: 'GET',
    set: 'Sessions',
    scope: 'optionalFolder',
    permissions: ['Robots.View'],
    handler: (call) =>
      list(
        call,
        sets(call).Sessions,
        call.tenant.sessions.filter((s) => robotsIn(call).some((r) => r.Id === s.$robotId)),
      ),
  },
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
  {
    method: 'POST',
    set: 'RobotLogs',
    operation: 'Export',
    scope: 'folder',
    permissions: ['Logs.View'],
    exportOperation: true,
    handler: (call) => exportReply(call, 'RobotLogs'),
  },
];
