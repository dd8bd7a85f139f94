import { localTimestamp } from '../../core/logs/logLines';
import type { LogSlot } from '../../core/logs/logPages';
import { jobDuration } from '../../core/orchestrator/jobWatch';
import { FINAL_JOB_STATES } from '../../core/orchestrator/jobs';
import type { Job } from '../../core/orchestrator/schemas';
import type { ContentEntry } from '../../shared/protocol/common';
import type { JobDetails, LogLine } from '../../shared/protocol/jobPanel';
import { contentEntry } from './queueItemDetails';

/** Arguments are JSON text of an object; anything else is shown as the text it is, never dropped. */
function argumentsOf(json: string | null | undefined, name: string): ContentEntry[] | null {
  if (json === null || json === undefined || json.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return Object.entries(parsed).map(([k, v]) => contentEntry(k, v));
  } catch {
    // Not JSON: shown as the text it is.
  }
  return [contentEntry(name, json)];
}

/** Text fields the service may add beyond the spec's table (the job's priority, an expanded machine). */
const extra = (job: Job, field: string): string | null => {
  const value: unknown = Object.getOwnPropertyDescriptor(job, field)?.value;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const name: unknown = Object.getOwnPropertyDescriptor(value, 'Name')?.value;
    if (typeof name === 'string') return name;
  }
  return null;
};

/** One job, shaped for the job panel. */
export function jobDetails(job: Job, now = Date.now()): JobDetails {
  return {
    id: job.Id,
    key: job.Key,
    process: job.ReleaseName ?? null,
    state: job.State,
    running: !FINAL_JOB_STATES.has(job.State),
    robot: job.Robot?.Name ?? null,
    machine: job.Robot?.MachineName ?? extra(job, 'Machine'),
    host: job.HostMachineName ?? null,
    source: job.Source ?? null,
    priority: extra(job, 'JobPriority'),
    created: job.CreationTime,
    started: job.StartTime ?? null,
    ended: job.EndTime ?? null,
    duration: job.StartTime || job.EndTime ? jobDuration(job, now) : null,
    input: argumentsOf(job.InputArguments, 'InputArguments'),
    output: argumentsOf(job.OutputArguments, 'OutputArguments'),
    info: job.Info ?? null,
  };
}

/** Characters of a log message the list shows. */
const MESSAGE_SHOWN = 2_000;

/** A window's slot as the page shows it: time in the reader's zone (as in the Output tail), level, message. */
export function logLineOf(slot: LogSlot): LogLine {
  if ('problem' in slot) return { problem: slot.problem };
  const { line } = slot;
  // A line is one row of the list: a message of any length is cut (its start says what it is; Tail in Output has all).
  return {
    id: line.Id,
    time: localTimestamp(line.TimeStamp),
    level: line.Level.slice(0, 40),
    message: line.Message.length > MESSAGE_SHOWN ? `${line.Message.slice(0, MESSAGE_SHOWN)}…` : line.Message,
  };
}
