import { randomUUID } from 'node:crypto';

/**
 * Every error the sandbox answers has one body shape: { message, errorCode, traceId } (plus `errors` for
 * field-level validation). The numeric codes are listed in sandbox/README.md.
 */
export const ErrorCode = {
  invalidRequest: 1000,
  invalidQuery: 1001,
  notFound: 1002,
  methodNotAllowed: 1003,
  unauthorized: 1015,
  forbidden: 1016,
  folderRequired: 1101,
  folderNotFound: 1102,
  folderAccessDenied: 1103,
  hostAdminOnly: 1104,
  conflict: 1200,
  argumentsNotEditable: 1671,
  inputTooLarge: 1672,
  fieldTooLarge: 1673,
  maxResultWindow: 1680,
  rateLimited: 1429,
  exportLimit: 4502,
  transitionNotAllowed: 2001,
  ideaFlowCustomised: 2002,
  validationFailed: 2003,
  injectedFault: 9000,
} as const;

export interface FieldError {
  field: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return {
      message: this.message,
      errorCode: this.errorCode,
      traceId: randomUUID(),
      ...(this.fieldErrors ? { errors: this.fieldErrors } : {}),
    };
  }
}

export const badRequest = (message: string, code: number = ErrorCode.invalidRequest) =>
  new HttpError(400, code, message);
export const notFound = (message: string) => new HttpError(404, ErrorCode.notFound, message);
export const forbidden = (message: string, code: number = ErrorCode.forbidden) => new HttpError(403, code, message);
