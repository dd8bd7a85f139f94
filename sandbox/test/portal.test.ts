import assert from 'node:assert/strict';
import { type Api, DIALECTS, odata, signInWithFolders, useSandbox } from './helpers';

/** The web portal's pages, at the addresses Open in Web Portal builds (src/core/portalLinks.ts; README, Web portal). */
for (const d of DIALECTS) {
  describe(`web portal (${d.name})`, () => {
    const sandbox = useSandbox(d.options);
    let api: Api;
    let folders: Record<string, number>;
    before(async () => {
      ({ api, folders } = await signInWithFolders(sandbox(), 'admin'));
    });

    /** The page at a path below the orchestration portal (the tenant's service URL), its status and text. */
    async function page(url: string): Promise<{ status: number; html: string; headers: Headers }> {
      const res = await fetch(url);
      const html = await res.text();
      if (res.status === 200 || res.status === 404) {
        assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8', url);
        assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'/);
        assert.doesNotMatch(res.headers.get('content-security-policy') ?? '', /script-src|unsafe/);
        assert.doesNotMatch(html, /<script/i);
      }
      return { status: res.status, html, headers: res.headers };
    }
    const heading = (html: string) => /<h1 id="name">(.*?)<\/h1>/.exec(html)?.[1];
    const portal = () => sandbox().orchestratorUrl;

    it('shows the tenant, a folder, a process, a job, a queue, a queue item and an asset', async () => {
      const [s, q] = [folders.Shared!, folders.Invoices!];
      const get = async (set: string, folderId: number, query: Record<string, string> = {}) =>
        (await api.get(odata(set, { $top: '1', ...query }), { folderId })).body.value[0];
      const [release, job, queue, item, asset] = [
        await get('Releases', s),
        await get('Jobs', s),
        await get('QueueDefinitions', q),
        await get('QueueItems', q, { $filter: 'Reference ne null' }),
        await get('Assets', s),
      ];
      const expected: [string, string][] = [
        [`${portal()}/`, 'main'],
        [`${portal()}/folders/${q}`, 'Shared/Finance/Invoices'],
        [`${portal()}/folders/${s}/processes/${release.Id}`, release.Name],
        [`${portal()}/folders/${s}/jobs/${job.Id}`, `${job.ReleaseName} (job ${job.Id})`],
        [`${portal()}/folders/${q}/queues/${queue.Id}`, queue.Name],
        [`${portal()}/folders/${q}/queues/${queue.Id}/items/${item.Id}`, item.Reference],
        [`${portal()}/folders/${s}/assets/${asset.Id}`, asset.Name],
      ];
      for (const [url, name] of expected) {
        const { status, html } = await page(url);
        assert.equal(status, 200, url);
        assert.equal(heading(html), name, url);
      }
      const jobPage = (await page(`${portal()}/folders/${s}/jobs/${job.Id}`)).html;
      assert.match(jobPage, new RegExp(`<dd>${job.State}</dd>`));
      assert.match(jobPage, new RegExp(job.Key));
    });

    it('shows ideas and store automations at the idea portal', async () => {
      const ideas = `${sandbox().url}/sandbox/main/ideas_`;
      const idea = await page(`${ideas}/ideas/1`);
      assert.equal(idea.status, 200);
      assert.equal(heading(idea.html), 'Automate invoice matching');
      const store = await page(`${ideas}/store/4`);
      assert.equal(store.status, 200, 'a live automation');
      assert.match(store.html, /<p>Store automation<\/p>/);
      const notLive = await page(`${ideas}/store/1`);
      assert.equal(notLive.status, 404);
      assert.match(notLive.html, /No automation 1 is published in the store/);
      assert.equal((await page(`${ideas}/ideas/999`)).status, 404);
    });

    it('escapes service text: a name with markup shows as text', async () => {
      const name = `<img src=x onerror="alert(1)">&amp;`;
      const made = await api.post(
        odata('Assets'),
        { Name: name, ValueScope: 'Global', ValueType: 'Text', StringValue: '</dd><script>alert(2)</script>' },
        { folderId: folders.Shared },
      );
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const { html } = await page(`${portal()}/folders/${folders.Shared}/assets/${made.body.Id}`);
      assert.doesNotMatch(html, /<img/);
      assert.equal(heading(html), '&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;amp;');
      assert.match(html, /&#60;\/dd&#62;&#60;script&#62;/);
    });

    it('answers a clear 404 page for an entity that does not exist or is in another folder', async () => {
      const job = (await api.get(odata('Jobs', { $top: '1' }), { folderId: folders.Shared })).body.value[0];
      for (const [path, message] of [
        [`/folders/999999`, 'Folder 999999 does not exist in tenant main.'],
        [`/folders/${folders.Shared}/jobs/999999`, `Job 999999 does not exist in folder &#39;Shared&#39;.`],
        [`/folders/${folders.HR}/jobs/${job.Id}`, `Job ${job.Id} does not exist in folder &#39;Shared/HR&#39;.`],
        [`/folders/${folders.Shared}/jobs/abc`, 'ids are integers'],
        [`/folders/${folders.Shared}/robots/1`, 'No portal page at'],
        [`/folders/${folders.Shared}/queues/1/items/999999`, 'Queue item 999999 does not exist'],
      ] as const) {
        const { status, html } = await page(`${portal()}${path}`);
        assert.equal(status, 404, path);
        assert.ok(html.includes(message), `${path}: ${html}`);
      }
    });

    if (!d.segment)
      it('serves the same pages on premises, at the service’s root', async () => {
        const job = (await api.get(odata('Jobs', { $top: '1' }), { folderId: folders.Shared })).body.value[0];
        const { status, html } = await page(`${sandbox().url}/folders/${folders.Shared}/jobs/${job.Id}`);
        assert.equal(status, 200);
        assert.equal(heading(html), `${job.ReleaseName} (job ${job.Id})`);
      });
  });
}
