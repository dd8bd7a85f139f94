/**
 * The texts a faulted job leaves behind, in the shapes real robots write them (sandbox/README.md, "Faulted jobs";
 * the contract the extension's fault reader follows). `Info` is the job's exception; `errors` are its Error log
 * lines (`Message` is `<activity display name>: <message>`, `fileName` the workflow's name without `.xaml`).
 */
export interface FaultText {
  info: string;
  errors: { fileName: string; message: string }[];
}

/** Where the sample project was built: coded workflows' stack frames name files below it. */
export const SAMPLE_BUILD_ROOT = 'C:\\Builds\\Invoice.Processing';
/** The package id of the sample project (`sandbox/samples/Invoice.Processing/project.json`'s `name`). */
export const SAMPLE_PACKAGE = 'Invoice.Processing';

const ACTIVITY_FRAMES = [
  '   at System.Activities.CodeActivity.InternalExecute(ActivityInstance instance, ActivityExecutor executor, BookmarkManager bookmarkManager)',
  '   at System.Activities.Runtime.ActivityExecutor.ExecuteActivityWorkItem.ExecuteBody(ActivityExecutor executor, BookmarkManager bookmarkManager, Location resultLocation)',
];

export interface ActivityFault {
  /** The message of the exception. */
  message: string;
  /** The faulting activity's display name (`Source`). */
  source: string;
  /** The .NET type of the exception. */
  type: string;
  /** The activity's own frame, e.g. `UiPath.Core.Activities.Throw.Execute(CodeActivityContext context)`. */
  frame: string;
  /** The workflow file holding the activity, without `.xaml`. */
  fileName: string;
  /** Set when the workflow was invoked from another: the Info starts with the invocation line. */
  invoked?: boolean;
}

/** A fault inside an activity of a `.xaml` workflow, as a current robot writes it. */
export function activityFault(fault: ActivityFault): FaultText {
  const parts = [
    ...(fault.invoked ? [`Invoke Workflow File: ${fault.fileName}.xaml has thrown an exception`] : []),
    `Message: ${fault.message}`,
    `Source: ${fault.source}`,
    `Exception Type: ${fault.type}`,
    [`RemoteException wrapping ${fault.type}: ${fault.message}`, `   at ${fault.frame}`, ...ACTIVITY_FRAMES].join('\n'),
  ];
  return {
    info: parts.join('\n\n'),
    errors: [{ fileName: fault.fileName, message: `${fault.source}: ${fault.message}` }],
  };
}

/** A fault thrown by a coded workflow (C#): .NET frames with the build machine's source location. */
export function codedFault(fault: {
  message: string;
  type: string;
  /** The frames in the coded workflow, innermost first: method and line in `file`. */
  frames: { method: string; line: number }[];
  file: string;
  /** The activity that invoked the coded workflow, and the workflow holding it (without `.xaml`). */
  source: string;
  fileName: string;
}): FaultText {
  const frames = [
    ...fault.frames.map((f) => `   at ${f.method} in ${SAMPLE_BUILD_ROOT}\\${fault.file}:line ${f.line}`),
    '   at UiPath.CodedWorkflows.CodedWorkflowBase.Run(IDictionary`2 arguments)',
    '   at UiPath.Activities.System.Invoke.InvokeCodedWorkflow.Execute(CodeActivityContext context)',
  ];
  const parts = [
    `Message: ${fault.message}`,
    `Source: ${fault.source}`,
    `Exception Type: ${fault.type}`,
    [`${fault.type}: ${fault.message}`, ...frames].join('\n'),
  ];
  return {
    info: parts.join('\n\n'),
    errors: [{ fileName: fault.fileName, message: `${fault.source}: ${fault.message}` }],
  };
}

/** What older robots write: the exception on one line (still shown and grouped by the extension). */
export function legacyFault(fileName: string, message: string): FaultText {
  return { info: `System.Exception: ${message}`, errors: [{ fileName, message: `Main: ${message}` }] };
}

/** Invoice.Processing, `Process Invoice.xaml`: the `Throw 'Total missing'` activity (the sample project). */
export function totalMissing(invoice: string): FaultText {
  return activityFault({
    message: `Invoice total is missing for ${invoice}`,
    source: "Throw 'Total missing'",
    type: 'System.Exception',
    frame: 'UiPath.Core.Activities.Throw.Execute(CodeActivityContext context)',
    fileName: 'Process Invoice',
    invoked: true,
  });
}

/** Invoice.Processing, `Workflows/ReadInvoice.cs` line 42 (the sample project), invoked by Main's `Read Invoice`. */
export function invoiceNumberRefused(invoice: string): FaultText {
  return codedFault({
    message: `Invoice number '${invoice}' is not of the form INV-<digits>`,
    type: 'System.FormatException',
    frames: [
      { method: 'Invoice.Processing.ReadInvoice.Check(String invoiceNumber)', line: 42 },
      { method: 'Invoice.Processing.ReadInvoice.Execute(String invoiceNumber)', line: 25 },
    ],
    file: 'Workflows\\ReadInvoice.cs',
    source: 'Read Invoice',
    fileName: 'Main',
  });
}

/**
 * What a started job of the sample's package does with its input (README, "The sample project"): an invoice number
 * not of the form `INV-<digits>` faults in the coded ReadInvoice, a total of 0 (or below) in Process Invoice.
 */
export function sampleFaultFor(processKey: string, input: Record<string, unknown>): FaultText | undefined {
  if (processKey.toLowerCase() !== SAMPLE_PACKAGE.toLowerCase()) return undefined;
  const invoice = input.in_InvoiceNumber;
  if (typeof invoice === 'string' && !/^INV-\d+$/.test(invoice)) return invoiceNumberRefused(invoice);
  const total = input.in_InvoiceTotal;
  if (typeof total === 'number' && total <= 0) return totalMissing(typeof invoice === 'string' ? invoice : 'INV-0');
  return undefined;
}
