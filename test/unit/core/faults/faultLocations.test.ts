// Issue 31, faults to source: a parsed fault and its error lines → the files and lines of the workspace project.
import assert from 'node:assert/strict';
import { locateFault } from '../../../../src/core/faults/faultLocations';
import { parseErrorLogLine, parseFaultInfo, type ParsedLogLine } from '../../../../src/core/faults/faultText';
import { displayNamePosition, xmlUnescape } from '../../../../src/core/faults/xamlLines';
import { CODED_FAULT, errorLine, INVOKED_FAULT, LEGACY_FAULT, MAIN_XAML, PROCESS_INVOICE_XAML } from './faultSamples';
import { projectFilesInMemory } from './projectFilesOnDisk';

const SAMPLE = {
  'project.json': '{"name":"Invoice.Processing"}',
  'Main.xaml': MAIN_XAML,
  'Process Invoice.xaml': PROCESS_INVOICE_XAML,
  'Workflows/ReadInvoice.cs': 'namespace Invoice.Processing;\n',
};

/** The error line the invoked workflow's fault leaves in the log. */
const totalMissingLine = () =>
  parseErrorLogLine(
    errorLine({
      message: "Throw 'Total missing': Invoice total is missing for INV-20431",
      fileName: 'Process Invoice',
    }),
  );

const lines = (...parsed: (ParsedLogLine | undefined)[]) => parsed.filter((p) => p !== undefined);

describe('fault locations in the workspace project', () => {
  it("puts an invoked workflow's fault on the line of the activity whose DisplayName is the Source", async () => {
    const { project } = projectFilesInMemory(SAMPLE);
    const error = totalMissingLine();
    const locations = await locateFault({ fault: parseFaultInfo(INVOKED_FAULT), errorLines: lines(error) }, project);
    assert.deepEqual(locations, [
      {
        relativePath: 'Process Invoice.xaml',
        line: 10,
        column: 9,
        message: 'Invoice total is missing for INV-20431',
        source: "Throw 'Total missing'",
      },
    ]);
  });

  it("maps a coded workflow's build-machine frames by the longest suffix in the project, each at its own line", async () => {
    const { project } = projectFilesInMemory({ ...SAMPLE, 'ReadInvoice.cs': '// a decoy at the root\n' });
    const error = parseErrorLogLine(errorLine({ message: 'Read Invoice: Invoice number refused', fileName: 'Main' }));
    const locations = await locateFault({ fault: parseFaultInfo(CODED_FAULT), errorLines: lines(error) }, project);
    assert.deepEqual(
      locations.map((l) => [l.relativePath, l.line, l.source]),
      [
        ['Workflows/ReadInvoice.cs', 42, 'Invoice.Processing.ReadInvoice.Check(String invoiceNumber)'],
        ['Workflows/ReadInvoice.cs', 25, 'Invoice.Processing.ReadInvoice.Execute(String invoiceNumber)'],
        ['Main.xaml', 3, 'Read Invoice'],
      ],
    );
  });

  it('finds a workflow in a subfolder by its name, and refuses to guess between two of the same name', async () => {
    const fault = parseFaultInfo(INVOKED_FAULT);
    const one = projectFilesInMemory({ 'Framework/Process Invoice.xaml': PROCESS_INVOICE_XAML });
    assert.deepEqual(
      (await locateFault({ fault }, one.project)).map((l) => [l.relativePath, l.line]),
      [['Framework/Process Invoice.xaml', 10]],
    );
    const two = projectFilesInMemory({ 'A/Process Invoice.xaml': '', 'B/Process Invoice.xaml': '' });
    assert.deepEqual(await locateFault({ fault }, two.project), []);
  });

  it('puts a fault on line 1 when no activity has its Source, and reads no file for an older robot’s one line', async () => {
    const { project, reads } = projectFilesInMemory(SAMPLE);
    const error = parseErrorLogLine(errorLine({ message: 'Gone Activity: failed', fileName: 'Main' }));
    assert.deepEqual(
      (await locateFault({ errorLines: lines(error) }, project)).map((l) => [l.relativePath, l.line, l.column]),
      [['Main.xaml', 1, undefined]],
    );
    reads.length = 0;
    assert.deepEqual(await locateFault({ fault: parseFaultInfo(LEGACY_FAULT) }, project), []);
    assert.deepEqual(reads, []);
  });

  it('names a file of the fault only once per line and message, and reads it once', async () => {
    const { project, reads } = projectFilesInMemory(SAMPLE);
    const error = totalMissingLine();
    const locations = await locateFault(
      { fault: parseFaultInfo(INVOKED_FAULT), errorLines: lines(error, error, error) },
      project,
    );
    assert.equal(locations.length, 1);
    assert.deepEqual(reads, ['Process Invoice.xaml']);
  });
});

describe('xaml activity lines', () => {
  it('unescapes XML in DisplayName before comparing', () => {
    assert.equal(
      xmlUnescape('Throw &apos;Total&apos; &amp; &lt;x&gt; &quot;q&quot; &#65;&#x42; &#0; &bogus;'),
      'Throw \'Total\' & <x> "q" AB &#0; &bogus;',
    );
    assert.deepEqual(displayNamePosition(PROCESS_INVOICE_XAML, "Throw 'Total missing'"), { line: 10, column: 9 });
    assert.deepEqual(displayNamePosition("<A>\r\n  <B DisplayName='Click &quot;OK&quot;' />", 'Click "OK"'), {
      line: 2,
      column: 3,
    });
    assert.equal(displayNamePosition(PROCESS_INVOICE_XAML, 'Throw'), undefined);
    assert.equal(displayNamePosition(PROCESS_INVOICE_XAML, ''), undefined);
  });
});

describe('fault locations: frames without a place', () => {
  for (const line of [0, 16707566])
    it(`a frame at line ${line} (none, or hidden) names no place`, async () => {
      const { project } = projectFilesInMemory(SAMPLE);
      const fault = parseFaultInfo(`System.Exception: x\n   at A.B() in C:\\B\\Workflows\\ReadInvoice.cs:line ${line}`);
      assert.equal(fault.frames[0]?.line, line);
      assert.deepEqual(await locateFault({ fault }, project), []);
    });
});
