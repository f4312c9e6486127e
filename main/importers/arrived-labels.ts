/**
 * Labels that arrive with imported data, checked against the taxonomy the study gets as labels.set would check them:
 * a bad value refuses the import by file, record and field; a field the taxonomy does not define is kept and warned of.
 */
import type { Taxonomy } from '../../shared/types/annotation';
import { checkArrivedLabel } from '../annotation/label-check';
import { ImportError, type BatchAnnotation } from './batch';
import { quote, type RefSite } from './safe-path';

/** The labels of one import: refuses bad values as they are read, and counts the labels in fields it does not know. */
export class ArrivedLabels {
  private readonly unknown = new Map<string, { site: RefSite; count: number }>();

  constructor(private readonly taxonomy: Taxonomy) {}

  /** Checks label `label` read at `site`; throws an ImportError when its field does not take its value. */
  check(label: BatchAnnotation, site: RefSite): void {
    const found = checkArrivedLabel(this.taxonomy, label.field, label.value);
    if (found.ok === false) throw new ImportError(site.file, site.record, site.field, found.problem);
    if (found.ok !== 'unknown field') return;
    const seen = this.unknown.get(label.field);
    if (seen) seen.count++;
    else this.unknown.set(label.field, { site, count: 1 });
  }

  /** One warning per field the taxonomy does not define, naming where its first label was read and how many came. */
  warnings(): string[] {
    return [...this.unknown].map(
      ([field, { site, count }]) =>
        `${site.file}: ${site.record}: ${site.field}: ${quote(field)} is not a field of the taxonomy "${this.taxonomy.name}"; ` +
        `its ${count} label(s) are kept as data, unchecked, and the labelling panel does not offer them`,
    );
  }
}
