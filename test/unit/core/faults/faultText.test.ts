// Issue 31, faults to source: a faulted job's Info and its error log lines read into message, source, exception
// type, workflow files and stack frames; text that fits no known shape kept whole.
import assert from 'node:assert/strict';
import { MAX_FRAMES, parseErrorLogLine, parseFaultInfo, workflowFilesIn } from '../../../../src/core/faults/faultText';
import { CODED_FAULT, errorLine, INVOKED_FAULT, LEGACY_FAULT } from './faultSamples';

const crlf = (text: string) => text.replace(/\n/g, '\r\n');

describe('fault text: a faulted job’s Info', () => {
  for (const [ending, convert] of [
    ['\\n', (s: string) => s],
    ['\\r\\n', crlf],
  ] as const)
    it(`reads an invoked workflow's fault into its parts (lines ending ${ending})`, () => {
      const fault = parseFaultInfo(convert(INVOKED_FAULT));
      assert.equal(fault.message, 'Invoice total is missing for INV-20431');
      assert.equal(fault.source, "Throw 'Total missing'");
      assert.equal(fault.exceptionType, 'System.Exception');
      assert.equal(fault.invokedWorkflow, 'Process Invoice.xaml');
      assert.deepEqual(fault.workflowFiles, ['Process Invoice.xaml']);
      assert.deepEqual(
        fault.frames.map((f) => f.method),
        [
          'UiPath.Core.Activities.Throw.Execute(CodeActivityContext context)',
          'System.Activities.CodeActivity.InternalExecute(ActivityInstance instance, ActivityExecutor executor, BookmarkManager bookmarkManager)',
        ],
      );
      assert.ok(fault.frames.every((f) => f.file === undefined && f.line === undefined));
    });

  it("reads a coded workflow's frames with the build machine's file and line", () => {
    const fault = parseFaultInfo(CODED_FAULT);
    assert.equal(fault.message, "Invoice number 'INV 7' is not of the form INV-<digits>");
    assert.equal(fault.source, 'Read Invoice');
    assert.equal(fault.exceptionType, 'System.FormatException');
    assert.equal(fault.invokedWorkflow, undefined);
    assert.deepEqual(fault.frames.slice(0, 2), [
      {
        method: 'Invoice.Processing.ReadInvoice.Check(String invoiceNumber)',
        file: 'C:\\Builds\\Invoice.Processing\\Workflows\\ReadInvoice.cs',
        line: 42,
      },
      {
        method: 'Invoice.Processing.ReadInvoice.Execute(String invoiceNumber)',
        file: 'C:\\Builds\\Invoice.Processing\\Workflows\\ReadInvoice.cs',
        line: 25,
      },
    ]);
    assert.deepEqual(fault.frames[2], {
      method: 'UiPath.CodedWorkflows.CodedWorkflowBase.Run(IDictionary`2 arguments)',
    });
  });

  it("reads older robots' one line: the exception's type and message", () => {
    const fault = parseFaultInfo(LEGACY_FAULT);
    assert.equal(fault.exceptionType, 'System.Exception');
    assert.equal(fault.message, 'Could not reach https://erp.example/api for order 55');
    assert.deepEqual([fault.source, fault.frames.length, fault.workflowFiles.length], [undefined, 0, 0]);
  });

  it('keeps a message that runs over several lines, up to the next part', () => {
    const fault = parseFaultInfo("Message: first line\nsecond line\n\nSource: Click 'OK'\n\nException Type: X.Y");
    assert.deepEqual(
      [fault.message, fault.source, fault.exceptionType],
      ['first line\nsecond line', "Click 'OK'", 'X.Y'],
    );
  });

  for (const text of [
    'Job stopped with an unexpected exit code: 0xE0434352',
    "Click 'OK': Cannot find the UI element corresponding to this selector",
    '   ',
    'Message:',
    '',
  ])
    it(`keeps text it cannot read whole as the message: ${JSON.stringify(text)}`, () => {
      const fault = parseFaultInfo(text);
      assert.equal(fault.message, text.trim());
      assert.equal(fault.exceptionType, undefined);
    });

  it('names the workflow files a text mentions, quoted with spaces or as one token, once each', () => {
    assert.deepEqual(
      workflowFilesIn(
        'Could not load "Process Invoice.xaml" from Framework\\InitAllSettings.xaml; Main.xaml; Main.xaml.bak',
      ),
      ['Process Invoice.xaml', 'Framework\\InitAllSettings.xaml', 'Main.xaml'],
    );
  });

  it(`keeps at most ${MAX_FRAMES} frames of an endless stack, and stays whole on a very long text`, () => {
    const stack = Array.from({ length: 5000 }, (_, i) => `   at A.B${i}() in C:\\b\\A.cs:line ${i + 1}`).join('\n');
    const fault = parseFaultInfo(`Message: deep\n\nException Type: System.StackOverflowException\n\n${stack}`);
    assert.equal(fault.frames.length, MAX_FRAMES);
    assert.equal(fault.frames[0]!.line, 1);
    assert.equal(fault.message, 'deep');
    const huge = 'x'.repeat(1_000_000);
    assert.equal(parseFaultInfo(huge).message.length, 1_000_000);
  });
});

