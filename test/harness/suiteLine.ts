/** An extension-host suite prints its lines with this prefix; the runner picks them out of the workbench console. */
export const SUITE_LINE_PREFIX = '[suite] ';
