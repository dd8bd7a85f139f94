import {
  activityFault,
  invoiceNumberRefused,
  legacyFault,
  SAMPLE_PACKAGE,
  totalMissing,
  type FaultText,
} from './faultTexts';

/** The processes of the seeded run history (README, "Faulted jobs"): where each runs, how long, how it faults. */
export interface ProcessHistory {
  folder: string;
  packageId: string;
  /** Median run time in seconds. */
  medianSeconds: number;
  /** The faults of run n (a fault every few runs, chosen by n). */
  fault: (n: number) => FaultText;
}

const n5 = (n: number, base: number) => String(base + ((n * 7919) % 9000));

export const PROCESSES: ProcessHistory[] = [
  {
    folder: 'Accounts Payable',
    packageId: SAMPLE_PACKAGE,
    medianSeconds: 240,
    fault: (n) => (n % 3 === 2 ? invoiceNumberRefused(`INV ${n5(n, 20000)}`) : totalMissing(`INV-${n5(n, 20000)}`)),
  },
  {
    folder: 'Accounts Payable',
    packageId: 'Invoice.Dispatcher',
    medianSeconds: 90,
    fault: (n) =>
      n % 2
        ? legacyFault('Main', 'Invoice portal did not respond')
        : activityFault({
            message: `Queue item with reference INV-${n5(n, 30000)} already exists in queue InvoicesToProcess`,
            source: 'Add Queue Item',
            type: 'UiPath.Core.Activities.OrchestratorHttpException',
            frame:
              'UiPath.Core.Activities.AddQueueItem.EndExecute(AsyncCodeActivityContext context, IAsyncResult result)',
            fileName: 'Main',
          }),
  },
  {
    folder: 'Logistics',
    packageId: 'Orders.Dispatcher',
    medianSeconds: 150,
    fault: (n) =>
      activityFault({
        message: `Order ${n5(n, 40000)} was rejected by the ERP: credit limit exceeded by ${(n * 37) % 900}.00 EUR`,
        source: "Throw 'Order rejected'",
        type: 'UiPath.Core.BusinessRuleException',
        frame: 'UiPath.Core.Activities.Throw.Execute(CodeActivityContext context)',
        fileName: 'Submit Order',
        invoked: true,
      }),
  },
  {
    folder: 'Logistics',
    packageId: 'Shipping.Processing',
    medianSeconds: 420,
    fault: (n) =>
      activityFault({
        message: `Could not find file 'C:\\Shipping\\Labels\\SHP-${n5(n, 50000)}.pdf'.`,
        source: 'Read PDF Text',
        type: 'System.IO.FileNotFoundException',
        frame:
          'UiPath.PDF.Activities.ReadPDFText.ExecuteAsync(AsyncCodeActivityContext context, CancellationToken cancellationToken)',
        fileName: 'Print Labels',
        invoked: true,
      }),
  },
  {
    folder: 'People',
    packageId: 'Onboarding.Dispatcher',
    medianSeconds: 60,
    fault: (n) =>
      activityFault({
        message: `Employee ${n5(n, 10000)} has no manager assigned`,
        source: "Throw 'No manager'",
        type: 'UiPath.Core.BusinessRuleException',
        frame: 'UiPath.Core.Activities.Throw.Execute(CodeActivityContext context)',
        fileName: 'Main',
      }),
  },
  {
    folder: 'People',
    packageId: 'Payroll.Dispatcher',
    medianSeconds: 600,
    fault: () =>
      activityFault({
        message: 'SAP logon failed for user SVC_PAYROLL: the password has expired',
        source: 'Logon to SAP',
        type: 'System.UnauthorizedAccessException',
        frame: 'UiPath.SAP.BAPI.Activities.SapLogon.Execute(NativeActivityContext context)',
        fileName: 'Login',
        invoked: true,
      }),
  },
];
