import { OrchestratorError } from '../http/errors';

/**
 * SetArguments refused because of where the package came from (the API, the packages page or the feed). The spec
 * gives no field telling a package's origin before trying, nor the error's code; the sandbox answers 400 with code
 * 1671 and a message naming the upload. Either is taken as the refusal.
 */
export function isArgumentsRefusal(error: unknown): boolean {
  if (!(error instanceof OrchestratorError) || error.kind !== 'http' || error.status !== 400) return false;
  return (
    error.errorCode === 1671 ||
    error.errorCode === '1671' ||
    /uploaded through|package feed|cannot be edited/i.test(error.message)
  );
}
