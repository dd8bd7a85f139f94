// Loaded as extensionTestsPath: the job panel on the sandbox's 1,000,000-line log, in the real editor. Each open runs
// Show Job's own call (ctx.panels.showJob) and times, from the extension host, when the page said `ready`, when the
// job's state was posted, and when the first log lines the page asked for were posted back (first paint; the page's
// own drawing of them is not included). Then, in one panel: the whole log (Trace), page jumps end → start → middle
// and across the log, 50 pages scrolled on, and the extension host's heap before the reading and after it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { and, contains, eq } from '../../../src/core/odata/filter';
import type { JobPanel } from '../../../src/host/webviews/jobPanel';
import type { JobPanelToWebview } from '../../../src/shared/protocol/jobPanel';
import { extensionContext } from '../../support/extensionContext';
import { measure } from './report';

export const OPENS = 5;
const PAGE = 200;
const JUMPS = 12;
const SCROLLED = 50;

export function run(): Promise<void> {
  return measure(jobPanelFigures);
}

/** A full collection before reading the heap, so the figure is what is held, not what is waiting to be collected. */
function heapMB(): number {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('no gc in the extension host');
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function jobPanelFigures(): Promise<Record<string, unknown>> {
  const ctx = await extensionContext();
  await ctx.ready;
  const connection = ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  await ctx.auth.createSession([`connection:${connection.id}`]);
  const client = ctx.clientFor(connection);
  const folder = (await client.folders.list()).items.find((f) => f.DisplayName === 'Accounts Payable')!;
  const job = (
    await client.jobs.list({
      folder: { id: folder.Id },
      query: { filter: and(eq('State', 'Faulted'), contains('Info', 'INV 99999')), top: 1 },
    })
  ).items[0]!;
  const identity = { connectionId: connection.id, folderId: folder.Id, jobKey: job.Key };

  const heapBefore = heapMB();
  const opens: { ready: number; show: number; firstLines: number; requests: number }[] = [];
  /** The panel open: emptied once it is closed, so that nothing here holds it while the heap is read. */
  const shown: JobPanel[] = [];
  for (let i = 0; i < OPENS; i++) {
    shown.pop()?.panel.dispose();
    const sentBefore = client.transport.sent;
    const started = performance.now();
    const times: { ready?: number; show?: number; firstLines?: number } = {};
    const firstLines = new Promise<void>((resolve) => {
      void ctx.panels.showJob(identity, job.ReleaseName ?? undefined).then((opened) => {
        shown.push(opened);
        const host = opened.host;
        const firstLinesId: number[] = [];
        const receive = host.receive.bind(host);
        host.receive = (raw: unknown) => {
          const message = typeof raw === 'object' && raw !== null ? raw : {};
          const type = 'type' in message ? message.type : undefined;
          if (type === 'ready') times.ready ??= performance.now() - started;
          if (type === 'logLines' && firstLinesId.length === 0 && 'id' in message && typeof message.id === 'number')
            firstLinesId.push(message.id);
          return receive(raw);
        };
        const post = host.post.bind(host);
        host.post = (message) => {
          post(message);
          if (message.type === 'show') times.show ??= performance.now() - started;
          if (message.type === 'reply' && message.id === firstLinesId[0] && message.lines) {
            times.firstLines ??= performance.now() - started;
            resolve();
          }
        };
      });
    });
    await Promise.race([
      firstLines,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no first lines within 60 s')), 60_000)),
    ]);
    opens.push({
      ready: times.ready ?? NaN,
      show: times.show ?? NaN,
      firstLines: times.firstLines ?? NaN,
      requests: client.transport.sent - sentBefore,
    });
  }

  // The panel open, its code loaded, the first page shown: what reading the log adds is measured from here.
  const heapOpened = heapMB();
  const read = await readAcrossLog(shown[0]!, () => client.transport.sent);
  shown.pop()!.panel.dispose();
  // The editor tells the extension the panel closed a moment later.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const heapClosed = heapMB();

  return {
    jobPanel: {
      total: read.total,
      opens,
      endStartMiddle: read.endStartMiddle,
      jumps: read.jumps,
      jumpRequests: read.jumpRequests,
      scrolled: read.scrolled,
      scrollRequests: read.scrollRequests,
      heap: {
        before: heapBefore,
        opened: heapOpened,
        peak: Math.max(...read.heapPeaks),
        after: read.heapAfter,
        closed: heapClosed,
      },
    },
  };
}

/**
 * The whole log, then page jumps and scrolling through the panel's own message handling; the heap after, panel open.
 * A function of its own so that nothing of the reading (replies, the panel's host) is held once it returns.
 */
async function readAcrossLog(panel: JobPanel, sent: () => number) {
  // Through the panel's own message handling, as the page's scrolling sends them.
  const host = panel.host;
  let nextId = 10_000;
  const replies = new Map<number, Extract<JobPanelToWebview, { type: 'reply' }>>();
  const post = host.post.bind(host);
  host.post = (message) => {
    if (message.type === 'reply') replies.set(message.id, message);
    post(message);
  };
  const ask = async (message: Record<string, unknown>) => {
    const id = nextId++;
    const at = performance.now();
    await host.receive({ ...message, id });
    // Taken out, not kept: a map of every reply would hold each page's lines and be counted as the panel's heap.
    const reply = replies.get(id);
    replies.delete(id);
    if (!reply?.ok)
      throw new Error(`No good reply to ${JSON.stringify(message)}: ${JSON.stringify(reply)?.slice(0, 300)}`);
    return { ms: performance.now() - at, reply };
  };
  const all = await ask({ type: 'logLevel', level: 'Trace' });
  const total = all.reply.total ?? NaN;
  const page = (from: number) => ask({ type: 'logLines', from, to: Math.min(total, from + PAGE) });
  const heapPeaks: number[] = [];
  const sample = () => heapPeaks.push(process.memoryUsage().heapUsed / 1024 / 1024);
  const endStartMiddle: number[] = [];
  for (const from of [total - PAGE, 0, Math.floor(total / 2)]) {
    endStartMiddle.push((await page(from)).ms);
    sample();
  }
  const sentBeforeJumps = sent();
  const jumps: number[] = [];
  for (let i = 1; i <= JUMPS; i++) {
    jumps.push((await page(Math.floor((i / (JUMPS + 1)) * total))).ms);
    sample();
  }
  const jumpRequests = sent() - sentBeforeJumps;
  const scrolled: number[] = [];
  const sentBeforeScroll = sent();
  for (let i = 0, from = Math.floor(total / 2) + PAGE; i < SCROLLED; i++, from += PAGE) {
    scrolled.push((await page(from)).ms);
    if (i % 10 === 0) sample();
  }
  const scrollRequests = sent() - sentBeforeScroll;
  const heapAfter = heapMB();
  return { total, endStartMiddle, jumps, jumpRequests, scrolled, scrollRequests, heapPeaks, heapAfter };
}
