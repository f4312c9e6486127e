/** One judge-to-field mapping's "Judge vs humans" card: the figures against every reference, per category for a
 * categorical mapping, and (collapsed) by system and condition. */
import type { JudgeFieldAgreement, JudgeMapping } from '../../../shared/types/judge-validation';
import { comparisonRows, FiguresTable } from './FiguresTable';
import { categoryRows, CategoryTable, ConfusionMatrices } from './CategoryFigures';
import { sourceName } from './judge-format';
import { keyLabel } from '../../format';

/** The mapping's key, label and source, printed with every table of judge figures. */
export function MappingTag({ mapping: m }: { mapping: JudgeMapping }) {
  return (
    <span className="mapping-tag" data-testid="mapping-tag" data-source={m.source}>
      <code>{m.key}</code> {m.label} <span className={`source-chip source-${m.source}`}>{sourceName(m)}</span>
    </span>
  );
}

function Breakdowns({ r }: { r: JudgeFieldAgreement }) {
  if (r.breakdowns.length === 0) return null;
  const tag = <MappingTag mapping={r.mapping} />;
  const groups = new Set(r.breakdowns.map((g) => g.by)).size;
  return (
    <details className="judge-breakdowns" data-testid="judge-breakdowns">
      <summary>
        By system and condition · {r.breakdowns.length} groups in {groups} breakdown{groups === 1 ? '' : 's'}
      </summary>
      {r.mapping.kind === 'binary' ? (
        <FiguresTable
          heads={['by', 'group', 'reference']}
          rows={r.breakdowns.flatMap((g) => comparisonRows(g.comparisons, [keyLabel(g.by), g.group || '(none)']))}
          caption={tag}
          testId="judge-breakdown-table"
        />
      ) : (
        <CategoryTable
          heads={['by', 'group', 'reference']}
          rows={r.breakdowns.flatMap((g) => categoryRows(g.overall ?? [], [keyLabel(g.by), g.group || '(none)']))}
          caption={tag}
          testId="judge-breakdown-table"
        />
      )}
    </details>
  );
}

function Categorical({ r }: { r: JudgeFieldAgreement }) {
  const tag = <MappingTag mapping={r.mapping} />;
  return (
    <>
      <CategoryTable heads={['reference']} rows={categoryRows(r.overall)} caption={tag} testId="judge-overall" />
      <h3>Judge × human</h3>
      <ConfusionMatrices list={r.confusion} mapping={r.mapping} />
      {r.perCategory.length > 0 && (
        <>
          <h3>Each category against the rest</h3>
          <FiguresTable
            heads={['category', 'reference']}
            rows={r.perCategory.flatMap((g) => comparisonRows(g.comparisons, [g.group]))}
            caption={tag}
            testId="judge-per-category"
          />
        </>
      )}
    </>
  );
}

/** The card of one mapping's figures. */
export function JudgeCard({ r }: { r: JudgeFieldAgreement }) {
  const m = r.mapping;
  const uncovered = r.unmappedJudgeOutputs;
  return (
    <section className="card judge-card-wide" data-testid="judge-card" data-mapping={m.key} data-source={m.source}>
      <h2>Judge vs humans · {m.key} · {m.kind}</h2>
      <p className="judge-facts muted">
        judge {m.judgeId ?? '(each call’s newest judgement)'}, its {m.output} · {r.items} items
        {uncovered > 0 && ` · ${uncovered} judge output${uncovered === 1 ? '' : 's'} not covered, left out`}
        {` · ${r.bootstrap.resamples.toLocaleString()} resamples, seed ${r.bootstrap.seed} · 95% CI under each figure`}
      </p>
      {m.note && <p className="judge-facts muted">{m.note}</p>}
      {m.kind === 'binary' ? (
        <FiguresTable
          heads={['reference']}
          rows={comparisonRows(r.comparisons)}
          caption={<MappingTag mapping={m} />}
          testId="judge-table"
        />
      ) : (
        <Categorical r={r} />
      )}
      <Breakdowns r={r} />
    </section>
  );
}
