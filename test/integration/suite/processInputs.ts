/** Typed answers for the sandbox's Reconcile.Processing (String, Int32, Boolean, DateTime, String[], Double, Int64; three
 * required), as Start Job takes them. Shared by the jobs suite and the editor bench's session. */
export const RECONCILE_INPUTS = { in_CutOffDate: 'Q4 close', in_InvoiceFolder: '2026-01-31T09:00:00Z', in_DryRun: '9007199254740991', in_Options: 'true', in_MaxItems: '12.5', in_RetryCount: '["ops@example.test"]' };
