// The performance budget that is counts, not times: `npm run bench` prints each figure next to its budget, and the
// budget tests (unit: test/unit/budgets.test.ts, integration: the explorer and extension suites) fail when one is
// exceeded. Timings are only ever reported (medians with min/max), never asserted.

/** Requests sent while activating, up to the stored sessions being loaded. */
export const ACTIVATION_REQUEST_BUDGET = 0;

/** Expanding a tenant: its top-level folders in one page. */
export const TENANT_EXPAND_REQUESTS = 1;
/** Expanding a folder: its subfolders (the groups cost nothing until expanded). */
export const FOLDER_EXPAND_REQUESTS = 1;
/** Expanding each group of a folder: one page; Robots & Sessions brings the page's sessions in one more. */
export const GROUP_EXPAND_REQUESTS: Readonly<Record<string, number>> = {
  Processes: 1,
  Jobs: 1,
  Queues: 1,
  Packages: 1,
  'Robots & Sessions': 2,
  Assets: 1,
};
/** Expanding the Feed inside a folder's Packages (which shows the packages the folder's processes run): one page. */
export const FEED_EXPAND_REQUESTS = 1;
/** Load more: one request for the next page. */
export const LOAD_MORE_REQUESTS = 1;
/** Expanding a queue's All Items (even of the 100,000-item queue): its first page, with the count. */
export const QUEUE_ITEMS_EXPAND_REQUESTS = 1;
/** Rows per page in the tree (so N rows cost N / 50 requests). */
export const TREE_PAGE_SIZE = 50;

/** Listing every item of a queue: pages of 100 ($top on QueueItems is capped at 100), the count from the first page. */
export const QUEUE_ITEMS_PER_REQUEST = 100;
/** The large sandbox's queue, and the most requests listing it may take. */
export const LARGE_QUEUE_ITEMS = 100_000;
export const LARGE_QUEUE_REQUEST_BUDGET = LARGE_QUEUE_ITEMS / QUEUE_ITEMS_PER_REQUEST;

/** A log tail loses and repeats nothing. */
export const TAIL_LINES_LOST = 0;
export const TAIL_LINES_DUPLICATED = 0;

/**
 * GET Jobs and GET QueueItems share 100 requests/minute/tenant (the service's limit for callers like us). A session
 * with both trees visible and two watched jobs may use at most this share of it, leaving the rest to the user's
 * scripts and colleagues.
 */
export const RATE_LIMITED_PER_MINUTE_BUDGET = 10;
/** The service's limit on GET Jobs and GET QueueItems for non-automation callers (spec, Limits). */
export const SERVICE_RATE_LIMIT_PER_MINUTE = 100;

/**
 * What activation parses, in KiB (minified): extension.mjs, src/main.ts's chunk and what they import. Commands, panels, the documents'
 * checks and the browser sign-in load on first use. Checked by test/unit/bundle.test.ts on the production build.
 */
export const ACTIVATION_BUNDLE_KIB_BUDGET = 225;

/**
 * A Failures refresh where the service reads across folders: the first page of faulted jobs and the further pages up
 * to the cap (src/core/jobs/failureReads.ts: 500 jobs in pages of 100).
 */
export const FAILURES_ACROSS_FOLDERS_REQUESTS = 5;
/**
 * Where the service refuses that read: the refusal, one Folders read, then one Jobs read per folder, never more than
 * the tenant's Jobs budget left this minute (50 on a fresh connection).
 */
export const FAILURES_FOLDER_BY_FOLDER_REQUESTS = 1 + 1 + 50;
