import assert from 'node:assert/strict';
import { compareVersions, packageInUseItem, packagesInUse } from '../../../../src/host/presentation/packagesInUse';

const process = (Name: string, ProcessKey: string, ProcessVersion: string, IsLatestVersion = true) => ({
  Id: 1,
  Key: Name,
  Name,
  ProcessKey,
  ProcessVersion,
  IsLatestVersion,
});

describe("packages a folder's processes run", () => {
  it("groups processes by package, versions highest first, and picks the highest version for the row's commands", () => {
    const used = packagesInUse([
      process('Invoices_Test', 'Invoice.Processing', '1.9.2', false),
      process('Invoices_Production', 'Invoice.Processing', '1.10.0'),
      process('Claims_Production', 'Claims.Processing', '2.0.0', false),
    ]);
    assert.deepEqual(
      used.map((u) => [u.id, u.versions, u.processes.map((p) => p.name)]),
      [
        ['Claims.Processing', ['2.0.0'], ['Claims_Production']],
        ['Invoice.Processing', ['1.10.0', '1.9.2'], ['Invoices_Production', 'Invoices_Test']],
      ],
    );
    assert.deepEqual(used[1]!.package, {
      Id: 'Invoice.Processing',
      Version: '1.10.0',
      Key: 'Invoice.Processing:1.10.0',
      IsLatestVersion: true,
    });
    assert.equal(used[0]!.package.IsLatestVersion, false, 'its process says a newer version exists');
    assert.deepEqual(packagesInUse([]), []);
  });

  it('compares versions part by part, numbers as numbers', () => {
    assert.ok(compareVersions('1.10.0', '1.9.2') > 0);
    assert.ok(compareVersions('1.2', '1.2.1') < 0, 'a missing part comes first');
    assert.equal(compareVersions('2.1.0', '2.1.0'), 0);
  });

  it('describes a package in use in a short line, with a plain-text tooltip', () => {
    const [one, many] = packagesInUse([
      process('A_Prod', 'A', '1.0.0'),
      process('B_Prod', 'B', '1.0.1'),
      process('B_Test', 'B', '1.0.0'),
    ]).map((u) => packageInUseItem('f/packages', u));
    assert.deepEqual(
      [one!.id, one!.label, one!.description, one!.contextValue],
      ['f/packages/package/A', 'A', '1.0.0 · used by A_Prod', 'package'],
    );
    assert.equal(many!.description, '1.0.1, 1.0.0 · used by 2 processes');
    assert.equal(many!.tooltip, undefined, 'no Markdown of service text');
    assert.equal(many!.plainTooltip, 'B\nVersions in use: 1.0.1, 1.0.0\nUsed by:\n  B_Prod (1.0.1)\n  B_Test (1.0.0)');
  });
});
