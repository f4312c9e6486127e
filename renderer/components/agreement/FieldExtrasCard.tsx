/** Agreement a field's categories cannot show: the first-error time within a tolerance, labelled regions (αu and
 * matching per category), label sets (MASI and Jaccard α), and α by the Hayes–Krippendorff pair bootstrap. */
import type { AgreementReport } from '../../../shared/types/agreement-report';
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';
import type { FieldAgreementExtras } from '../../../shared/types/field-agreement';
import { f3 } from './judge-format';

const ms = (x: number | null) => (x === null ? '–' : `${Math.round(x).toLocaleString()} ms`);

function FirstError({ f }: { f: NonNullable<FieldAgreementExtras['firstError']> }) {
  const a = f.agreement;
  return (
    <div className="card" data-testid="first-error-agreement">
      <h2>First critical error · ±{f.toleranceMs.toLocaleString()} ms</h2>
      <table className="data">
        <tbody>
          <tr><td>pairs agreeing</td><td className="num" data-stat="agreement">{f3(a.estimate)}</td>
            <td className="num nowrap">[{f3(a.low)}, {f3(a.high)}]</td></tr>
          <tr><td>both marked: within</td><td className="num">{f.withinTolerance} of {f.bothMarked}</td>
            <td className="num">{f3(f.markedAgreement)}</td></tr>
          <tr><td>both: no error</td><td className="num">{f.bothAbsent}</td><td /></tr>
          <tr><td>one marked, one not</td><td className="num">{f.oneAbsent}</td><td /></tr>
          <tr><td>median difference</td><td className="num">{ms(f.medianDifferenceMs)}</td><td /></tr>
          <tr><td>interval α, marked times</td><td className="num" data-stat="intervalAlpha">{f3(f.intervalAlpha)}</td>
            <td className="num muted">{f.markedItems} calls</td></tr>
        </tbody>
      </table>
      <p className="muted">{f.pairs} rater pairs on {f.items} calls; a rated call without a mark counts as “no error”.</p>
    </div>
  );
}

function Regions({ r }: { r: NonNullable<FieldAgreementExtras['regions']> }) {
  return (
    <div className="card span-2" data-testid="region-agreement">
      <h2>Labelled regions · αu {f3(r.alpha)} · ±{r.toleranceMs.toLocaleString()} ms</h2>
      <p className="muted">
        Unitizing α on the {r.calls} calls every rater rated, laid end to end ({ms(r.continuumMs)}); matching: start
        and end both within the tolerance.
      </p>
      <div className="table-scroll">
        <table className="data">
          <thead>
            <tr>
              <th>category</th><th className="num">αu</th><th className="num">matched</th>
              <th className="num">regions</th><th className="num">one absent</th><th className="num">both absent</th>
              <th className="num">median Δ start</th>
            </tr>
          </thead>
          <tbody>
            {r.categories.map((c) => (
              <tr key={c.category} data-category={c.category}>
                <td className="as-written">{c.category}</td><td className="num">{f3(c.alpha)}</td>
                <td className="num">{f3(c.matchAgreement)}</td><td className="num">{c.matched} / {c.regions}</td>
                <td className="num">{c.oneAbsent}</td><td className="num">{c.bothAbsent}</td>
                <td className="num">{ms(c.medianOnsetDifferenceMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One α of the label sets with its bootstrap interval. */
function SetAlphaRow({ name, stat, a }: { name: string; stat: string; a: BootstrapInterval }) {
  return (
    <tr><td>{name}</td><td className="num" data-stat={stat}>{f3(a.estimate)}</td>
      <td className="num nowrap">[{f3(a.low)}, {f3(a.high)}]</td></tr>
  );
}

/** The extra cards of a field (none for a plain categorical field without a pair bootstrap). */
export function FieldExtrasCards({ x, report }: { x: FieldAgreementExtras | null; report: AgreementReport }) {
  const p = report.alphaPairBootstrap;
  return (
    <>
      {x?.firstError && <FirstError f={x.firstError} />}
      {x?.regions && <Regions r={x.regions} />}
      {x?.sets && (
        <div className="card" data-testid="set-agreement">
          <h2>Label sets</h2>
          <table className="data">
            <tbody>
              <SetAlphaRow name="α, MASI distance" stat="masi" a={x.sets.masiAlpha} />
              <SetAlphaRow name="α, Jaccard distance" stat="jaccard" a={x.sets.jaccardAlpha} />
            </tbody>
          </table>
          <p className="muted">{x.sets.pairableItems} items with two or more sets; each distinct set is one value.</p>
        </div>
      )}
      {p && (
        <div className="card" data-testid="pair-bootstrap">
          <h2>Hayes–Krippendorff bootstrap</h2>
          <p>
            Krippendorff’s α {f3(p.estimate)} [{f3(p.low)}, {f3(p.high)}] · {p.pairs} pairs per resample ·{' '}
            {p.belowMinimum.map((b) => `P(α < ${b.alphaMin}) ${f3(b.probability)}`).join(' · ')}
          </p>
        </div>
      )}
    </>
  );
}
