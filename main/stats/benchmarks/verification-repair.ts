import { captureMatches, type FieldCapture } from './field-captures';
import { rate } from './rate';
import type { VerificationRepair } from '../../../shared/types/benchmark-rows';

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
