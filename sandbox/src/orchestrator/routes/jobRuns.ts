// Beyond the spec (README): running a finished job again, and resuming one its robot suspended.
import { badRequest } from '../../server/errors';
import { json } from '../../server/http';
import type { ODataRoute } from '../context';
import { FINAL_STATES } from '../simulator';
import { bodyOf } from './body';
import * as route from './entityRoutes';
import { JOBS, jobOf, jobReply, newJob } from './jobs';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const JOB_RUN_ROUTES: ODataRoute[] = [
  // A new job of the same process with the same input; only a finished job can be run again.
  route.setAction(JOBS, 'RestartJob', { permissions: ['Jobs.Create'] }, (call) => {
    const jobId = bodyOf(call.req).int('jobId');
    const job = jobOf(call, jobId);
    if (!FINAL_STATES.has(job.State))
      throw route.conflict(
        `Job ${job.Id} is ${job.State}: only a finished job (Successful, Faulted or Stopped) can be restarted.`,
      );
    const release = call.tenant.releases.find((r) => r.Id === job.$releaseId);
    if (!release) throw route.conflict(`The process of job ${job.Id} ('${job.ReleaseName}') was deleted.`);
    const restarted = newJob(call, release, null, job.$inputArguments ?? '{}', call.random.uuid());
    call.tenant.jobs.push(restarted);
    call.changed();
    return jobReply(call, restarted);
  }),
  // Suspended → Resumed; a robot picks it up again (Running) and it finishes. Any other state is a 409 naming it.
  route.setAction(JOBS, 'ResumeJob', { permissions: ['Jobs.Edit'] }, (call) => {
    const jobKey = bodyOf(call.req).string('jobKey');
    if (!GUID.test(jobKey)) throw badRequest(`'jobKey' must be a job's Key (a GUID), got '${jobKey}'.`);
    const job = jobOf(call, jobKey);
    if (job.State !== 'Suspended')
      throw route.conflict(`Job ${job.Id} is ${job.State}: only a Suspended job can be resumed.`);
    Object.assign(job, { State: 'Resumed', $resumedAt: call.clock.iso() });
    call.changed();
    return json({});
  }),
];