describe('fault text: error log lines', () => {
  it('reads the activity, the message and the workflow file (robots write its name without .xaml)', () => {
    const line = errorLine({
      message: "Throw 'Total missing': Invoice total is missing for INV-20431",
      fileName: 'Process Invoice',
    });
    assert.deepEqual(parseErrorLogLine(line), {
      message: 'Invoice total is missing for INV-20431',
      source: "Throw 'Total missing'",
      workflowFile: 'Process Invoice.xaml',
      jobKey: 'b7c4c1e2-3d5f-4a8e-9d0c-6f1e2a3b4c5d',
    });
  });

  it('reads Fatal lines and skips lower levels', () => {
    assert.equal(
      parseErrorLogLine(errorLine({ message: 'Main: boom', fileName: 'Main', level: 'Fatal' }))?.workflowFile,
      'Main.xaml',
    );
    assert.equal(
      parseErrorLogLine(errorLine({ message: 'Main: fine', fileName: 'Main', level: 'Information' })),
      undefined,
    );
  });

  for (const [what, raw] of [
    ['not JSON', '{"message": "x", '],
    ['JSON of the wrong shape', JSON.stringify({ message: 5, level: 'Error', fileName: 'Main' })],
    ['a JSON array', '["Main"]'],
    ['absent', null],
    [
      'over the size bound',
      JSON.stringify({ message: 'm', level: 'Error', fileName: 'Main', pad: 'x'.repeat(70_000) }),
    ],
  ] as const)
    it(`keeps the line's message when RawMessage is ${what}, naming no file`, () => {
      const parsed = parseErrorLogLine(errorLine({ message: 'Read Invoice: Invoice number refused', raw }));
      assert.deepEqual(parsed, {
        message: 'Invoice number refused',
        source: 'Read Invoice',
        workflowFile: undefined,
        jobKey: undefined,
      });
    });
});

describe('fault text: real variants', () => {
  it('reads frames in the robot machine’s language (German, French, Spanish)', () => {
    const fault = parseFaultInfo(
      [
        'System.FormatException: Ungültige Rechnungsnummer',
        '   bei Invoice.Processing.ReadInvoice.Check(String n) in C:\\Builds\\Workflows\\ReadInvoice.cs:Zeile 42',
        '   à Invoice.Processing.ReadInvoice.Execute(String n) dans C:\\Builds\\Workflows\\ReadInvoice.cs:ligne 25',
        '   en Invoice.Processing.Main.Run() en C:\\Builds\\Main.cs:línea 7',
      ].join('\r\n'),
    );
    assert.deepEqual(
      fault.frames.map((f) => [f.file, f.line]),
      [
        ['C:\\Builds\\Workflows\\ReadInvoice.cs', 42],
        ['C:\\Builds\\Workflows\\ReadInvoice.cs', 25],
        ['C:\\Builds\\Main.cs', 7],
      ],
    );
  });

  it('keeps the outer exception when inner ones follow, and a message line that reads like a frame stays message', () => {
    const fault = parseFaultInfo(
      [
        'Message: Could not open the invoice',
        '   in the shared folder',
        '',
        'Exception Type: System.InvalidOperationException',
        '',
        'RemoteException wrapping System.InvalidOperationException: Could not open the invoice',
        ' ---> System.IO.FileNotFoundException: Could not find file.',
        '   at System.IO.FileStream.ValidateFileHandle(SafeFileHandle fileHandle)',
        '   --- End of inner exception stack trace ---',
        '   at UiPath.Core.Activities.ReadPdfText.Execute(CodeActivityContext context)',
      ].join('\n'),
    );
    assert.equal(fault.message, 'Could not open the invoice\n   in the shared folder');
    assert.equal(fault.exceptionType, 'System.InvalidOperationException');
    assert.equal(fault.frames.length, 2);
  });

  it('reads the parts when a robot writes them without blank lines between', () => {
    const fault = parseFaultInfo(
      "Message: Element not found\nSource: Click 'OK'\nException Type: UiPath.Core.SelectorNotFoundException",
    );
    assert.deepEqual(
      [fault.message, fault.source, fault.exceptionType],
      ['Element not found', "Click 'OK'", 'UiPath.Core.SelectorNotFoundException'],
    );
  });
});
