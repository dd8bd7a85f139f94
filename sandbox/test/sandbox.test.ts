import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Api, folderIds, NS, odata, useSandbox, signInWithFolders } from './helpers';
import { startSandbox } from '../src/index';

/** The package's command, `orchestrator-sandbox` (it loads src/cli.ts through tsx). */
const BIN = join(__dirname, '..', 'bin', 'orchestrator-sandbox.mjs');

/** Starts the command and collects its announcement lines. */
async function launch(args: string[]): Promise<{ child: ChildProcess; lines: Record<string, string> }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Record<string, string> = {};
  const reader = createInterface({ input: child.stdout! });
  for await (const line of reader) {
    const [name, ...rest] = line.split(' ');
    if (name === 'sandbox' && rest[0] === 'ready') lines.ready = rest[1]!;
    else lines[name!] = rest.join(' ');
    if (lines['ideas-app-key']) break;
  }
  return { child, lines };
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGINT');
  if (child.exitCode === null) await once(child, 'exit');
}

describe('sandbox command line', () => {
  it('prints where each service listens, and the idea-service credentials', async () => {
    const { child, lines } = await launch(['--port', '0', '--seed', '7']);
    try {
      const base = lines.ready!;
      assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(lines.identity, `${base}/identity`);
      assert.equal(lines.orchestrator, `${base}/sandbox/main`);
      assert.equal(lines.ideas, `${base}/sandbox/main/ideas_/api/v1/openapi`);
      assert.match(lines['ideas-token']!, /^\S+$/);
      const res = await fetch(`${lines.ideas}/idea-schema`, {
        headers: { authorization: `Bearer ${lines['ideas-token']}`, 'X-App-Key': lines['ideas-app-key']! },
      });
      assert.equal(res.status, 200);
    } finally {
      await stop(child);
    }
  });

  it('rejects bad options with usage and exit code 2', async () => {
    for (const args of [
      ['--scale', 'huge'],
      ['--port', 'x'],
      ['--unknown'],
      ['--namespace', '1Acme.OData'],
      ['--queue-namespace', 'Acme..Queues'],
      ['--header-prefix', 'X ACME'],
      ['--header-prefix', 'X-ACME-'],
      ['--service-segment', 'orchestrator/x'],
      ['--service-segment', 'ideas_'],
      ['--tls-cert', 'server.pem'],
      ['--tls-cert', '/nonexistent/server.pem', '--tls-key', '/nonexistent/server.key'],
      ['--host-name', 'sandbox.test:8443'],
    ]) {
      const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      const [code] = await once(child, 'exit');
      assert.equal(code, 2, args.join(' '));
      assert.match(stderr, /Usage: orchestrator-sandbox/);
      if (args[0] !== '--unknown') assert.ok(stderr.startsWith(args[0]!), `${args.join(' ')}: ${stderr}`);
    }
  });

  it('prints its usage with --help and exits 0', async () => {
    const child = spawn(process.execPath, [BIN, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
    assert.match(stdout, /^Usage: orchestrator-sandbox .*--port N/);
  });

  it('persists state with --state and reloads it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
    const file = join(dir, 'state.json');
    try {
      const first = await launch(['--state', file]);
      const sandboxLike = { url: first.lines.ready!, identityUrl: first.lines.identity! } as never;
      let api = await Api.as(sandboxLike, 'developer');
      const folders = await folderIds(api);
      const added = await api.post(
        odata('Queues/VendorODataSvc.AddQueueItem'),
        { itemData: { Name: 'NewHires', Reference: 'persisted-item' } },
        { folderId: folders.HR },
      );
      assert.equal(added.status, 200);
      await stop(first.child);
      assert.ok(existsSync(file));
      const second = await launch(['--state', file]);
      try {
        api = await Api.as({ url: second.lines.ready!, identityUrl: second.lines.identity! } as never, 'developer');
        const found = await api.get(odata('QueueItems', { $filter: `Reference eq 'persisted-item'` }), {
          folderId: folders.HR,
        });
        assert.equal(found.body.value.length, 1);
      } finally {
        await stop(second.child);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('announces the moved services with --service-segment, and the application', async () => {
    const { child, lines } = await launch([
      '--service-segment',
      'orchestrator_',
      '--queue-namespace',
      'AcmeQueues',
      '--versioned-definition-only',
    ]);
    try {
      const base = lines.ready!;
      assert.equal(lines.identity, `${base}/identity_`);
      assert.equal(lines.orchestrator, `${base}/sandbox/main/orchestrator_`);
      assert.equal(lines.ideas, `${base}/sandbox/main/ideas_/api/v1/openapi`, 'the idea service does not move');
      const definition = (await (await fetch(`${lines.orchestrator}/swagger/v20.0/swagger.json`)).json()) as {
        paths: Record<string, unknown>;
      };
      assert.ok(`/odata/Queues/AcmeQueues.AddQueueItem` in definition.paths);
      assert.equal((await fetch(`${lines.orchestrator}/swagger/v1/swagger.json`)).status, 404, 'only versioned');
    } finally {
      await stop(child);
    }
  });

  it('refuses invalid dialect values from code too', async () => {
    await assert.rejects(startSandbox({ headerPrefix: 'X_ACME' }), /--header-prefix must be/);
    await assert.rejects(startSandbox({ serviceSegment: '' }), /--service-segment must be/);
  });

  it('honours --namespace and --header-prefix', async () => {
    const { child, lines } = await launch(['--namespace', 'Acme.OData', '--header-prefix', 'X-ACME']);
    try {
      const api = await Api.as({ url: lines.ready!, identityUrl: lines.identity! } as never, 'developer');
      assert.equal(
        (await api.get(`/odata/Processes/${NS}.GetProcessVersions(processId='Invoice.Processing')`)).status,
        404,
      );
      assert.equal(
        (await api.get(`/odata/Processes/Acme.OData.GetProcessVersions(processId='Invoice.Processing')`)).status,
        200,
      );
      const folders = await folderIds(api);
      assert.equal(
        (await api.get(odata('QueueItems'), { headers: { 'X-ACME-OrganizationUnitId': String(folders.Shared) } }))
          .status,
        200,
      );
      assert.equal((await api.get(odata('QueueItems'), { folderId: folders.Shared })).body.errorCode, 1101);
    } finally {
      await stop(child);
    }
  });
});

describe('home page', () => {
  const sandbox = useSandbox();

  it("shows where each service listens and the idea service's token and app key, which the idea service accepts", async () => {
    const res = await fetch(`${sandbox().url}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    const page = await res.text();
    const token = page.match(/<code id="ideas-token">([^<]+)<\/code>/)?.[1];
    const appKey = page.match(/<code id="ideas-app-key">([^<]+)<\/code>/)?.[1];
    assert.deepEqual([token, appKey], [sandbox().ideasToken, sandbox().ideasAppKey]);
    for (const url of [sandbox().identityUrl, sandbox().orchestratorUrl, sandbox().ideasUrl])
      assert.ok(page.includes(url), url);
    const schema = await fetch(`${sandbox().ideasUrl}/idea-schema`, {
      headers: { authorization: `Bearer ${token}`, 'X-App-Key': appKey! },
    });
    assert.equal(schema.status, 200);
  });
});

describe('on-premises path shape', () => {
  const sandbox = useSandbox();
  it('serves /odata/... without the account and tenant prefix for the first tenant', async () => {
    const tokens = await Api.as(sandbox(), 'developer');
    const onPrem = new Api(sandbox().onPremisesUrl, tokens.token);
    const res = await onPrem.get(odata('Processes', { $top: '1' }));
    assert.equal(res.status, 200);
    assert.equal(res.body.value.length, 1);
  });
});

describe('request tally', () => {
  const sandbox = useSandbox();
  it('counts answered requests by method and route shape, not its own admin calls, and starts again on DELETE', async () => {
    const admin = (init?: RequestInit) => fetch(`${sandbox().url}/__sandbox/requests`, init);
    assert.equal((await admin({ method: 'DELETE' })).status, 204);
    const { api, folders } = await signInWithFolders(sandbox(), 'developer');
    await admin({ method: 'DELETE' });
    const folderId = folders.Shared!;
    const jobs = await api.get(odata('Jobs', { $top: '2' }), { folderId });
    await api.get(`/odata/Jobs(${jobs.body.value[0].Id})`, { folderId });
    await api.get(`/odata/Jobs(${jobs.body.value[1].Id})`, { folderId });
    await api.get(odata('QueueItems', { $top: '1' }), { folderId });
    const { counts } = (await (await admin()).json()) as { counts: Record<string, number> };
    assert.equal(counts['GET /sandbox/main/odata/Jobs'], 1);
    assert.equal(counts['GET /sandbox/main/odata/Jobs(…)'], 2, 'both single-job reads under one key');
    assert.equal(counts['GET /sandbox/main/odata/QueueItems'], 1);
    assert.ok(!Object.keys(counts).some((key) => key.includes('__sandbox')), 'admin calls are not counted');
    await admin({ method: 'DELETE' });
    assert.deepEqual(((await (await admin()).json()) as { counts: Record<string, number> }).counts, {});
  });
});

describe('large scale', () => {
  const sandbox = useSandbox({ scale: 'large' });
  let api: Api;
  let folders: Record<string, number>;
  before(async () => {
    ({ api, folders } = await signInWithFolders(sandbox(), 'admin'));
  });

  it('holds 1,000 folders, 10,000 packages and 100,000 queue items in one queue', async () => {
    // The admin sees every folder except the two other users' personal workspaces; the run history adds 4.
    assert.equal((await api.get(odata('Folders', { $count: 'true', $top: '1' }))).body['@odata.count'], 1002);
    assert.equal((await api.get(odata('Processes', { $count: 'true', $top: '1' }))).body['@odata.count'], 10_000);
    const queue = (
      await api.get(odata('QueueDefinitions', { $filter: `Name eq 'InvoicesToProcess'` }), {
        folderId: folders.Invoices,
      })
    ).body.value[0];
    const items = await api.get(
      odata('QueueItems', { $filter: `QueueDefinitionId eq ${queue.Id}`, $count: 'true', $top: '100', $skip: '99900' }),
      { folderId: folders.Invoices },
    );
    assert.equal(items.body['@odata.count'], 100_000);
    assert.equal(items.body.value.length, 100);
  });

  it('navigates 1,000 folders and 10,000 packages by page', async () => {
    const navigation = await api.get('/api/FoldersNavigation/GetFolderNavigationContextForCurrentUser?take=1000');
    assert.ok(navigation.body.ChildrenCount >= 4);
    assert.equal(
      (await api.get(`/odata/Processes/${NS}.GetProcessVersions(processId='Generated.Package09999')`)).body[
        '@odata.count'
      ],
      2,
    );
  });
});
