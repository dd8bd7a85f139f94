// Fault texts in the shapes real robots write them (the contract: sandbox/README.md, "Faulted jobs"), shared by the
// fault tests. Lines end in `\n`; the tests also run them with `\r\n`, as robots on Windows write them.

export const INVOKED_FAULT = [
  'Invoke Workflow File: Process Invoice.xaml has thrown an exception',
  '',
  'Message: Invoice total is missing for INV-20431',
  '',
  "Source: Throw 'Total missing'",
  '',
  'Exception Type: System.Exception',
  '',
  'RemoteException wrapping System.Exception: Invoice total is missing for INV-20431',
  '   at UiPath.Core.Activities.Throw.Execute(CodeActivityContext context)',
  '   at System.Activities.CodeActivity.InternalExecute(ActivityInstance instance, ActivityExecutor executor, BookmarkManager bookmarkManager)',
].join('\n');

export const CODED_FAULT = [
  "Message: Invoice number 'INV 7' is not of the form INV-<digits>",
  '',
  'Source: Read Invoice',
  '',
  'Exception Type: System.FormatException',
  '',
  "System.FormatException: Invoice number 'INV 7' is not of the form INV-<digits>",
  '   at Invoice.Processing.ReadInvoice.Check(String invoiceNumber) in C:\\Builds\\Invoice.Processing\\Workflows\\ReadInvoice.cs:line 42',
  '   at Invoice.Processing.ReadInvoice.Execute(String invoiceNumber) in C:\\Builds\\Invoice.Processing\\Workflows\\ReadInvoice.cs:line 25',
  '   at UiPath.CodedWorkflows.CodedWorkflowBase.Run(IDictionary`2 arguments)',
].join('\n');

export const LEGACY_FAULT = 'System.Exception: Could not reach https://erp.example/api for order 55';

/** The sample project's `Process Invoice.xaml`, its Throw on line 10 (as in sandbox/samples/Invoice.Processing). */
export const PROCESS_INVOICE_XAML = [
  '<Activity mc:Ignorable="sap sap2010" x:Class="Process_Invoice"',
  '  xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities"',
  '  xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">',
  '  <x:Members>',
  '    <x:Property Name="in_InvoiceTotal" Type="InArgument(x:Decimal)" />',
  '  </x:Members>',
  '  <Sequence DisplayName="Process Invoice">',
  '    <If Condition="[in_InvoiceTotal &lt;= 0]" DisplayName="If total is missing">',
  '      <If.Then>',
  '        <Throw DisplayName="Throw &apos;Total missing&apos;" Exception="[new Exception(&quot;x&quot;)]" />',
  '      </If.Then>',
  '    </If>',
  '  </Sequence>',
  '</Activity>',
].join('\n');

export const MAIN_XAML = [
  '<Activity x:Class="Main">',
  '  <Sequence DisplayName="Main Sequence">',
  '    <ui:InvokeWorkflowFile DisplayName="Read Invoice" WorkflowFileName="Workflows\\ReadInvoice.cs" />',
  '    <ui:InvokeWorkflowFile DisplayName="Process Invoice" WorkflowFileName="Process Invoice.xaml" />',
  '  </Sequence>',
  '</Activity>',
].join('\n');

/** An Error line as robots write it: RawMessage JSON with the fields real robots send. */
export function errorLine(fields: { message: string; fileName?: string; level?: string; raw?: string | null }) {
  const level = fields.level ?? 'Error';
  const raw = {
    message: fields.message,
    level,
    logType: 'Default',
    timeStamp: '2026-11-27T00:40:12.1234567+00:00',
    ...(fields.fileName !== undefined ? { fileName: fields.fileName } : {}),
    jobId: 'b7c4c1e2-3d5f-4a8e-9d0c-6f1e2a3b4c5d',
    processName: 'Invoice.Processing_Production',
    processVersion: '1.0.3',
    robotName: 'robot-01',
    machineId: 12,
    organizationUnitId: 4,
  };
  return {
    Level: level,
    Message: fields.message,
    RawMessage: fields.raw !== undefined ? fields.raw : JSON.stringify(raw),
  };
}
