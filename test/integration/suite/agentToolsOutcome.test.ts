// Issue 33: a change tool whose request reached the service but whose answer was lost (a gateway 504 after the
// service did the work, the sandbox's `after: true` fault). Each is sent once, never again; the model is told the
// outcome is unknown and which read tool checks it; the change is there at the service.
import assert from 'node:assert/strict';
import { eq } from '../../../src/core/odata/filter';
import { ToolName } from '../../../src/host/agents/toolNames';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { call, changesOf, requests, toolSuite } from './agentToolCalls';
import { IDEA_VALUES } from './toolCalls';
import { RECONCILE_INPUTS } from './processInputs';
import { faults, resetTally } from './treeWalk';

const FOLDER = 'Dev Lab';
const PROCESS = 'Reconcile.Processing_Production';

describe('Language-model change tools when the answer is lost', () => {
  const suite = toolSuite({ ideas: true });
  const client = () => suite.ctx.clientFor(suite.ctx.connections.all().find((c) => c.label === 'Sandbox')!);
  afterEach(() => faults([]));

  /** Calls the tool confirmed, with its change request answered 504 once the service has done it. */
  const lostAnswer = async (path: string, name: string, input: object, confirm: Answer) => {
    await faults([{ path, methods: ['POST'], status: 504, after: true, times: 1 }]);
    await resetTally();
    const { result } = await answering(suite.ctx, [confirm], () => call(name, input));
    const changes = changesOf(await requests());
    assert.deepEqual(
      changes.map(([, count]) => count),
      [1],
      `one change request, never sent again: ${JSON.stringify(changes)}`,
    );
    return result;
  };
  const jobsOfProcess = async () => {
    const folder = (await client().folders.list({ query: { filter: eq('DisplayName', FOLDER) } })).items[0]!;
    return (
      await client().jobs.list({
        folder: { id: folder.Id },
        query: { filter: eq('ReleaseName', PROCESS), top: 1, count: true },
      })
    ).count;
  };

  it('start job: said unknown, with the list of jobs to check; the job was started once', async function () {
    this.timeout(60_000);
    const before = await jobsOfProcess();
    const result = await lostAnswer(
      '*/odata/Jobs/*StartJobs',
      ToolName.startJob,
      { folder: FOLDER, process: PROCESS, arguments: RECONCILE_INPUTS },
      { title: /Start a job/, choose: 'Start' },
    );
    assert.match(result, /The start request was sent but the service did not confirm it: the job may or may not/);
    assert.match(result, /Do not start it again; list the jobs of the process \(orchestrator_listJobs/);
    assert.equal(await jobsOfProcess(), (before ?? 0) + 1, 'one job more at the service');
  });

  it('stop job: said unknown, with the read that checks it; the job is stopping', async function () {
    this.timeout(60_000);
    const started = await answering(suite.ctx, [{ title: /Start a job/, choose: 'Start' }], () =>
      call(ToolName.startJob, { folder: FOLDER, process: PROCESS, arguments: RECONCILE_INPUTS }),
    );
    const key = /key=([0-9a-f-]{36})/.exec(started.result)![1]!;
    const result = await lostAnswer(
      '*/odata/Jobs(*)/*StopJob',
      ToolName.stopJob,
      { folder: FOLDER, jobKey: key },
      { title: new RegExp(`^Stop job ${key}`), choose: 'Stop' },
    );
    assert.match(result, /The stop request was sent but the service did not confirm it \(.+\): the job may or may not/);
    assert.match(result, /Do not send it again; read the job with orchestrator_jobDetails to check\./);
    const details = await call(ToolName.jobDetails, { folder: FOLDER, jobKey: key });
    assert.match(details, /state="(Stopping|Stopped)"/);
  });

  it('add queue item: said unknown, with the read that checks it; the item was added once', async function () {
    this.timeout(60_000);
    const reference = `lost-${Date.now()}`;
    const queue = { folder: FOLDER, queue: 'EmptyQueue' };
    const result = await lostAnswer(
      '*/odata/Queues/*AddQueueItem',
      ToolName.addQueueItem,
      { ...queue, reference, content: { Amount: 1 } },
      { title: /Add an item/, choose: 'Add' },
    );
    assert.match(result, /The add request was sent but the service did not confirm it: the item may or may not have/);
    assert.match(
      result,
      new RegExp(`list the queue's items with reference "${reference}" \\(orchestrator_queueItems\\)`),
    );
    const listed = await call(ToolName.queueItems, { ...queue, reference });
    assert.equal(listed.split('\n').filter((line) => /^\d+\. id=/.test(line)).length, 1, listed);
  });

  it('retry queue items: the item said unknown, with the read that checks it; one copy added', async function () {
    this.timeout(60_000);
    // OrderQueue: the queue suite counts NewHires' New items as seeded.
    const queue = { folder: 'Shared', queue: 'OrderQueue' };
    const failed = /^1\. id=(\d+)/m.exec(await call(ToolName.queueItems, { ...queue, status: 'Failed', top: 1 }))![1];
    const newBefore = await call(ToolName.queueSummary, queue);
    const result = await lostAnswer(
      '*/odata/Queues/*AddQueueItem',
      ToolName.retryQueueItems,
      { ...queue, itemIds: [Number(failed)] },
      { title: /^Retry 1 failed item/, choose: 'Retry' },
    );
    assert.match(result, new RegExp(`\nid=${failed}: sent, but no clean answer came back \\(.+\\): a copy may have`));
    assert.match(
      result,
      /Do not retry it again; list the queue's New items by its reference \(orchestrator_queueItems/,
    );
    const newCount = (summary: string) => Number(/\nNew=(\d+) /.exec(summary)?.[1]);
    assert.equal(newCount(await call(ToolName.queueSummary, queue)), newCount(newBefore) + 1, 'one copy added');
  });

  it('submit idea: said unknown, with the search that checks it; the idea was created once', async function () {
    this.timeout(60_000);
    const name = `Lost answer ${Date.now()}`;
    const result = await lostAnswer(
      '*/idea-from-schema',
      ToolName.submitIdea,
      { name, values: IDEA_VALUES },
      { title: /Submit the idea/, choose: 'Submit' },
    );
    assert.match(result, /The submit was sent but the idea service did not confirm it \(.+\): the idea may or may not/);
    assert.match(result, new RegExp(`find it by name with orchestrator_findIdeas \\(search "${name}"\\) to check\\.`));
    const found = await call(ToolName.findIdeas, { search: name });
    assert.equal(found.split('\n').filter((line) => /^\d+\. id=/.test(line)).length, 1, found);
  });
});
