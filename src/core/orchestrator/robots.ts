import { z } from 'zod';
import type { CallOptions, ODataBase, ListOptions } from './base';
import { anyOf } from '../odata/filter';
import { ExportSchema, RobotLogSchema, RobotSchema, SessionSchema, type Session } from './schemas';

const MAX_TOP = 1000;
/** Robot logs kept in a search index: only the first 10,000 entries of a query are reachable. */
export const LOG_WINDOW = 10_000;

/** Robots, their sessions and their logs. */
export class RobotsApi {
  constructor(private readonly base: ODataBase) {}

  list(options: ListOptions = {}) {
    return this.base.getPage('/odata/Robots', RobotSchema, { ...options, maxTop: MAX_TOP });
  }

  get(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Robots', id), RobotSchema, options);
  }

  create(
    robot: { Name: string; Username: string; Type: string; MachineName?: string; Description?: string },
    options: CallOptions = {},
  ) {
    return this.base.send('POST', '/odata/Robots', robot, RobotSchema, options);
  }

  replace(
    id: number,
    robot: { Name: string; Type: string; Username?: string; Password?: string | null; Description?: string | null },
    options: CallOptions = {},
  ) {
    return this.base.send('PUT', this.base.entity('Robots', id), robot, undefined, options);
  }

  update(id: number, changes: { Name?: string; Description?: string | null }, options: CallOptions = {}) {
    return this.base.send('PATCH', this.base.entity('Robots', id), changes, undefined, options);
  }

  delete(id: number, options: CallOptions = {}) {
    return this.base.send('DELETE', this.base.entity('Robots', id), undefined, undefined, options);
  }

  deleteMany(robotIds: number[], options: CallOptions = {}) {
    return this.base.send('POST', this.base.operation('Robots', 'DeleteBulk'), { robotIds }, undefined, options);
  }

  forProcess(processId: string, options: ListOptions = {}) {
    return this.base.getPage(this.base.operation('Robots', 'GetRobotsForProcess', { processId }), RobotSchema, options);
  }

  machineLicenseKeys(options: CallOptions = {}) {
    return this.base.get(
      this.base.operation('Robots', 'GetMachineNameToLicenseKeyMappings', {}),
      z.looseObject({ value: z.array(z.looseObject({ MachineName: z.string(), LicenseKey: z.string().nullable() })) }),
      options,
    );
  }

  usernames(options: CallOptions = {}) {
    return this.base.get(
      this.base.operation('Robots', 'GetUsernames', {}),
      z.looseObject({ value: z.array(z.string()) }),
      options,
    );
  }

  convertToFloating(robotId: number, options: CallOptions = {}) {
    return this.base.send('POST', this.base.operation('Robots', 'ConvertToFloating'), { robotId }, undefined, options);
  }

  sessions(options: ListOptions = {}) {
    return this.base.getPage('/odata/Sessions', SessionSchema, { ...options, maxTop: MAX_TOP });
  }

  /**
   * The sessions of exactly these robots (state, unresponsive), by robot id, in one request. A failure leaves the
   * robots without state (an empty map) unless the caller cancelled.
   */
  async sessionsOf(robotIds: readonly number[], options: CallOptions = {}): Promise<Map<number, Session>> {
    const sessions = new Map<number, Session>();
    if (robotIds.length === 0) return sessions;
    try {
      const found = await this.sessions({
        ...options,
        query: { filter: anyOf('Robot/Id', robotIds), expand: ['Robot'], top: MAX_TOP },
      });
      for (const session of found.items) if (session.Robot) sessions.set(session.Robot.Id, session);
    } catch (error) {
      if (options.signal?.aborted) throw error;
    }
    return sessions;
  }

  /** One page of robot logs; skip + top beyond the 10,000-entry window is refused before sending. */
  async logs(options: ListOptions = {}) {
    const { top = 100, skip = 0 } = options.query ?? {};
    this.base.check(
      'GET /odata/RobotLogs',
      skip + top > LOG_WINDOW
        ? `Only the first ${LOG_WINDOW.toLocaleString('en')} log entries of a query can be read; narrow the filter (for example by time).`
        : undefined,
    );
    return this.base.getPage('/odata/RobotLogs', RobotLogSchema, { ...options, maxTop: MAX_TOP });
  }

  exportLogs(options: CallOptions = {}) {
    return this.base.send('POST', this.base.operation('RobotLogs', 'Export'), {}, ExportSchema, options);
  }
}
