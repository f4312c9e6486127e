/** The Results view's sections: figures and tables per benchmark family, human labels and interaction metrics. */
import { useCallback, type ReactNode } from 'react';
import type { CategoryHeatmap, DsbDgSection, LabelSection, MetricsTable, TauSection, VeraSection } from '../../../shared/types/metrics';
import { useApp } from '../../store';
import { ElicitationFigures } from './ElicitationFigures';
import { Figure } from './Figure';
import { MetricsTableView } from './MetricsTableView';
import { VeraWerAbsent } from './VeraWerAbsent';
import { categoryHeatmap, failurePlot, latencyAccuracyPlot, passHatKPlot, successPlot, systemName, tierPlot, veraTrackPlot } from './plots';
import type { ChartTheme } from './theme';

/** Section titles by section id (benchmark family, labels, interaction). */
export const SECTION_TITLES: Record<string, string> = {
  'tau-voice': 'τ-Voice / τ²-bench',
  'tau-elicitation': 'τ-Elicitation',
  generic: 'Generic episodes with rewards',
  vera: 'VERA',
  'dsb-dg': 'DSB-DG',
  labels: 'Human labels and judge categories',
  interaction: 'Interaction (τ² full-duplex)',
  transcription: 'Transcription before judging',
};

/** A titled section with its figures above its tables. */
export function Section({ id, figures, tables }: { id: string; figures?: ReactNode; tables: readonly MetricsTable[] }) {
  return (
    <section className="metrics-section" data-testid={`section-${id}`}>
      <h2>{SECTION_TITLES[id] ?? id}</h2>
      {figures && <div className="figure-grid">{figures}</div>}
      {tables.map((t) => <MetricsTableView key={t.id} table={t} />)}
    </section>
  );
}

/** τ-family figures: success per system and condition with intervals, and the pass^k curve. */
export function TauFigures({ section }: { section: TauSection }) {
  const success = useCallback((theme: ChartTheme, width: number) => (section.success.some((r) => r.success.value !== null) ? successPlot(section, theme, width) : null), [section]);
  const passK = useCallback((theme: ChartTheme, width: number) => (section.passHatK.rows.some((r) => r.value !== null) ? passHatKPlot(section, theme, width) : null), [section]);
  const trials = section.passHatK.maxK;
  const id = section.benchmark;
  return (
    <>
      <Figure id={`${id}-success`} title="Success rate by system and condition" subtitle="dots: Pass@1 · bars: 95% bootstrap interval over tasks" draw={success} empty="no scored episodes" />
      <Figure
        id={`${id}-pass-hat-k`}
        title="pass^k"
        subtitle={`k = 1…${trials}: mean over tasks of C(c, k) / C(n, k)`}
        draw={passK}
        empty={trials === 1 ? 'one trial per task, so pass^1 is the success rate and there is no curve; pass^k needs repeated trials' : 'no scored episodes'}
      />
      {id === 'tau-elicitation' && <ElicitationFigures section={section} />}
    </>
  );
}

/** VERA figures: accuracy per track and the latency–accuracy scatter; a toggle marks systems as text for the voice–text gap. */
export function VeraFigures({ section }: { section: VeraSection }) {
  const tracks = useCallback((theme: ChartTheme, width: number) => (section.systems.length ? veraTrackPlot(section, theme, width) : null), [section]);
  const scatter = useCallback((theme: ChartTheme, width: number) => latencyAccuracyPlot(section, theme, width), [section]);
  const chosen = useApp((s) => s.metricsOptions.textSystems);
  const textSystems = chosen ?? [];
  const setOptions = useApp((s) => s.setMetricsOptions);
  const toggle = (system: string) =>
    void setOptions({ textSystems: textSystems.includes(system) ? textSystems.filter((x) => x !== system) : [...textSystems, system] });
  return (
    <>
      <Figure id="vera-tracks" title="VERA accuracy per track" subtitle="CORRECT / scored; macro = mean of tracks" draw={tracks} empty="no graded responses" />
      <Figure id="vera-latency" title="Latency and accuracy" subtitle="latency p50 (info.first_audio_ms or info.latency_ms) against pooled accuracy" draw={scatter} empty="no response carries a latency" />
      {section.systems.length > 1 && (
        <div className="modality-toggles" data-testid="vera-modality">
          <span>text systems (for the voice–text gap):</span>
          {section.systems.map((s) => (
            <label key={s.system} title={s.modality === 'text' && !textSystems.includes(s.system) ? 'text by its modality field or its name' : undefined}>
              <input type="checkbox" checked={s.modality === 'text'} disabled={s.modality === 'text' && !textSystems.includes(s.system)} onChange={() => toggle(s.system)} /> {systemName(s.system)}
            </label>
          ))}
        </div>
      )}
      <VeraWerAbsent section={section} />
    </>
  );
}

/** DSB-DG figure: grounding accuracy per context tier. */
export function DsbFigures({ section }: { section: DsbDgSection }) {
  const tiers = useCallback((theme: ChartTheme, width: number) => (section.byTier.length ? tierPlot(section, theme, width) : null), [section]);
  const subtitle = 'answerable probes; bars: bootstrap intervals resampling scripts';
  return (
    <Figure
      id="dsb-dg-tiers"
      title="Grounding accuracy per context tier"
      subtitle={subtitle}
      draw={tiers}
      empty="no labelled probes"
    />
  );
}

/** One error-category heatmap (one benchmark family). */
function CategoryFigure({ heatmap }: { heatmap: CategoryHeatmap }) {
  const draw = useCallback((theme: ChartTheme, width: number) => categoryHeatmap(heatmap, theme, width), [heatmap]);
  const single = heatmap.systems.length < 2;
  return (
    <Figure
      id={`category-deviation-${heatmap.family}`}
      title={single ? `Error-category rates, ${heatmap.family} (one system: no deviation to show)` : `Error-category deviation by system, ${heatmap.family}`}
      subtitle={`${single ? 'rate' : 'rate(system) − rate(overall)'} over ${heatmap.population} failed or categorised episodes`}
      draw={draw}
      wide={heatmap.categories.length > 8}
    />
  );
}

/** Human-label figures: failure source and subtype bars, and the judge's category heatmaps (one per family). */
export function LabelFigures({ section }: { section: LabelSection }) {
  const sources = useCallback((theme: ChartTheme, width: number) => failurePlot(section, 'sources', theme, width), [section]);
  const subtypes = useCallback((theme: ChartTheme, width: number) => failurePlot(section, 'subtypes', theme, width), [section]);
  const views = section.failures.length ? `views: ${section.failures.map((f) => f.view).join(', ')}` : undefined;
  return (
    <>
      {section.failures.length > 0 && (
        <>
          <Figure id="failure-sources" title={`Failure source (${section.sourceField ?? 'source'})`} subtitle={views} draw={sources} empty="no failure-source labels" />
          <Figure id="failure-subtypes" title={`Failure subtype (${section.subtypeField ?? 'subtype'})`} subtitle={views} draw={subtypes} empty="no failure-subtype labels" />
        </>
      )}
      {section.categories.map((h) => <CategoryFigure key={h.family} heatmap={h} />)}
    </>
  );
}
