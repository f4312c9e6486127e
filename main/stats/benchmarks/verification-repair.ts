import { captureMatches, type FieldCapture } from './field-captures';
import { rate, type Rate } from './rate';

/** How verification (spelling request or read-back) relates to first-capture errors and their repair. */
export interface VerificationRepair {
  /** Verified among fields whose first capture was logged and wrong. */
  verifiedGivenFirstWrong: Rate;
  /** Verified among fields whose first capture was correct. */
  verifiedGivenFirstRight: Rate;
  /** Final value correct among verified fields whose first capture was wrong. */
  repairedGivenVerified: Rate;
  /** Final value correct among unverified fields whose first capture was wrong. */
  repairedGivenUnverified: Rate;
}

/** Verification discrimination and repair, as in the τ-Elicitation behavioural analysis (fields never logged are left out). */
export function verificationRepair(captures: readonly FieldCapture[]): VerificationRepair {
  const verified = (c: FieldCapture): boolean => c.spelled || c.readBack;
  const final = (c: FieldCapture): boolean => captureMatches(c.finalValue, c.gold);
  const wrong = captures.filter((c) => c.firstCapture !== null && !captureMatches(c.firstCapture, c.gold));
  const right = captures.filter((c) => captureMatches(c.firstCapture, c.gold));
  const verifiedWrong = wrong.filter(verified);
  const unverifiedWrong = wrong.filter((c) => !verified(c));
  return {
    verifiedGivenFirstWrong: rate(verifiedWrong.length, wrong.length),
    verifiedGivenFirstRight: rate(right.filter(verified).length, right.length),
    repairedGivenVerified: rate(verifiedWrong.filter(final).length, verifiedWrong.length),
    repairedGivenUnverified: rate(unverifiedWrong.filter(final).length, unverifiedWrong.length),
  };
}
