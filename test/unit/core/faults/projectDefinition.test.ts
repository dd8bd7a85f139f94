// Issue 31: the workspace project's project.json, read as untrusted text; a job's package id matched to it.
import assert from 'node:assert/strict';
import {
  MAX_PROJECT_JSON_CHARS,
  projectsOfPackage,
  readProjectDefinition,
} from '../../../../src/core/faults/projectDefinition';

const SAMPLE = {
  name: 'Invoice.Processing',
  projectVersion: '1.0.3',
  main: 'Main.xaml',
  targetFramework: 'Windows',
  dependencies: { 'UiPath.System.Activities': '[24.10.1]' },
};

describe('project definition (project.json)', () => {
  it('reads the package id, version, entry point and framework, ignoring the fields it does not use', () => {
    assert.deepEqual(readProjectDefinition(`\ufeff${JSON.stringify(SAMPLE, null, 2)}`), {
      ok: true,
      definition: {
        name: 'Invoice.Processing',
        projectVersion: '1.0.3',
        main: 'Main.xaml',
        targetFramework: 'Windows',
      },
    });
    assert.deepEqual(readProjectDefinition('{"name":"  Only.Name "}'), { ok: true, definition: { name: 'Only.Name' } });
  });

  for (const [what, text, reason] of [
    ['bad JSON', '{"name": "Invoice.Processing",', 'project.json is not valid JSON.'],
    ['an array', '["Invoice.Processing"]', 'project.json must be a JSON object.'],
    ['null', 'null', 'project.json must be a JSON object.'],
    ['no name', '{"main":"Main.xaml"}', 'project.json has no "name" (the package id).'],
    ['a numeric name', '{"name":42}', 'project.json\'s "name" must be non-empty text.'],
    ['an empty name', '{"name":"  "}', 'project.json\'s "name" must be non-empty text.'],
    ['a numeric version', '{"name":"A","projectVersion":1.2}', 'project.json\'s "projectVersion" must be text.'],
    ['an object as main', '{"name":"A","main":{"x":1}}', 'project.json\'s "main" must be text.'],
    [
      'an oversize file',
      `{"name":"A","pad":"${'x'.repeat(MAX_PROJECT_JSON_CHARS)}"}`,
      /more than 1,048,576 is not read/,
    ],
  ] as const)
    it(`gives a reason, not a throw, for ${what}`, () => {
      const result = readProjectDefinition(text);
      assert.equal(result.ok, false);
      const said = result.ok ? '' : result.reason;
      if (typeof reason === 'string') assert.equal(said, reason);
      else assert.match(said, reason);
    });

  it("matches a job's package id to projects without regard to case, and nothing to an empty id", () => {
    const projects = [
      { folder: 'invoices', definition: { name: 'Invoice.Processing' } },
      { folder: 'other', definition: { name: 'Invoice.Processing.Tests' } },
      { folder: 'copy', definition: { name: 'invoice.processing' } },
    ];
    assert.deepEqual(
      projectsOfPackage('INVOICE.Processing', projects).map((p) => p.folder),
      ['invoices', 'copy'],
    );
    assert.deepEqual(projectsOfPackage('Invoice', projects), []);
    assert.deepEqual(projectsOfPackage('', projects), []);
  });
});
