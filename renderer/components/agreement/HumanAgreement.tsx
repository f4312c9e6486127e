/** The human–human figures of a field: the coefficients the user picks with their bootstrap and analytic intervals,
 * the confusion matrix, breakdowns by group, and each annotator against the adjudicated label. */
import { useState } from 'react';
import type { AgreementReport, PairReport, StudyAgreement } from '../../../shared/types/annotation';
import {
  BENCHMARK_SCALES,
  coefficientRows,
  defaultRows,
  retainedLevel,
  RETAINED_PROBABILITY,
  type BenchmarkScaleKey,
  type CoefficientRow,
} from './coefficient-rows';
import { CoefficientPicker } from './CoefficientPicker';
import { FieldExtrasCards } from './FieldExtrasCard';
import { f3 } from './judge-format';
import { keyLabel } from '../../format';

type Interval = Pick<AgreementReport['statistics']['percentAgreement'], 'estimate' | 'low' | 'high'>;

/** A p-value: three decimals, or two significant digits below 0.001. */
const pValue = (p: number | null): string => (p === null ? '–' : p > 0 && p < 0.001 ? p.toExponential(1) : f3(p));

function CiBar({ i }: { i: Interval }) {
  if (i.estimate === null) return null;
  const x = (v: number) => `${((Math.max(-1, Math.min(1, v)) + 1) / 2) * 100}%`;
  return (
    <span className="ci-bar" title="−1 … 1">
      {i.low !== null && i.high !== null && (
        <span style={{ left: x(i.low), width: `calc(${x(i.high)} - ${x(i.low)})` }} />
      )}
      <i style={{ left: x(i.estimate) }} />
    </span>
  );
}

/** The retained level of a row on a scale, with every level's cumulative probability in its title. */
function BenchmarkCell({ row, scale }: { row: CoefficientRow; scale: BenchmarkScaleKey }) {
  const levels = row.benchmarks?.[scale];
  if (!levels) return <td className="muted">–</td>;
  const kept = retainedLevel(levels);
  const title = levels.map((l) => `${l.label} (${l.low} to ${l.high}): ${f3(l.cumulativeProbability)}`).join('\n');
  return (
    <td title={title} data-benchmark={kept?.label ?? ''}>
      {kept ? `${kept.label} (${f3(kept.cumulativeProbability)})` : `none above ${RETAINED_PROBABILITY}`}
    </td>
  );
}

