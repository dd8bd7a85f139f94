import assert from 'node:assert/strict';
import { Api, folderIds, odata, useSandbox, type Sandbox } from './helpers';

/** What `GET /__sandbox/info` says about the robot-log rows the sandbox holds in memory. */
async function storedLogRows(sandbox: Sandbox): Promise<number> {
  return ((await (await fetch(`${sandbox.url}/__sandbox/info`)).json()) as { storedLogRows: number }).storedLogRows;
}

interface LogLine {
  Id: number;
  Level: string;
  TimeStamp: string;
  Message: string;
  RawMessage: string;
  JobKey: string;
}

describe('the 1,000,000-line job log (computed from the line index, never stored)', () => {
  const sandbox = useSandbox();
  let api: Api;
  let folderId: number;
  let jobKey: string;
  let first: LogLine;
  const logs = async (query: Record<string, string>, extraFilter = '') => {
    const res = await api.get(
      odata('RobotLogs', { $filter: `JobKey eq ${jobKey}${extraFilter ? ` and ${extraFilter}` : ''}`, ...query }),
      { folderId },
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as { '@odata.count'?: number; value: LogLine[] };
  };
  /** The line `i` of the log is the line with Id first.Id + i. */
  const line = (row: LogLine) => row.Id - first.Id;

  before(async () => {
    api = await Api.as(sandbox(), 'admin');
    folderId = (await folderIds(api))['Accounts Payable']!;
    const jobs = await api.get(
      odata('Jobs', { $filter: `ReleaseName eq 'Invoice.Processing_Production' and contains(Info, 'INV 99999')` }),
      { folderId },
    );
    assert.equal(jobs.body.value.length, 1, 'one long run of Invoice.Processing in Zurich Operations/Accounts Payable');
    jobKey = jobs.body.value[0].Key;
    first = (await logs({ $top: '1' })).value[0]!;
  });

  it('counts 1,000,000 lines and pages the start, the middle (TimeStamp gt) and the end ($orderby desc)', async () => {
    const start = await logs({ $count: 'true', $top: '1000', $skip: '9000' });
    assert.equal(start['@odata.count'], 1_000_000);
    assert.deepEqual(
      start.value.map(line),
      Array.from({ length: 1000 }, (_, i) => 9000 + i),
    );
    const middleAt = new Date(Date.parse(first.TimeStamp) + 499_999 * 100).toISOString();
    const middle = await logs({ $count: 'true', $top: '1000' }, `TimeStamp gt ${middleAt}`);
    assert.equal(middle['@odata.count'], 500_000);
    assert.equal(line(middle.value[0]!), 500_000);
    const end = await logs({ $count: 'true', $top: '1000', $skip: '9000', $orderby: 'TimeStamp desc' });
    assert.equal(end['@odata.count'], 1_000_000);
    assert.equal(line(end.value[0]!), 999_999 - 9000);
    assert.equal(line(end.value.at(-1)!), 999_999 - 9999);
    const [last, fault] = (await logs({ $top: '2', $orderby: 'Id desc' })).value;
    assert.equal(line(last!), 999_999);
    assert.match(last!.Message, /^Invoice\.Processing_Production execution ended$/);
    assert.equal(fault!.Level, 'Error');
    assert.match(fault!.Message, /^Read Invoice: Invoice number 'INV 99999' is not of the form INV-<digits>$/);
    for (let i = 1; i < start.value.length; i++) assert.ok(start.value[i]!.TimeStamp > start.value[i - 1]!.TimeStamp);
  });

  it('answers Level ge filters without a scan: the k-th Error line is where the index says', async () => {
    const errors = await logs({ $count: 'true', $top: '1000', $skip: '999' }, `Level ge 'Error'`);
    assert.equal(errors['@odata.count'], 2000, 'two Error lines in every 1,000');
    // Error lines sit at 417 and 998 of every 1,000: the k-th (from 0) is line 1000·⌊k/2⌋ + (417 | 998).
    assert.deepEqual(
      errors.value.map(line),
      Array.from({ length: 1000 }, (_, n) => 1000 * Math.floor((999 + n) / 2) + ((999 + n) % 2 ? 998 : 417)),
    );
    const lastErrors = await logs({ $top: '3', $orderby: 'TimeStamp desc' }, `Level ge 'Error'`);
    assert.deepEqual(lastErrors.value.map(line), [999_998, 999_417, 998_998]);
    const late = await logs({ $count: 'true', $top: '2' }, `Level ge 'Error' and TimeStamp gt ${first.TimeStamp}`);
    assert.equal(late['@odata.count'], 2000);
    const warnings = await logs({ $count: 'true', $top: '1000', $skip: '9000' }, `Level ge 'Warning'`);
    assert.ok(warnings.value.every((l) => ['Warning', 'Error'].includes(l.Level)));
    const all = await logs({ $top: '1000' });
    const perThousand = all.value.filter((l) => ['Warning', 'Error'].includes(l.Level)).length;
    assert.equal(warnings['@odata.count'], perThousand * 1000, 'the same levels repeat every 1,000 lines');
    assert.equal((await logs({ $count: 'true', $top: '1' }, `Level ge 'Fatal'`))['@odata.count'], 0);
  });

  it('writes error lines in the fault format: activity and message, RawMessage with the file and the job', async () => {
    const [error] = (await logs({ $top: '1' }, `Level ge 'Error'`)).value;
    assert.match(error!.Message, /^Throw 'Total missing': Invoice total is missing for INV-\d+$/);
    const raw = JSON.parse(error!.RawMessage);
    assert.deepEqual(Object.keys(raw).sort(), [
      'fileName',
      'jobId',
      'level',
      'logType',
      'machineId',
      'message',
      'organizationUnitId',
      'processName',
      'processVersion',
      'robotName',
      'timeStamp',
    ]);
    assert.equal(raw.fileName, 'Process Invoice');
    assert.equal(raw.jobId, jobKey);
    assert.equal(raw.logType, 'Default');
    assert.equal(raw.level, 'Error');
    assert.equal(raw.organizationUnitId, folderId);
    assert.equal(raw.processVersion, '1.1.0');
  });

  it('keeps the window at 10,000 entries and holds no row of the log in memory, however much is read', async () => {
    const before = await storedLogRows(sandbox());
    const refused = await api.get(odata('RobotLogs', { $filter: `JobKey eq ${jobKey}`, $top: '1000', $skip: '9001' }), {
      folderId,
    });
    assert.equal(refused.status, 400);
    for (const skip of ['0', '5000', '9000'])
      for (const order of ['Id asc', 'Id desc']) await logs({ $top: '1000', $skip: skip, $orderby: order });
    const middleAt = new Date(Date.parse(first.TimeStamp) + 600_000 * 100).toISOString();
    await logs({ $top: '1000', $skip: '9000' }, `TimeStamp gt ${middleAt}`);
    // Every other job's log is a few lines; the computed one adds none, before or after 16,000 lines were read.
    assert.equal(await storedLogRows(sandbox()), before);
    assert.ok(before < 5_000, `${before} stored rows`);
  });
});
