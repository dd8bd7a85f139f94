// Issue 20: Open in Web Portal, the address for every row kind that has a page there.
import assert from 'node:assert/strict';
import { readConnections, type Connection, type ConnectionSetting } from '../../../src/core/connections';
import { PORTAL_ROW_KINDS, portalLink, type PortalRow } from '../../../src/core/portalLinks';
import { aFolderSummary, aJob, anAsset, anIdea, aQueue, aQueueItem, aRelease } from '../../support/entities';

function connection(setting: Partial<ConnectionSetting>): Connection {
  const { connections, problems } = readConnections([
    {
      label: 'Acme prod',
      kind: 'cloud',
      serviceUrl: 'https://cloud.example.com',
      identityUrl: 'https://cloud.example.com/identity_',
      account: 'acme',
      tenant: 'prod',
      ...setting,
    },
  ]);
  assert.deepEqual(problems, []);
  return connections[0]!;
}

const folder = { id: 7 };
/** One row of each kind; the entities carry only what a page address needs. */
function rows(c: Connection): Record<PortalRow['kind'], PortalRow> {
  const queue = aQueue({ Id: 12 });
  const idea = anIdea({ id: 41 });
  return {
    connection: { kind: 'connection', connection: c },
    folder: { kind: 'folder', connection: c, folder, summary: aFolderSummary({ Id: 7 }) },
    process: { kind: 'process', connection: c, folder, release: aRelease({ Id: 3 }) },
    job: { kind: 'job', connection: c, folder, job: aJob({ Id: 9001 }) },
    queue: { kind: 'queue', connection: c, folder, queue },
    queueItem: { kind: 'queueItem', connection: c, folder, queue, queueItem: aQueueItem({ Id: 555 }) },
    asset: { kind: 'asset', connection: c, folder, asset: anAsset({ Id: 21 }) },
    idea: { kind: 'idea', connection: c, idea },
    storeIdea: { kind: 'storeIdea', connection: c, idea },
  };
}

const url = (row: PortalRow) => {
  const link = portalLink(row);
  assert.ok('url' in link, JSON.stringify(link));
  return link.url;
};

describe('Open in Web Portal addresses', () => {
  it('a page for every row kind, under the portal URL the connection keeps', () => {
    const c = connection({
      portalUrl: 'https://cloud.example.com/acme/prod/orchestrator_',
      serviceSegment: 'orchestrator_',
    });
    const all = rows(c);
    assert.deepEqual(Object.keys(all).sort(), [...PORTAL_ROW_KINDS].sort());
    const table = Object.fromEntries(PORTAL_ROW_KINDS.map((kind) => [kind, url(all[kind])]));
    assert.deepEqual(table, {
      connection: 'https://cloud.example.com/acme/prod/orchestrator_/',
      folder: 'https://cloud.example.com/acme/prod/orchestrator_/folders/7',
      process: 'https://cloud.example.com/acme/prod/orchestrator_/folders/7/processes/3',
      job: 'https://cloud.example.com/acme/prod/orchestrator_/folders/7/jobs/9001',
      queue: 'https://cloud.example.com/acme/prod/orchestrator_/folders/7/queues/12',
      queueItem: 'https://cloud.example.com/acme/prod/orchestrator_/folders/7/queues/12/items/555',
      asset: 'https://cloud.example.com/acme/prod/orchestrator_/folders/7/assets/21',
      // The idea portal is where the idea API lives, without /api/v1/…
      idea: 'https://cloud.example.com/acme/prod/ideas_/ideas/41',
      storeIdea: 'https://cloud.example.com/acme/prod/ideas_/store/41',
    });
  });

  it("without a portal URL: the tenant's address (with its service segment); on-premises: the service", () => {
    assert.equal(url(rows(connection({}))['job']), 'https://cloud.example.com/acme/prod/folders/7/jobs/9001');
    assert.equal(
      url(rows(connection({ serviceSegment: 'orchestrator_' }))['queue']),
      'https://cloud.example.com/acme/prod/orchestrator_/folders/7/queues/12',
    );
    const onPremises = connection({
      kind: 'onPremises',
      serviceUrl: 'https://orch.corp.example',
      account: undefined,
      tenant: undefined,
      identityUrl: undefined,
    });
    assert.equal(url(rows(onPremises)['folder']), 'https://orch.corp.example/folders/7');
    assert.equal(
      url(rows(connection({ ideasUrl: 'https://ideas.corp.example/hub/api/v1/openapi' }))['idea']),
      'https://ideas.corp.example/hub/ideas/41',
    );
  });

  it('says why there is no page: no idea service on-premises', () => {
    const onPremises = connection({
      kind: 'onPremises',
      serviceUrl: 'https://orch.corp.example',
      account: undefined,
      tenant: undefined,
      identityUrl: undefined,
    });
    const link = portalLink(rows(onPremises)['idea']);
    assert.ok('missing' in link && /no idea service address/.test(link.missing));
  });

  it('ids are path segments: nothing in an id can leave its place in the address', () => {
    const c = connection({ portalUrl: 'https://cloud.example.com/acme/prod' });
    // A text id where the schema says int: what a misbehaving service could still put in a row.
    const hostile = { kind: 'job', connection: c, folder, job: { Id: '../../x?y#z' } } as unknown as PortalRow;
    assert.equal(url(hostile), 'https://cloud.example.com/acme/prod/folders/7/jobs/..%2F..%2Fx%3Fy%23z');
  });
});