function StatsTable(props: {
  rows: readonly CoefficientRow[];
  shown: readonly string[];
  scale: BenchmarkScaleKey | null;
}) {
  const { rows, shown, scale } = props;
  const scaleName = BENCHMARK_SCALES.find(([k]) => k === scale)?.[1];
  return (
    <table className="data" data-testid="agreement-stats">
      <thead>
        <tr>
          <th>statistic</th><th className="num">estimate</th><th className="num">95% CI</th><th />
          <th className="num">SE</th><th className="num">t 95% CI</th><th className="num">p</th>
          {scaleName && (
            <th title={`the first level, from the best down, with cumulative probability over ${RETAINED_PROBABILITY}`}>
              {scaleName}
              <br />
              <span className="muted">P &gt; {RETAINED_PROBABILITY}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.filter((r) => shown.includes(r.key)).map((r) => {
          const i = { estimate: r.estimate, low: r.bootstrap?.low ?? null, high: r.bootstrap?.high ?? null };
          const a = r.analytic;
          return (
            <tr key={r.key} data-stat={r.key}>
              <td>{r.label}</td><td className="num">{f3(r.estimate)}</td>
              <td className="num">{r.bootstrap ? `[${f3(i.low)}, ${f3(i.high)}]` : '–'}</td><td><CiBar i={i} /></td>
              <td className="num">{f3(a?.se)}</td>
              <td className="num">{a && a.se !== null ? `[${f3(a.low)}, ${f3(a.high)}]` : '–'}</td>
              <td className="num">{pValue(a?.p ?? null)}</td>
              {scale && <BenchmarkCell row={r} scale={scale} />}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A category name with a break opportunity after each `+` (a label set) and `_`, so long names wrap between words. */
function Breakable({ name }: { name: string }) {
  const parts = name.split(/(?<=[+_])/);
  return (
    <>
      {parts.map((p, i) => (
        <span key={i}>
          {p}
          {i < parts.length - 1 && <wbr />}
        </span>
      ))}
    </>
  );
}

function Matrix({ report }: { report: AgreementReport }) {
  const m = report.confusionMatrix;
  if (!m) return <p className="muted">Confusion matrices are drawn for two raters.</p>;
  const max = Math.max(1, ...m.counts.flat());
  return (
    <div className="table-scroll">
      <table className="cm" data-testid="confusion-matrix">
        <thead>
          <tr>
            <th>{m.rowRater} ↓ · {m.columnRater} →</th>
            {m.categories.map((c) => <th key={c}><Breakable name={c} /></th>)}
          </tr>
        </thead>
        <tbody>
          {m.categories.map((c, i) => (
            <tr key={c}>
              <th><Breakable name={c} /></th>
              {m.counts[i].map((n, j) => {
                const tone = `${i === j ? 'var(--good)' : 'var(--bad)'} ${Math.round(15 + 70 * (n / max))}%`;
                const background = n ? `color-mix(in srgb, ${tone}, transparent)` : undefined;
                return <td key={j} style={{ background }}>{n}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pairs({ title, pairs, excluded }: { title: string; pairs: PairReport[]; excluded: number }) {
  if (pairs.length === 0) return null;
  return (
    <div className="card span-2">
      <h2>{title}</h2>
      <div className="table-scroll">
      <table className="data" data-testid="pair-table">
        <thead>
          <tr>
            <th>rater</th><th>vs</th><th className="num">items</th><th className="num">agreement</th>
            <th className="num">Cohen's κ [95% CI]</th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((p) => {
            const s = p.report?.statistics;
            const k = s?.cohenKappa;
            return (
              <tr key={p.rater + p.reference}>
                <td>{p.rater}</td><td>{p.reference}</td><td className="num">{p.report?.nPairableItems ?? 0}</td>
                <td className="num">{f3(s?.percentAgreement.estimate)}</td>
                <td className="num">{k ? `${f3(k.estimate)} [${f3(k.low)}, ${f3(k.high)}]` : (p.problem ?? '–')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
      {excluded > 0 && (
        <p className="muted" data-testid="unresolved-excluded">
          {excluded} item{excluded === 1 ? '' : 's'} adjudicated unresolved left out of these comparisons.
        </p>
      )}
    </div>
  );
}

function Breakdowns({ a }: { a: StudyAgreement }) {
  if (a.breakdowns.length === 0) return null;
  return (
    <div className="card span-2">
      <h2>Breakdowns</h2>
      <table className="data" data-testid="agreement-breakdowns">
        <thead>
          <tr>
            <th>by</th><th>group</th><th className="num">items</th><th className="num">agreement</th>
            <th className="num">κ (α)</th>
          </tr>
        </thead>
        <tbody>
          {a.breakdowns.map((b) => {
            const s = b.report?.statistics;
            return (
              <tr key={b.by + b.group}>
                <td>{keyLabel(b.by)}</td><td>{b.group}</td><td className="num">{b.report?.nPairableItems ?? 0}</td>
                <td className="num">{f3(s?.percentAgreement.estimate)}</td>
                <td className="num">{f3((s?.cohenKappa ?? s?.krippendorffAlpha)?.estimate)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The human–human cards, laid out in the result's grid. */
export function HumanAgreement({ a }: { a: StudyAgreement }) {
  const o = a.overall;
  const [picked, setPicked] = useState<readonly string[] | null>(null); // null: the report's defaults
  const [scale, setScale] = useState<BenchmarkScaleKey | null>(null);
  const rows = coefficientRows(o);
  const shown = picked ?? defaultRows(o);
  const weights = o.coefficients.weighted?.weights;
  const pabak = o.coefficients.pabak;
  return (
    <>
      <div className="card span-2">
        <h2>{a.field} · <span className="as-written">{o.raters.join(' & ')}</span></h2>
        <p className="muted" data-testid="agreement-summary">
          {o.nPairableItems} of {o.nItems} items labelled by two or more · {o.level}
          {weights ? ` · ${weights} weights` : ''} ·{' '}
          {o.bootstrap.resamples.toLocaleString()} resamples, seed {o.bootstrap.seed} · {a.phase} labels
        </p>
        <div className="agreement-table-controls">
          <CoefficientPicker rows={rows} shown={shown} onChange={setPicked} />
          <label>
            Benchmark scale{' '}
            <select
              data-testid="agreement-benchmark-scale"
              value={scale ?? ''}
              onChange={(e) => setScale((e.target.value || null) as BenchmarkScaleKey | null)}
            >
              <option value="">none</option>
              {BENCHMARK_SCALES.map(([key, name]) => <option key={key} value={key}>{name}</option>)}
            </select>
          </label>
        </div>
        <StatsTable rows={rows} shown={shown} scale={scale} />
        {pabak && shown.includes('pabak') && (
          <p className="muted" data-testid="agreement-pabak-indices">
            PABAK over {pabak.n} items, “{pabak.positive}” positive: prevalence index {f3(pabak.prevalenceIndex)},
            bias index {f3(pabak.biasIndex)}
          </p>
        )}
      </div>
      <div className="card"><h2>Confusion matrix</h2><Matrix report={o} /></div>
      <FieldExtrasCards x={a.extras ?? null} report={o} />
      <Pairs title="Against the adjudicated label" pairs={a.vsAdjudicated} excluded={a.unresolvedExcluded} />
      <Breakdowns a={a} />
    </>
  );
}
