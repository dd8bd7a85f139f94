// The project files adapter (src/host/faults/projectFiles.ts) over a fake folder: the walk and the reads stay within
// their bounds whatever the folder holds, links are never walked, and a path or link out of the project names nothing,
// through locateFault as the Problems panel would get it.
import assert from 'node:assert/strict';
import { locateFault, MAX_PROJECT_FILES } from '../../../src/core/faults/faultLocations';
import { parseErrorLogLine, parseFaultInfo } from '../../../src/core/faults/faultText';
import {
  MAX_DEPTH,
  MAX_FOLDERS,
  projectFiles,
  type FolderAccess,
  type FolderEntry,
} from '../../../src/host/faults/projectFiles';

interface FakeFile {
  readonly text?: string;
  readonly bytes?: Uint8Array;
  /** Where a link points, relative to the project's real path. */
  readonly realPath?: string;
}

/** A folder of files (path → file) and generated folders; it counts what it is asked. */
function fakeFolder(files: Record<string, FakeFile>, generated?: (path: string) => readonly FolderEntry[] | undefined) {
  const calls = { readDirectory: 0, size: 0, readFile: 0, realPath: 0 };
  const bytesOf = (file: FakeFile) => file.bytes ?? new TextEncoder().encode(file.text ?? '');
  const access: FolderAccess = {
    readDirectory(path) {
      calls.readDirectory++;
      const made = generated?.(path);
      if (made) return Promise.resolve(made);
      const prefix = path === '' ? '' : `${path}/`;
      const names = new Map<string, FolderEntry>();
      for (const [file, value] of Object.entries(files)) {
        if (!file.startsWith(prefix)) continue;
        const [name, ...rest] = file.slice(prefix.length).split('/');
        names.set(name!, {
          name: name!,
          kind: rest.length > 0 ? 'directory' : 'file',
          link: rest.length === 0 && value.realPath !== undefined,
        });
      }
      return Promise.resolve([...names.values()]);
    },
    size(path) {
      calls.size++;
      const file = files[path];
      return Promise.resolve(file ? bytesOf(file).byteLength : undefined);
    },
    readFile(path) {
      calls.readFile++;
      const file = files[path];
      return file ? Promise.resolve(bytesOf(file)) : Promise.reject(new Error('ENOENT'));
    },
    realPath(path) {
      calls.realPath++;
      const file = files[path];
      return file ? Promise.resolve(file.realPath ?? path) : Promise.reject(new Error('ENOENT'));
    },
  };
  return { access, calls };
}

const PROCESS_INVOICE = [
  '<Activity x:Class="Process_Invoice">',
  '  <Sequence DisplayName="Process Invoice">',
  '    <Throw DisplayName="Throw &apos;Total missing&apos;" />',
  '  </Sequence>',
  '</Activity>',
].join('\n');

const errorLine = (fileName: string) =>
  parseErrorLogLine({
    Level: 'Error',
    Message: "Throw 'Total missing': Invoice total is missing for INV-20431",
    RawMessage: JSON.stringify({ message: 'x', level: 'Error', fileName }),
  })!;

