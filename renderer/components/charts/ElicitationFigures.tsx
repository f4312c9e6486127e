/** τ-Elicitation figures in the Results view: Figures 2–4 of the paper and the strategy gain by entity difficulty. */
import { useCallback } from 'react';
import type { TauSection } from '../../../shared/types/metrics';
import { Figure } from './Figure';
import { adaptivityEffortPlot, realismEffectsPlot, strategyResultsPlot } from './plots-elicitation';
import { difficultyPlot } from './plots-elicitation-difficulty';
import type { ChartTheme } from './theme';

/** The figures, each only when the section has what it needs (gold fields, complications, a regular cell, strata). */
export function ElicitationFigures({ section }: { section: TauSection }) {
  const strategy = useCallback(
    (theme: ChartTheme, width: number) => strategyResultsPlot(section, theme, width),
    [section],
  );
  const effort = useCallback(
    (theme: ChartTheme, width: number) => adaptivityEffortPlot(section, theme, width),
    [section],
  );
  const realism = useCallback(
    (theme: ChartTheme, width: number) => realismEffectsPlot(section, theme, width),
    [section],
  );
  const difficulty = useCallback(
    (theme: ChartTheme, width: number) => difficultyPlot(section, theme, width),
    [section],
  );
  const compared = section.strategyByDifficulty.some((r) => r.gains.length > 0);
  const id = section.benchmark;
  const ci = `${Math.round((section.success[0]?.interval.confidence ?? 0.95) * 100)}%`;
  return (
    <>
      {section.crossEnvironment.length > 0 && (
        <Figure
          id={`${id}-strategy-results`}
          title="Task success by prompting strategy (paper Figure 2)"
          subtitle="light bars: Pass@1 (regular environment) · dark inset bars: Pass^3 across the three environments"
          draw={strategy}
          empty="no regular-environment cell"
        />
      )}
      {section.verification.byEnvironment.length > 0 && (
        <Figure
          id={`${id}-adaptivity-effort`}
          title="Verification effort under risk (paper Figure 3)"
          subtitle="per call: regular → noise-heavy, easy → hard entities, best → worst caller voice (by Pass@1)"
          draw={effort}
          empty="no pair of conditions to compare"
        />
      )}
      {section.strategyByDifficulty.length > 0 && (
        <Figure
          id={`${id}-difficulty`}
          title={compared ? 'Strategy gain by entity difficulty' : 'Success by entity difficulty'}
          subtitle={
            compared
              ? `gain over agent-directed, paired by task · ${ci} task-bootstrap intervals · faint: n below minimum`
              : `one strategy per cell, so no gain: success per stratum · ${ci} task-bootstrap intervals`
          }
          draw={difficulty}
          empty="no stratum with a scored call"
        />
      )}
      {section.realism.length > 0 && (
        <Figure
          id={`${id}-realism-effects`}
          title="Caller-realism effects on exact success (paper Figure 4)"
          subtitle={`Hájek assignment effects against clean calls, ${ci} task-bootstrap intervals; faint: below the minimum cell size`}
          draw={realism}
          empty="no realism effect could be estimated"
        />
      )}
    </>
  );
}
