// The count budgets of test/bench/budgets.ts, checked on the real code in plain Node (vscode stubbed) against the
// sandbox over real HTTP. Counts only: the bench reports the timings.
import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '@orchestrator-workbench/sandbox';
import { activateInNode, storedSignIn } from '../bench/nodeActivation';
import { treeDriver } from '../bench/treeDriver';
import { failuresDriver } from '../bench/failureFigures';
import {
  ACTIVATION_REQUEST_BUDGET,
  FAILURES_ACROSS_FOLDERS_REQUESTS,
  FAILURES_FOLDER_BY_FOLDER_REQUESTS,
  FEED_EXPAND_REQUESTS,
  FOLDER_EXPAND_REQUESTS,
  GROUP_EXPAND_REQUESTS,
  LOAD_MORE_REQUESTS,
  QUEUE_ITEMS_EXPAND_REQUESTS,
  TENANT_EXPAND_REQUESTS,
  TREE_PAGE_SIZE,
} from '../bench/budgets';

describe('performance budget (counts)', () => {
  describe('activation', () => {
    let sandbox: RunningSandbox;
    before(async () => (sandbox = await startSandbox({})));
    after(async () => sandbox.close());

    it('sends no request while activating, even with a signed-in account stored; the first expand then does', async () => {
      const run = await activateInNode('../../src/extension', await storedSignIn(sandbox));
      try {
        assert.deepEqual(
          run.requests,
          [],
          'requests from activate() until the sessions are loaded, and a moment after',
        );
        assert.equal(run.requests.length, ACTIVATION_REQUEST_BUDGET);
        assert.equal(run.activation.requestsBeforeReady, 0, 'what the extension records about itself agrees');
        assert.equal(run.ctx.sessions.accounts().length, 1, 'the stored account was loaded');
        // The control: the counter does see requests once the user expands the tenant (token refresh, the service's
        // API page and the definition it names — read once per connection, then kept — and folders).
        const [tenant] = await run.ctx.explorer.getChildren(undefined);
        const folders = await run.ctx.explorer.getChildren(tenant);
        assert.ok(
          folders.some((f) => String(f.item().label) === 'Shared'),
          'the signed-in tenant lists its folders',
        );
        assert.equal(
          run.ctx.requestsSent,
          4,
          'one token refresh, the API page, the definition it names and one page of folders',
        );
        assert.equal(run.ctx.dialects.readings, 1, 'the definition was read once');
        await run.ctx.explorer.getChildren(folders.find((f) => String(f.item().label) === 'Shared'));
        assert.equal(run.ctx.dialects.readings, 1, 'and not again for the next rows');
      } finally {
        await run.deactivate();
      }
    });
  });

  describe('tree on the large sandbox', function () {
    this.timeout(120_000);
    let sandbox: RunningSandbox;
    before(async () => (sandbox = await startSandbox({ scale: 'large', rateLimitPerMinute: 1_000_000 })));
    after(async () => sandbox.close());

    it('expands tenant → folder → each group and the packages feed within its request budget; Load more is one request', async () => {
      const driver = await treeDriver(sandbox);
      const { tenant, folder, groups, feed } = await driver.expandFolder('Shared');
      assert.equal(tenant.requests, TENANT_EXPAND_REQUESTS, 'tenant');
      assert.equal(folder.requests, FOLDER_EXPAND_REQUESTS, 'folder');
      assert.deepEqual(Object.keys(groups), Object.keys(GROUP_EXPAND_REQUESTS), 'the six groups');
      for (const [name, group] of Object.entries(groups)) {
        assert.equal(group.requests, GROUP_EXPAND_REQUESTS[name], `${name}: requests`);
        assert.ok(group.rows > 0, `${name}: rows`);
      }
      assert.equal(feed.requests, FEED_EXPAND_REQUESTS, 'Packages › Feed');
      assert.equal(feed.rows, TREE_PAGE_SIZE + 1, 'a page of the 10,000 packages and Load more');
      const more = await driver.loadMore(feed.node);
      assert.equal(more.requests, LOAD_MORE_REQUESTS);
    });

    it('refreshes Failures (24 hours, 7 days) within its request budget, across folders and folder by folder', async () => {
      const driver = await failuresDriver(sandbox);
      for (const period of ['day', 'week'] as const) {
        const { refresh } = driver.row(period);
        const across = await refresh(false);
        assert.ok(across.rows.length > 1, `${period}: the seeded faults are listed`);
        assert.ok(across.requests >= 1 && across.requests <= FAILURES_ACROSS_FOLDERS_REQUESTS, `${across.requests}`);
        // Folder by folder on 1,000 folders: the refusal, the folders, the Jobs budget of a minute; no more.
        const byFolder = await refresh(true);
        assert.equal(byFolder.requests, FAILURES_FOLDER_BY_FOLDER_REQUESTS);
      }
    });

    it('expands All Items of the 100,000-item queue in one request; pages 10,000 items of it in 10,000 / 50 requests, each once, never holding more than the list limit', async () => {
      const driver = await treeDriver(sandbox);
      const first = await driver.firstItems(await driver.allItems('Invoices', 'InvoicesToProcess'));
      assert.equal(first.requests, QUEUE_ITEMS_EXPAND_REQUESTS);
      assert.equal(first.rows, TREE_PAGE_SIZE);
      const walked = await driver.walkItems(await driver.allItems('Invoices', 'InvoicesToProcess'), 10_000);
      assert.equal(walked.result.seen, 10_000, 'every item, none twice');
      assert.equal(
        walked.requests,
        10_000 / TREE_PAGE_SIZE,
        'each page once: the rows after these go on where paging was',
      );
      assert.equal(walked.result.most, driver.listLimit, 'the list never held more than its limit');
    });
  });
});