describe('Faults to source: the project files adapter keeps its bounds', () => {
  it('lists at most MAX_PROJECT_FILES files of a huge folder, reading no folder past the bound', async () => {
    // Every folder holds 500 files and 50 folders: without the bounds the walk would never end.
    const { access, calls } = fakeFolder({}, () => [
      ...Array.from({ length: 500 }, (_, i): FolderEntry => ({ name: `f${i}.xaml`, kind: 'file', link: false })),
      ...Array.from({ length: 50 }, (_, i): FolderEntry => ({ name: `d${i}`, kind: 'directory', link: false })),
    ]);
    const listed = await projectFiles(access).list();
    assert.equal(listed.length, MAX_PROJECT_FILES);
    assert.equal(calls.readDirectory, MAX_PROJECT_FILES / 500, 'folders read: one per 500 files, none after');
  });

  it('reads at most MAX_FOLDERS folders and walks no deeper than MAX_DEPTH', async () => {
    const empty = fakeFolder({}, () => [{ name: 'd', kind: 'directory', link: false }]);
    await projectFiles(empty.access).list();
    assert.equal(empty.calls.readDirectory, MAX_DEPTH, 'one chain of folders, cut at the depth bound');
    const wide = fakeFolder({}, () =>
      Array.from({ length: 100 }, (_, i): FolderEntry => ({ name: `d${i}`, kind: 'directory', link: false })),
    );
    await projectFiles(wide.access).list();
    assert.equal(wide.calls.readDirectory, MAX_FOLDERS);
  });

  it('never walks into a linked folder, a hidden one, node_modules, bin or obj', async () => {
    const { access } = fakeFolder({}, (path) =>
      path === ''
        ? [
            { name: 'Main.xaml', kind: 'file', link: false },
            { name: 'outside', kind: 'directory', link: true },
            { name: '.local', kind: 'directory', link: false },
            { name: 'node_modules', kind: 'directory', link: false },
            { name: 'bin', kind: 'directory', link: false },
            { name: 'Obj', kind: 'directory', link: false },
            { name: 'Workflows', kind: 'directory', link: false },
          ]
        : [{ name: 'A.xaml', kind: 'file', link: false }],
    );
    assert.deepEqual(await projectFiles(access).list(), ['Main.xaml', 'Workflows/A.xaml']);
  });

  it('reads a file only when its size is within the bound, and only inside the project', async () => {
    const { access, calls } = fakeFolder({
      'Main.xaml': { text: 'x'.repeat(100) },
      'Bad.xaml': { bytes: new Uint8Array([0xff, 0xfe, 0x00]) },
    });
    const files = projectFiles(access);
    assert.equal(await files.read('Main.xaml', 99), undefined, 'over the bound: not read');
    assert.equal(calls.readFile, 0, 'the size decided it, the file was never read');
    assert.equal(await files.read('Main.xaml', 100), 'x'.repeat(100));
    assert.equal(await files.read('Bad.xaml', 100), undefined, 'not UTF-8: no text');
    assert.equal(await files.read('Missing.xaml', 100), undefined);
    const before = { ...calls };
    for (const hostile of ['../Main.xaml', '/etc/passwd', 'C:\\Windows\\win.ini', 'file:///etc/passwd', 'a/../../b'])
      assert.equal(await files.read(hostile, 100), undefined, hostile);
    assert.deepEqual(calls, before, 'a path out of the project reaches no file system call');
  });

  it('a link out of the project, a `..` and an absolute path name no place; the project file does', async () => {
    const { access } = fakeFolder({
      'Process Invoice.xaml': { text: PROCESS_INVOICE },
      'Linked.xaml': { text: PROCESS_INVOICE, realPath: '../elsewhere/Linked.xaml' },
      'Abs.xaml': { text: PROCESS_INVOICE, realPath: '/etc/Abs.xaml' },
      'Workflows/ReadInvoice.cs': { text: 'class ReadInvoice {}' },
    });
    const files = projectFiles(access);
    const locate = (fileName: string) => locateFault({ errorLines: [errorLine(fileName)] }, files);
    assert.deepEqual(
      (await locate('Process Invoice')).map((l) => [l.relativePath, l.line]),
      [['Process Invoice.xaml', 3]],
    );
    for (const hostile of ['Linked', 'Abs', '../Process Invoice', '..\\..\\Process Invoice', 'C:\\Windows\\win'])
      assert.deepEqual(await locate(hostile), [], hostile);
    const frame = (path: string) =>
      parseFaultInfo(`Message: boom\n\nSystem.Exception: boom\n   at Invoice.ReadInvoice.Check() in ${path}:line 42`);
    const located = await locateFault({ fault: frame('C:\\Builds\\Invoice\\Workflows\\ReadInvoice.cs') }, files);
    assert.deepEqual(
      located.map((l) => [l.relativePath, l.line]),
      [['Workflows/ReadInvoice.cs', 42]],
    );
    for (const hostile of ['\\\\server\\share\\Workflows\\ReadInvoice.cs', 'C:\\Builds\\..\\Workflows\\ReadInvoice.cs'])
      assert.deepEqual(await locateFault({ fault: frame(hostile) }, files), [], hostile);
  });
});
