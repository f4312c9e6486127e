import { describe, expect, it } from 'vitest';
import type { ListedAnnotator } from '../../../shared/types/annotation';
import { isImportedRater, offeredAnnotators } from './offered-annotators';

const person = (id: number, name: string, importedIn: number[] | null): ListedAnnotator => ({
  id,
  name,
  initials: name.slice(0, 2).toUpperCase(),
  role: 'annotator',
  createdAt: '2026-01-02T03:04:05.000Z',
  importedIn,
});
const everyone = [person(1, 'Ana', null), person(2, 'A', [7]), person(3, 'B', [7, 9]), person(4, 'Ben', null)];
const names = (list: ListedAnnotator[]) => list.map((a) => a.name);

describe('the annotators a study offers', () => {
  it('offers people of the studio everywhere, and imported raters only in their studies', () => {
    expect(names(offeredAnnotators(everyone, 1, null))).toEqual(['Ana', 'Ben']);
    expect(names(offeredAnnotators(everyone, 7, null))).toEqual(['Ana', 'A', 'B', 'Ben']);
    expect(names(offeredAnnotators(everyone, 9, 1))).toEqual(['Ana', 'B', 'Ben']);
    expect(names(offeredAnnotators(everyone, null, null))).toEqual(['Ana', 'Ben']);
  });

  it('keeps the one labelling listed in a study their labels did not come with', () => {
    expect(names(offeredAnnotators(everyone, 1, 2))).toEqual(['Ana', 'A', 'Ben']);
    expect(everyone.filter(isImportedRater).map((a) => a.name)).toEqual(['A', 'B']);
  });
});
