// What the Add Connection journeys of connections.test.ts and pastedAddresses.test.ts answer and read.
import type { Asked } from '../../../src/host/ui/scriptedInput';

/** The first step of Add Connection: the address the user copied, or Enter to type the fields one by one. */
export const PASTE = 'Add Connection: paste the address of your tenant';
/** The notification once a connection is added, offering Sign In. */
export const ADDED = 'Added the connection';
/** The question after an address that reads two ways. */
export const READING = 'Add Connection: how to read the address';
/** The steps of Add Connection, without the notification after it. */
export const steps = (asked: readonly Asked[]) => asked.filter((a) => a.kind !== 'confirm');
