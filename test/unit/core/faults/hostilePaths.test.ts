// Issue 31: paths in service text never point outside the workspace project. Each hostile path is put where a fault
// names files (a coded workflow's frame, an error line's fileName, a .xaml named in Info) in a project that holds a
// file it would reach if the path were only matched by its end; none may become a location.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateFault, type FaultEvidence } from '../../../../src/core/faults/faultLocations';
import { parseErrorLogLine, parseFaultInfo } from '../../../../src/core/faults/faultText';
import { isInsideRelative, pathSegments } from '../../../../src/core/faults/projectPaths';
import { errorLine, MAIN_XAML } from './faultSamples';
import { projectFilesInMemory, projectFilesOnDisk } from './projectFilesOnDisk';

const PROJECT = { 'Main.xaml': MAIN_XAML, 'Workflows/ReadInvoice.cs': 'class ReadInvoice {}\n' };

const frameFault = (path: string) =>
  parseFaultInfo(`Message: refused\n\nSystem.Exception: refused\n   at A.B() in ${path}:line 3`);
const logEvidence = (fileName: string): FaultEvidence => ({
  errorLines: [parseErrorLogLine(errorLine({ message: 'Read Invoice: refused', fileName }))!],
});
const infoFault = (name: string) => parseFaultInfo(`Message: refused\n\nSource: Read Invoice\n\nnamed "${name}"`);

/** Paths that must not map, each followed by what a suffix-only lookup would have found. */
const HOSTILE_CODE_PATHS: readonly string[] = [
  'C:\\Builds\\..\\..\\Workflows\\ReadInvoice.cs',
  '/home/build/../../Workflows/ReadInvoice.cs',
  'file:///C:/Builds/Workflows/ReadInvoice.cs',
  'file:C:\\Builds\\Workflows\\ReadInvoice.cs',
  '\\\\server\\share\\Workflows\\ReadInvoice.cs',
  '//server/share/Workflows/ReadInvoice.cs',
  '\\\\?\\C:\\Builds\\Workflows\\ReadInvoice.cs',
  '\\\\.\\pipe\\Workflows\\ReadInvoice.cs',
  'C:Workflows\\ReadInvoice.cs',
  'C:\\Builds\\Workflows\\ReadInvoice.cs:secret',
  'C:\\Builds\\Workflows\\ReadInvoice.cs.',
  'C:\\Builds\\Workflows\\\u0000\\ReadInvoice.cs',
  'C:\\Builds\\Work\u202eflows\\..\\Workflows\\ReadInvoice.cs',
  'C:\\Builds\\\u2066x\u2069\\Workflows\\ReadInvoice.cs',
  'C:\\Builds\\\u001b[31m\\Workflows\\ReadInvoice.cs',
  `C:\\${'a\\'.repeat(50_000)}Workflows\\ReadInvoice.cs`,
  'C:\\Windows\\System32\\drivers\\etc\\hosts',
  '/etc/passwd',
];

const HOSTILE_WORKFLOW_NAMES: readonly string[] = [
  '../Main',
  '..\\..\\Main',
  'sub/../../Main',
  '/etc/Main',
  'C:\\Windows\\Main',
  'C:Main',
  'file:///Main',
  '\\\\server\\share\\Main',
  'Ma\u0000in',
  'Main\u202e',
  `${'a/'.repeat(50_000)}Main`,
];

