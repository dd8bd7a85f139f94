import * as z from 'zod/mini';
import { LOG_LEVELS } from '../../core/logs/logLines';
import { connectionId, contentEntry, list, nonEmptyText, parseMessage, readyMessage, requestId, text } from './common';
import { runHistoryView } from './runHistory';

// Host ⇄ webview messages of the job panel.

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const lineNumber = z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

/** What the panel's state keeps and the serializer restores: the job's identity, nothing it shows. */
export const jobPanelIdentity = z.strictObject({
  connectionId,
  folderId: z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
  jobKey: z.string().check(z.regex(UUID)),
});
export type JobPanelIdentity = z.infer<typeof jobPanelIdentity>;

/** The actions the panel may ask for: an allow-list, never a command id. */
export const jobPanelActions = [
  'refresh',
  'runAgain',
  'stop',
  'kill',
  'tailInOutput',
  'copyKey',
  'openInPortal',
  /** Follow the running job again after following it failed. */
  'follow',
] as const;
export type JobPanelAction = (typeof jobPanelActions)[number];

/** Lines one request of the page may ask for: what one service page holds. */
export const LOG_LINES_PER_REQUEST = 1_000;

export const logLevel = z.enum(LOG_LEVELS);

export const jobPanelFromWebview = z.discriminatedUnion('type', [
  readyMessage,
  z.strictObject({ type: z.literal('request'), id: requestId, action: z.enum(jobPanelActions) }),
  /** Lines `from` up to `to` of the log at the panel's level. */
  z.strictObject({ type: z.literal('logLines'), id: requestId, from: lineNumber, to: lineNumber }),
  /** Show the log from this level up; the reply carries the new total. */
  z.strictObject({ type: z.literal('logLevel'), id: requestId, level: logLevel }),
  /** The next line from `from` whose message contains `text`. */
  z.strictObject({ type: z.literal('logFind'), id: requestId, text: nonEmptyText(200), from: lineNumber }),
  z.strictObject({ type: z.literal('logFirstError'), id: requestId }),
  /** Stops a search that runs. */
  z.strictObject({ type: z.literal('logStop') }),
  /** The process's recent runs (one Jobs request, then kept until Refresh). */
  z.strictObject({ type: z.literal('history'), id: requestId }),
  /** Opens the panel of another run of the process (a key from the history). */
  z.strictObject({ type: z.literal('openRun'), id: requestId, jobKey: z.string().check(z.regex(UUID)) }),
]);
export type JobPanelFromWebview = z.infer<typeof jobPanelFromWebview>;

const nullableText = (max?: number) => z.nullable(text(max));
const isoTime = z.nullable(text(40));

/** One job's fields as the panel shows them: text, never markup. */
export const jobDetails = z.strictObject({
  id: z.int(),
  key: text(100),
  process: nullableText(1_000),
  state: text(100),
  /** The job has not ended: its state is followed and its log grows. */
  running: z.boolean(),
  robot: nullableText(1_000),
  machine: nullableText(1_000),
  host: nullableText(1_000),
  source: nullableText(1_000),
  priority: nullableText(100),
  created: isoTime,
  started: isoTime,
  ended: isoTime,
  duration: nullableText(100),
  /** Input and output arguments; null when the service sent none (or not JSON: then one entry with the text). */
  input: z.nullable(list(contentEntry, 10_000)),
  output: z.nullable(list(contentEntry, 10_000)),
  info: nullableText(),
});
export type JobDetails = z.infer<typeof jobDetails>;

/** A log line as the page shows it, or why the service's row at that place cannot be shown. */
export const logLine = z.union([
  z.strictObject({ id: z.int(), time: text(40), level: text(40), message: text() }),
  z.strictObject({ problem: text(2_000) }),
]);
export type LogLine = z.infer<typeof logLine>;

export const jobPanelToWebview = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('loading') }),
  z.strictObject({
    type: z.literal('show'),
    identity: jobPanelIdentity,
    job: jobDetails,
    /** The package and version the job's process runs (from its release), when it could be read. */
    processVersion: z.optional(z.strictObject({ package: text(1_000), version: text(200) })),
    /** Lines in the log at `level` when the job was read. */
    logTotal: z.nullable(lineNumber),
    /** Why the log cannot be read (no Logs.View, a failure), when it cannot. */
    logProblem: z.optional(text()),
    level: logLevel,
    /** The connection refuses changes (protection level read-only). */
    readOnly: z.boolean(),
  }),
  /** The job moved (a new state, an end) or its log grew; the page keeps its place in the log. */
  z.strictObject({ type: z.literal('update'), job: jobDetails, logTotal: z.nullable(lineNumber) }),
  z.strictObject({ type: z.literal('failed'), identity: jobPanelIdentity, message: text() }),
  /** Following the running job failed (the page offers Follow Again). */
  z.strictObject({ type: z.literal('followStopped'), reason: text(1_000) }),
  /** A search that runs: lines read so far of those it will read. */
  z.strictObject({ type: z.literal('logProgress'), read: lineNumber, of: lineNumber }),
  z.strictObject({
    type: z.literal('reply'),
    id: requestId,
    ok: z.boolean(),
    message: z.optional(text()),
    /** logLines: the lines from `from`. */
    lines: z.optional(z.strictObject({ from: lineNumber, lines: list(logLine, LOG_LINES_PER_REQUEST) })),
    /** logLevel: the log's length at that level. */
    total: z.optional(lineNumber),
    /** logFind, logFirstError: the line found (null when none). */
    found: z.optional(z.nullable(lineNumber)),
    /** history: the process's recent runs. */
    history: z.optional(runHistoryView),
  }),
]);
export type JobPanelToWebview = z.infer<typeof jobPanelToWebview>;

export const parseJobPanelFromWebview = (raw: unknown) => parseMessage(jobPanelFromWebview, raw);
export const parseJobPanelToWebview = (raw: unknown) => parseMessage(jobPanelToWebview, raw);
