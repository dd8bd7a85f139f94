// Publish Workspace Project's packing tool: found on PATH as a shell finds a command (the first executable file;
// folders that do not exist, files that cannot run and a folder of the tool's name skipped), and the command line
// the user is shown quoting what a shell would split (a path with spaces) or expand.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { commandLineOf, findPackingTool, packArguments } from '../../../src/host/commands/publishWorkspaceProject';

describe('Publish Workspace Project: the packing tool', () => {
  const root = mkdtempSync(join(tmpdir(), 'packing tool '));
  /** A PATH folder, with `uipcli` in it as a file (executable or not) or a folder, or nothing. */
  const folder = (name: string, uipcli?: 'executable' | 'not executable' | 'folder') => {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    if (uipcli === 'folder') mkdirSync(join(dir, 'uipcli'));
    else if (uipcli) {
      writeFileSync(join(dir, 'uipcli'), '#!/bin/sh\n');
      chmodSync(join(dir, 'uipcli'), uipcli === 'executable' ? 0o755 : 0o644);
    }
    return dir;
  };
  const path = (...folders: string[]) => folders.join(delimiter);

  it('is the first executable uipcli on PATH, past folders that do not exist and empty entries', async () => {
    const first = folder('first', 'executable');
    const path_ = path(join(root, 'does not exist'), '', folder('empty'), first, folder('second', 'executable'));
    assert.equal(await findPackingTool(path_), join(first, 'uipcli'));
  });

  it('skips a uipcli that cannot run and a folder named uipcli, as a shell does', async () => {
    const tool = folder('installed', 'executable');
    assert.equal(
      await findPackingTool(path(folder('plain file', 'not executable'), folder('unzipped', 'folder'), tool)),
      join(tool, 'uipcli'),
    );
  });

  it('is absent when no folder holds one (an empty PATH included)', async () => {
    assert.equal(
      await findPackingTool(path(folder('none'), join(root, 'missing'), folder('dir', 'folder'))),
      undefined,
    );
    assert.equal(await findPackingTool(''), undefined);
  });

  it('runs with the project and the output folder as separate arguments, spaces kept', () => {
    assert.deepEqual(packArguments('/home/ana/My Robots/Invoice/project.json', '/tmp/out put'), [
      'package',
      'pack',
      '/home/ana/My Robots/Invoice/project.json',
      '-o',
      '/tmp/out put',
    ]);
  });

  it('is shown as a shell would read it: paths with spaces quoted, quotes and $ escaped, plain ones as they are', () => {
    const args = packArguments('/home/ana/My Robots/Invoice/project.json', '/tmp/orchestrator-pack-x1');
    assert.equal(
      commandLineOf('/opt/uipath cli/uipcli', args),
      '"/opt/uipath cli/uipcli" package pack "/home/ana/My Robots/Invoice/project.json" -o /tmp/orchestrator-pack-x1',
    );
    assert.equal(
      commandLineOf('/usr/bin/uipcli', packArguments('/w/say "hi" $HOME `x`/project.json', '/tmp/o')),
      '/usr/bin/uipcli package pack "/w/say \\"hi\\" \\$HOME \\`x\\`/project.json" -o /tmp/o',
    );
  });
});
