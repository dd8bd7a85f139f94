import assert from 'node:assert/strict';
import { assetItem, describeFailure, folderItem, jobItem, packageItem, queueItemItem, relativeTime, releaseItem, robotItem } from '../../../src/core/presentation/items';
import { OrchestratorError } from '../../../src/core/http/errors';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('tree item builders', () => {
  it('describes jobs with state icon, time since start and a context value for menus', () => {
    const job = { Id: 1, Key: 'k-1', State: 'Faulted', CreationTime: '2026-11-21T11:00:00Z', StartTime: '2026-11-21T11:30:00Z', ReleaseName: 'Invoice.Processing', Info: 'System.Exception: boom' };
    const item = jobItem('s', job as never, NOW);
    assert.equal(item.label, 'Invoice.Processing');
    assert.equal(item.description, 'Faulted · 30 min ago');
    assert.deepEqual(item.icon, { id: 'error', color: 'testing.iconFailed' });
    assert.equal(item.contextValue, 'job.final');
    assert.equal(item.id, 's/job/k-1');
    assert.match(item.tooltip!, /System\\\.Exception: boom/);
    assert.equal(jobItem('s', { ...job, State: 'Running' } as never, NOW).contextValue, 'job.running');
    assert.equal(jobItem('s', { ...job, State: 'Mystery' } as never, NOW).icon!.id, 'circle-outline');
  });

  it('marks the latest package version and outdated processes', () => {
    assert.equal(packageItem('s', { Id: 'P', Key: 'P:1.0.1', Version: '1.0.1', IsLatestVersion: true } as never).description, '1.0.1 (latest)');
    const release = { Id: 3, Key: 'r', Name: 'P_Prod', ProcessKey: 'P', ProcessVersion: '1.0.0', IsLatestVersion: false, EnvironmentName: 'Production' };
    const item = releaseItem('s', release as never);
    assert.equal(item.description, '1.0.0 · Production · update available');
    assert.equal(item.contextValue, 'process.outdated');
  });

  it('never shows a credential value; shows text values shortened', () => {
    const credential = assetItem('s', { Id: 1, Name: 'Login', ValueType: 'Credential', CredentialUsername: 'svc', Value: 'username: svc', CredentialPassword: 'S3cret' } as never);
    assert.equal(credential.description, 'Credential · user svc');
    assert.doesNotMatch(JSON.stringify(credential), /S3cret/);
    assert.equal(assetItem('s', { Id: 2, Name: 'Url', ValueType: 'Text', StringValue: 'x'.repeat(100) } as never).description, `Text · ${'x'.repeat(60)}`);
  });

  it('marks personal workspaces, unresponsive robots and queue item states', () => {
    assert.equal(folderItem('c', { Id: 7, DisplayName: "Dev Eloper's workspace", IsPersonal: true }).description, 'personal workspace');
    assert.equal(folderItem('c', { Id: 7, DisplayName: 'Shared' }).icon!.id, 'folder');
    assert.match(robotItem('s', { Id: 1, Name: 'R', Type: 'Unattended' } as never, { State: 'Available', IsUnresponsive: true }).description!, /unresponsive/);
    const item = queueItemItem('q', { Id: 9, Key: 'k', QueueDefinitionId: 1, Status: 'Failed', Reference: "O'Brien", Priority: 'High', CreationTime: '2026-11-21T10:00:00Z', RetryNumber: 0 } as never, NOW);
    assert.equal(item.label, "O'Brien");
    assert.equal(item.description, 'Failed · High · 2 h ago');
  });

  it('escapes markdown in tooltips so entity text cannot inject links', () => {
    const item = releaseItem('s', { Id: 1, Key: 'k', Name: '[click](command:evil)', ProcessKey: 'P', ProcessVersion: '1', IsLatestVersion: true } as never);
    assert.doesNotMatch(item.tooltip!, /\[click\]\(command:evil\)/);
  });

  it('says what happened and what to do when a collection fails', () => {
    const http = (status: number) => new OrchestratorError({ kind: 'http', status, endpoint: 'GET /odata/Jobs', message: 'You lack the permission Jobs.View.' });
    assert.match(describeFailure(http(403), 'jobs', 'folder Shared'), /You lack the permission to see jobs in folder Shared/);
    assert.match(describeFailure(new OrchestratorError({ kind: 'network', endpoint: 'x', message: 'ECONNREFUSED' }), 'jobs', 'folder Shared'), /^Can't reach the service/);
    assert.match(describeFailure(http(401), 'jobs', 'f'), /Sign in again/);
    assert.equal(relativeTime('2026-11-20T12:00:00Z', NOW), '1 d ago');
    assert.equal(relativeTime(null, NOW), '');
  });
});
