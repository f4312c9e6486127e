/** The domain's one error vocabulary: every module below the doors throws these; each door maps them once. */

/**
 * What went wrong, in terms a door can translate (the web and IPC doors send it as the contract's error code, the CLI
 * turns it into an exit code): the input or data is wrong, a record is missing, the request clashes with the current
 * state, the caller may not do it, or what it needs is not available here (a door or machine that lacks it).
 */
export type DomainErrorCode = 'invalid_input' | 'not_found' | 'conflict' | 'forbidden' | 'unavailable';

/** A failure the user can act on; its message is safe to show. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Raised when a requested record does not exist. */
export function notFound(what: string): DomainError {
  return new DomainError('not_found', `${what} not found`);
}

/** Raised when the caller may not see or change what they asked for (blind rules, roles). */
export function forbidden(message: string): DomainError {
  return new DomainError('forbidden', message);
}
