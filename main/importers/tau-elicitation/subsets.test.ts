/** The archive's example calls and validation-only calls are marked as subsets of their own, apart from the results cells. */
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { TAU_ELICITATION } from '../../../test-support/fixture-counts';
import { readTauElicitation } from './read-tau-elicitation';

describe('readTauElicitation marks subsets', async () => {
  const batch = await readTauElicitation(fixture('tau-elicitation'));
  const subsetOf = (source: string) =>
    batch.episodes.filter((e) => String(e.info.source).startsWith(source)).map((e) => e.info.subset);

  it('the five examples read on their own are subset "example"; the one repeating a transcript stays in its cell', () => {
    // Example files 6, examples of their own 5: scripts/recount/tau-elicitation.mjs (TAU_ELICITATION.subsets).
    expect(subsetOf('examples/')).toEqual(Array(TAU_ELICITATION.subsets.examples).fill('example'));
    const repeated = batch.episodes.find((e) => e.externalId === 'bd4987fb-3ff1-4451-9e6c-a7542e315077')!;
    expect(repeated.info.source).toMatch(/^transcripts\//);
    expect(repeated.info.subset).toBeUndefined();
  });

  it('the 100 validated calls without a transcript are subset "validation"; transcript calls carry no subset', () => {
    expect(subsetOf('judge_validation/')).toEqual(Array(TAU_ELICITATION.subsets.validation).fill('validation'));
    expect(subsetOf('transcripts/').every((s) => s === undefined)).toBe(true);
  });
});