describe('hostile paths in fault text never point outside the project', () => {
  for (const path of HOSTILE_CODE_PATHS)
    it(`no location for a frame in ${JSON.stringify(path.slice(0, 60))}`, async () => {
      const { project } = projectFilesInMemory(PROJECT);
      const fault = frameFault(path);
      assert.equal(fault.frames.length, 1, 'the frame itself is read');
      assert.deepEqual(await locateFault({ fault }, project), []);
    });

  for (const name of HOSTILE_WORKFLOW_NAMES) {
    it(`no location for an error line naming ${JSON.stringify(name.slice(0, 40))}`, async () => {
      const { project } = projectFilesInMemory(PROJECT);
      assert.deepEqual(await locateFault(logEvidence(name), project), []);
    });
    it(`no location for Info naming ${JSON.stringify(`${name.slice(0, 40)}.xaml`)}`, async () => {
      const { project } = projectFilesInMemory(PROJECT);
      assert.deepEqual(await locateFault({ fault: infoFault(`${name}.xaml`) }, project), []);
    });
  }

  it('the same places map when the path is a build machine’s or a plain name (the table above is not vacuous)', async () => {
    const { project } = projectFilesInMemory(PROJECT);
    const frame = await locateFault({ fault: frameFault('C:\\Builds\\Workflows\\ReadInvoice.cs') }, project);
    assert.deepEqual(
      frame.map((l) => [l.relativePath, l.line]),
      [['Workflows/ReadInvoice.cs', 3]],
    );
    assert.equal((await locateFault(logEvidence('Main'), project)).length, 1);
    assert.equal((await locateFault({ fault: infoFault('Main.xaml') }, project)).length, 1);
  });

  it('a listed file whose real path is outside (a link out) is never named; one linked inside is', async () => {
    const { project } = projectFilesInMemory(PROJECT, { 'Workflows/ReadInvoice.cs': '../../elsewhere/Secret.cs' });
    assert.deepEqual(await locateFault({ fault: frameFault('C:\\B\\Workflows\\ReadInvoice.cs') }, project), []);
    const inside = projectFilesInMemory(PROJECT, { 'Workflows/ReadInvoice.cs': 'Shared/ReadInvoice.cs' });
    assert.equal(
      (await locateFault({ fault: frameFault('C:\\B\\Workflows\\ReadInvoice.cs') }, inside.project)).length,
      1,
    );
  });

  describe('on disk, with symbolic links', () => {
    let root = '';
    before(() => {
      root = mkdtempSync(join(tmpdir(), 'faults31-'));
      mkdirSync(join(root, 'project', 'Workflows'), { recursive: true });
      mkdirSync(join(root, 'outside'));
      writeFileSync(join(root, 'outside', 'Secret.cs'), 'secret\n');
      writeFileSync(join(root, 'outside', 'Other.xaml'), '<A DisplayName="Read Invoice" />\n');
      writeFileSync(join(root, 'project', 'Main.xaml'), MAIN_XAML);
      writeFileSync(join(root, 'project', 'Workflows', 'Real.cs'), 'class Real {}\n');
      symlinkSync(join(root, 'outside', 'Secret.cs'), join(root, 'project', 'Workflows', 'ReadInvoice.cs'));
      symlinkSync(join(root, 'outside', 'Other.xaml'), join(root, 'project', 'Other.xaml'));
      symlinkSync('Real.cs', join(root, 'project', 'Workflows', 'Alias.cs'));
    });
    after(() => rmSync(root, { recursive: true, force: true }));

    it('a file linked to outside the project is never named, from a frame or an error line', async () => {
      const project = projectFilesOnDisk(join(root, 'project'));
      assert.ok((await project.list()).includes('Workflows/ReadInvoice.cs'), 'the link is listed');
      assert.deepEqual(await locateFault({ fault: frameFault('C:\\B\\Workflows\\ReadInvoice.cs') }, project), []);
      assert.deepEqual(await locateFault(logEvidence('Other'), project), []);
    });

    it('a file linked inside the project, and a plain one, are named', async () => {
      const project = projectFilesOnDisk(join(root, 'project'));
      const alias = await locateFault({ fault: frameFault('C:\\B\\Workflows\\Alias.cs') }, project);
      assert.deepEqual(
        alias.map((l) => [l.relativePath, l.line]),
        [['Workflows/Alias.cs', 3]],
      );
      assert.deepEqual(
        (await locateFault(logEvidence('Main'), project)).map((l) => [l.relativePath, l.line]),
        [['Main.xaml', 3]],
      );
    });
  });
});

describe('project path checks', () => {
  it('keeps a build machine’s path as its segments only when absolute paths are allowed', () => {
    assert.deepEqual(pathSegments('C:\\Builds\\A\\B.cs', { absolute: true }), ['Builds', 'A', 'B.cs']);
    assert.deepEqual(pathSegments('/home/build/./A/B.cs', { absolute: true }), ['home', 'build', 'A', 'B.cs']);
    assert.equal(pathSegments('C:\\Builds\\A\\B.cs', { absolute: false }), undefined);
    assert.deepEqual(pathSegments('Framework\\Init.xaml', { absolute: false }), ['Framework', 'Init.xaml']);
    assert.deepEqual(['A/B.cs', './A/B.cs', 'A/../B.cs', '/A/B.cs', ''].map(isInsideRelative), [
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
