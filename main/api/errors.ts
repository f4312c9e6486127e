/** Typed failures a handler can raise; the dispatcher turns them into contract errors. */
import type { ErrorCode } from '../../shared/contract';

/** A failure with a contract error code, safe to show to the user. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Raised when a requested record does not exist. */
export function notFound(what: string): ApiError {
  return new ApiError('not_found', `${what} not found`);
}
