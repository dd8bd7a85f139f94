// The job panel's figures from the real editor (editor/jobPanel.ts measures them in the extension host): open → first
// paint, page jumps and scrolling through the 1,000,000-line log, and the extension host's heap meanwhile.
import { median, type Figures } from './figures';

export interface JobPanelReport {
  /** Lines at Trace (the whole log). */
  total: number;
  /** Each open: ms from Show Job to the page's `ready`, to the job posted, to the first lines posted; requests. */
  opens: { ready: number; show: number; firstLines: number; requests: number }[];
  /** The last page, the first, the middle: ms each. */
  endStartMiddle: number[];
  jumps: number[];
  jumpRequests: number;
  scrolled: number[];
  scrollRequests: number;
  /** Heap used in MB (after a full collection, except the peak: sampled between pages). */
  heap: { before: number; opened: number; peak: number; after: number; closed: number };
}

const ms = (values: number[]) => values.map((v) => Math.round(v));
const mb = (value: number) => Math.round(value * 10) / 10;

export function jobPanelFigures(figures: Figures, report: JobPanelReport): void {
  const { opens, heap } = report;
  const [cold, ...warm] = opens;
  figures.timing(
    'editor.jobPanel.firstPaint.ms',
    'job panel, 1,000,000-line log: Show Job → state and first lines posted to the page',
    ms(opens.map((o) => o.firstLines)),
    'ms',
    `first open (loads the panel's code) ${Math.round(cold!.firstLines)} ms; medians: page ready ${Math.round(
      median(warm.map((o) => o.ready)),
    )} ms, job posted ${Math.round(median(warm.map((o) => o.show)))} ms`,
  );
  figures.add(
    'editor.jobPanel.open.requests',
    'job panel: requests per open, up to the first lines shown',
    Math.max(...opens.map((o) => o.requests)),
    'requests',
  );
  figures.timing(
    'editor.jobPanel.jump.ms',
    'job panel: a page jump (200 lines) across the log, through the panel',
    ms(report.jumps),
    'ms',
    `end, start, middle: ${ms(report.endStartMiddle).join(', ')} ms; ${report.jumpRequests} requests for ${report.jumps.length} jumps`,
  );
  figures.timing(
    'editor.jobPanel.scroll.ms',
    'job panel: the next page scrolled on (200 lines)',
    ms(report.scrolled),
    'ms',
    `${report.scrollRequests} requests for ${report.scrolled.length} pages`,
  );
  // What reading the log adds: the heap after the jumps and scrolling less the heap with the panel just opened (both
  // after a full collection). The growth since before the first open is mostly the panel's code, loaded once.
  const pages = report.jumps.length + report.endStartMiddle.length + report.scrolled.length;
  figures.add(
    'editor.jobPanel.heapMB',
    `extension host heap added by reading ${pages} pages across the 1,000,000-line log (the panel open)`,
    mb(heap.after - heap.opened),
    'MB',
    {
      note: `heap ${mb(heap.before)} MB before the first open, ${mb(heap.opened)} MB with the panel open, ${mb(heap.after)} MB after the pages, ${mb(heap.closed)} MB once closed; at most ${mb(heap.peak)} MB uncollected between pages`,
    },
  );
}
