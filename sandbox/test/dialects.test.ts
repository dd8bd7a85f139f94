import assert from 'node:assert/strict';
import {
  Api,
  applicationToken,
  DIALECTS,
  NS,
  QNS,
  odata,
  requiredInputs,
  serviceUrl,
  signIn,
  signInWithFolders,
  useSandbox,
} from './helpers';

for (const dialect of DIALECTS) {
  describe(`dialect: ${dialect.name}`, () => {
    const sandbox = useSandbox(dialect.options);
    let api: Api;
    let folders: Record<string, number>;
    before(async () => {
      ({ api, folders } = await signInWithFolders(sandbox(), 'developer'));
    });

    it('serves the identity provider and the orchestration service where the dialect puts them', async () => {
      const { url, identityUrl, orchestratorUrl } = sandbox();
      assert.equal(identityUrl, `${url}${dialect.segment ? '/identity_' : '/identity'}`);
      assert.equal(orchestratorUrl, `${url}/sandbox/main${dialect.segment ? `/${dialect.segment}` : ''}`);
      assert.equal(serviceUrl(sandbox()), orchestratorUrl);
      const discovery = (await (await fetch(`${identityUrl}/.well-known/openid-configuration`)).json()) as {
        issuer: string;
        token_endpoint: string;
      };
      assert.equal(discovery.issuer, identityUrl);
      assert.equal(discovery.token_endpoint, `${identityUrl}/oauth/token`);
      // PKCE sign-in at the provider's path (helpers.signIn), then a read with the token.
      const tokens = await signIn(sandbox(), 'viewer');
      assert.equal((await new Api(orchestratorUrl, tokens.access_token).get(odata('Folders'))).status, 200);
      assert.deepEqual(sandbox().dialect, {
        namespace: dialect.ns,
        queueNamespace: dialect.qns,
        headerPrefix: dialect.prefix,
        ...(dialect.segment ? { serviceSegment: dialect.segment } : {}),
      });
    });

    it('scopes a call to a folder with the dialect’s headers: by id, path and Key', async () => {
      const byId = await api.get(odata('QueueDefinitions'), { folderId: folders.Invoices });
      assert.equal(byId.status, 200);
      assert.equal(byId.body.value[0].Name, 'InvoicesToProcess');
      const key = (await api.get(odata(`Folders(${folders.Invoices})`))).body.Key;
      const byKey = await api.get(odata('QueueDefinitions'), { folderKey: key });
      assert.deepEqual(byKey.body.value, byId.body.value);
      const byPath = await api.get(odata('QueueItems', { $top: '1' }), {
        headers: { [`${dialect.prefix}-FolderPath`]: 'Shared/Finance/Invoices' },
      });
      assert.equal(byPath.status, 200);
    });

    it('starts jobs under {ns} and runs queue operations under {qns}', async () => {
      const release = (await api.get(odata('Releases'), { folderId: folders.Shared })).body.value[0];
      const started = await api.post(
        odata(`Jobs/${dialect.ns}.StartJobs`),
        {
          startInfo: {
            ReleaseKey: release.Key,
            InputArguments: JSON.stringify(await requiredInputs(api, release, dialect.ns)),
          },
        },
        { folderId: folders.Shared },
      );
      assert.equal(started.status, 200, JSON.stringify(started.body));
      assert.equal(started.body.value[0].State, 'Pending');
      const added = await api.post(
        odata(`Queues/${dialect.qns}.AddQueueItem`),
        { itemData: { Name: 'NewHires', Reference: `dialect-${dialect.prefix}` } },
        { folderId: folders.HR },
      );
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const progress = await api.post(
        odata(`QueueItems(${added.body.Id})/${dialect.qns}.SetTransactionProgress`),
        { progress: 'Step 2' },
        { folderId: folders.HR },
      );
      assert.equal(progress.status, 200);
      assert.equal(
        (await api.get(odata(`QueueItems(${added.body.Id})`), { folderId: folders.HR })).body.Progress,
        'Step 2',
      );
      const bulk = await api.post(
        odata(`Queues/${dialect.qns}.BulkAddQueueItems`),
        { queueName: 'NewHires', commitType: 'AllOrNothing', queueItems: [{ Name: 'NewHires', Reference: 'b-1' }] },
        { folderId: folders.HR },
      );
      assert.equal(bulk.body.Success, true);
    });

    if (dialect.segment) {
      it('answers 404 to the spec’s names and places, which this deployment does not use', async () => {
        const { url } = sandbox();
        const oldApi = new Api(`${url}/sandbox/main`, api.token, dialect.prefix);
        assert.equal((await oldApi.get(odata('Folders'))).status, 404, 'no service without the segment');
        assert.equal((await fetch(`${url}/identity/.well-known/openid-configuration`)).status, 404);
        assert.equal((await fetch(`${url}/identity/jwks`)).status, 404);
        const release = (await api.get(odata('Releases'), { folderId: folders.Shared })).body.value[0];
        const oldStart = await api.post(
          odata(`Jobs/${NS}.StartJobs`),
          { startInfo: { ReleaseKey: release.Key } },
          { folderId: folders.Shared },
        );
        assert.equal(oldStart.status, 404);
        assert.match(oldStart.body.message, new RegExp(`use '${dialect.ns}\\.StartJobs'`));
        const oldQueue = await api.post(
          odata(`Queues/${QNS}.AddQueueItem`),
          { itemData: { Name: 'NewHires' } },
          { folderId: folders.HR },
        );
        assert.equal(oldQueue.status, 404);
        // The spec's header names no folder here: a folder-scoped read asks for one.
        const oldHeader = await api.get(odata('QueueItems'), { headers: { 'X-VENDOR-OrganizationUnitId': '1' } });
        assert.equal(oldHeader.body.errorCode, 1101);
        const swagger = await fetch(`${url}/sandbox/main/swagger/v1/swagger.json`);
        assert.equal(swagger.status, 404);
      });
    }

    it('serves the on-premises shape (no account, tenant or segment) for the first tenant, with its definition', async () => {
      const { onPremisesUrl, url } = sandbox();
      assert.equal(onPremisesUrl, url);
      const onPrem = new Api(onPremisesUrl, api.token, dialect.prefix);
      assert.equal((await onPrem.get(odata('QueueDefinitions'), { folderId: folders.HR })).status, 200);
      const definition = (await (await fetch(`${onPremisesUrl}/swagger/v1/swagger.json`)).json()) as {
        servers: { url: string }[];
      };
      assert.deepEqual(definition.servers, [{ url: onPremisesUrl }]);
    });

    it('issues client-credentials tokens at the provider’s path', async () => {
      const res = await applicationToken(sandbox());
      assert.equal(res.status, 200);
      const token = ((await res.json()) as { access_token: string }).access_token;
      const robot = new Api(sandbox().orchestratorUrl, token, dialect.prefix);
      assert.equal((await robot.get(odata('Releases'), { folderId: folders.Shared })).status, 200);
    });
  });
}
