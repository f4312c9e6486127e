/** The exit codes of `earshot` (the table in README.md, "Exit codes"): the CLI door's one mapping of failures. */
import { DomainError, type DomainErrorCode } from '../domain/errors';
import { UsageError } from './args';

/** Exit codes by outcome; `earshot run` also exits 130 when its run was cancelled. */
export const EXIT = { ok: 0, failed: 1, usage: 2, refused: 3, unavailable: 4 } as const;

const BY_DOMAIN_CODE: Record<DomainErrorCode, number> = {
  invalid_input: EXIT.refused,
  not_found: EXIT.refused,
  conflict: EXIT.refused,
  forbidden: EXIT.refused,
  unavailable: EXIT.unavailable,
};

/** The exit code of a failed command: 2 for a bad command line, a domain error's by its code, 1 for anything else. */
export function exitCodeOf(err: unknown): number {
  if (err instanceof UsageError) return EXIT.usage;
  if (err instanceof DomainError) return BY_DOMAIN_CODE[err.code];
  return EXIT.failed;
}
