import * as z from 'zod/mini';
import type { CallOptions, ODataBase } from './base';
import { EntitySet } from './entitySet';
import { ExportSchema, JobSchema, type Job } from './schemas';
import { checkInputArgumentsText } from './limits';
import { t } from '../l10n';

export interface StartInfo {
  ReleaseKey: string;
  /** All: every robot of the environment; Specific: RobotIds; ModernJobsCount/RobotCount: NoOfRobots jobs. */
  Strategy: 'All' | 'Specific' | 'RobotCount' | 'JobsCount' | 'ModernJobsCount';
  RobotIds?: number[];
  NoOfRobots?: number;
  InputArguments?: string;
}

/** The states a job never leaves. */
export const FINAL_JOB_STATES: ReadonlySet<string> = new Set(['Successful', 'Faulted', 'Stopped']);

const StartedJobsSchema = z.looseObject({ value: z.array(JobSchema) });

/** Jobs: the list is rate limited (and carries no arguments); Jobs(<key>) is not. */
export class JobsApi extends EntitySet<Job> {
  constructor(base: ODataBase) {
    super(base, 'Jobs', JobSchema, { rateLimited: true });
  }

  /** One job with its input and output arguments; by Id or Key. Not rate limited: use it to watch a job. */
  override async get(key: number | string, options: CallOptions = {}) {
    const path = typeof key === 'number' ? this.base.entity('Jobs', key) : `/odata/Jobs(${key})`;
    if (typeof key === 'string' && !/^[0-9a-fA-F-]{36}$/.test(key))
      this.base.check('GET /odata/Jobs', t("'{0}' is not a job key.", key));
    return this.base.get(path, JobSchema, options);
  }

  /** One POST, never retried: a failure after sending leaves the outcome unknown, which the caller must say. */
  async start(startInfo: StartInfo, options: CallOptions = {}) {
    const path = this.base.operation('Jobs', 'StartJobs');
    const endpoint = `POST ${path}`;
    if (startInfo.InputArguments !== undefined)
      this.base.check(endpoint, checkInputArgumentsText(startInfo.InputArguments));
    if (startInfo.Strategy === 'Specific' && !startInfo.RobotIds?.length)
      this.base.check(endpoint, t('Choose at least one robot.'));
    if (startInfo.NoOfRobots !== undefined && (!Number.isInteger(startInfo.NoOfRobots) || startInfo.NoOfRobots < 1))
      this.base.check(endpoint, t('The number of jobs must be a whole number of at least 1.'));
    return (await this.base.post(path, { startInfo }, options, StartedJobsSchema)).value;
  }

  stop(id: number, strategy: 'SoftStop' | 'Kill', options: CallOptions = {}) {
    return this.base.post(this.base.operationOn('Jobs', id, 'StopJob'), { strategy }, options);
  }

  stopMany(jobIds: number[], strategy: 'SoftStop' | 'Kill', options: CallOptions = {}) {
    return this.base.post(this.base.operation('Jobs', 'StopJobs'), { jobIds, strategy }, options);
  }

  export(options: CallOptions = {}) {
    return this.base.post(this.base.operation('Jobs', 'Export'), {}, options, ExportSchema);
  }
}
