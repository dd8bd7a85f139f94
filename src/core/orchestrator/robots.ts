import * as z from 'zod/mini';
import type { CallOptions, ODataBase, ListOptions } from './base';
import { anyOf } from '../odata/filter';
import { EntitySet, MAX_TOP } from './entitySet';
import { ExportSchema, RobotLogSchema, RobotSchema, SessionSchema, type Robot, type Session } from './schemas';
import { formatNumber, t } from '../l10n';
/** Robot logs kept in a search index: only the first 10,000 entries of a query are reachable. */
export const LOG_WINDOW = 10_000;

/** Robots, their sessions and their logs. */
export class RobotsApi extends EntitySet<Robot> {
  readonly sessions: EntitySet<Session>;

  constructor(base: ODataBase) {
    super(base, 'Robots', RobotSchema);
    this.sessions = new EntitySet(base, 'Sessions', SessionSchema);
  }

  create(
    robot: { Name: string; Username: string; Type: string; MachineName?: string; Description?: string },
    options: CallOptions = {},
  ) {
    return this.base.post(this.path, robot, options, RobotSchema);
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

  deleteMany(robotIds: number[], options: CallOptions = {}) {
    return this.base.post(this.base.operation('Robots', 'DeleteBulk'), { robotIds }, options);
  }

  forProcess(processId: string, options: ListOptions = {}) {
    return this.base.getPage(this.base.operation('Robots', 'GetRobotsForProcess', { processId }), RobotSchema, options);
  }

  machineLicenseKeys(options: CallOptions = {}) {
    return this.base.get(
      this.base.operation('Robots', 'GetMachineNameToLicenseKeyMappings', {}),
      z.looseObject({ value: z.array(z.looseObject({ MachineName: z.string(), LicenseKey: z.nullable(z.string()) })) }),
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
    return this.base.post(this.base.operation('Robots', 'ConvertToFloating'), { robotId }, options);
  }

  /**
   * The sessions of exactly these robots (state, unresponsive), by robot id, in one request. A failure leaves the
   * robots without state (an empty map) unless the caller cancelled.
   */
  async sessionsOf(robotIds: readonly number[], options: CallOptions = {}): Promise<Map<number, Session>> {
    const sessions = new Map<number, Session>();
    if (robotIds.length === 0) return sessions;
    try {
      const found = await this.sessions.list({
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
        ? t(
            'Only the first {0} log entries of a query can be read; narrow the filter (for example by time).',
            formatNumber(LOG_WINDOW),
          )
        : undefined,
    );
    return this.base.getPage('/odata/RobotLogs', RobotLogSchema, { ...options, maxTop: MAX_TOP });
  }

  exportLogs(options: CallOptions = {}) {
    return this.base.post(this.base.operation('RobotLogs', 'Export'), {}, options, ExportSchema);
  }
}
