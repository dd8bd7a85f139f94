import assert from 'node:assert/strict';
import { strToU8, zipSync } from 'fflate';
import { buildNupkg } from '@orchestrator-workbench/sandbox/test-nupkg';
import { readNupkgInfo } from '../../../src/core/orchestrator/nupkgInfo';

describe('a package read before it is uploaded (readNupkgInfo)', () => {
  it('reads id, version, title and description from the .nuspec, entities decoded', () => {
    const bytes = buildNupkg({ id: 'Invoice.Processing', version: '1.2.0', title: 'Invoices & <More>' });
    const read = readNupkgInfo(bytes);
    assert.ok('id' in read, 'read');
    assert.deepEqual(
      [read.id, read.version, read.title, read.description],
      ['Invoice.Processing', '1.2.0', 'Invoices & <More>', 'Built by a test'],
    );
  });

  it('reads only the .nuspec of a big package (the filler stays packed)', () => {
    const bytes = buildNupkg({ id: 'Big', version: '1.0.0', fillerBytes: 2 * 1024 * 1024 });
    const read = readNupkgInfo(bytes);
    assert.equal('id' in read ? read.id : read.problem, 'Big');
  });

  it("tells a library project from a process by its project definition's outputType", () => {
    const libraryOf = (bytes: Uint8Array) => {
      const read = readNupkgInfo(bytes);
      return 'problem' in read ? read.problem : read.library;
    };
    assert.equal(libraryOf(buildNupkg({ id: 'Common.Mail', version: '1.0.0', library: true })), true);
    assert.equal(libraryOf(buildNupkg({ id: 'Invoices', version: '1.0.0' })), false);
    assert.equal(libraryOf(buildNupkg({ id: 'Plain', version: '1.0.0', withoutProject: true })), false);
    // A definition that is not JSON, or too big to read, says nothing: the package is read as a process.
    const nuspec = strToU8('<package><metadata><id>X</id><version>1.0.0</version></metadata></package>');
    const withDefinition = (definition: Uint8Array) =>
      zipSync({ 'X.nuspec': nuspec, 'lib/net6.0/project.json': definition });
    assert.equal(libraryOf(withDefinition(strToU8('{"designOptions": {"outputType": "Library"'))), false);
    assert.equal(libraryOf(withDefinition(strToU8('["Library"]'))), false);
    const padded = `{"designOptions":{"outputType":"Library"},"pad":"${' '.repeat(2 * 1024 * 1024)}"}`;
    assert.equal(libraryOf(withDefinition(strToU8(padded))), false);
    assert.equal(libraryOf(withDefinition(strToU8('{"designOptions":{"outputType":"Library"}}'))), true);
  });

  it('says why a file is not a package', () => {
    const problem = (bytes: Uint8Array) => {
      const read = readNupkgInfo(bytes);
      return 'problem' in read ? read.problem : 'read';
    };
    assert.match(problem(strToU8('plain text')), /not a zip archive/);
    assert.match(problem(zipSync({ 'a.txt': strToU8('x') })), /no \.nuspec at its root/);
    assert.match(problem(zipSync({ 'lib/a.nuspec': strToU8('<package/>') })), /no \.nuspec at its root/);
    assert.match(problem(zipSync({ 'a.nuspec': strToU8('<package><metadata></metadata></package>') })), /names no id/);
    const huge = zipSync({ 'a.nuspec': new Uint8Array(2 * 1024 * 1024) });
    assert.match(problem(huge), /larger than 1 MB/);
  });
});
