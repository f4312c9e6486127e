/** The annotators the open study offers, from the store (see offered-annotators.ts for the rule). */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ListedAnnotator } from '../../../shared/types/annotation';
import { useApp } from '../../store';
import { offeredAnnotators } from './offered-annotators';

/** The open study's annotators: everyone made in the studio, its own imported raters, and the one labelling. */
export function useOfferedAnnotators(): ListedAnnotator[] {
  const { annotators, studyId, annotatorId } = useApp(
    useShallow((s) => ({ annotators: s.annotators, studyId: s.studyId, annotatorId: s.annotatorId })),
  );
  return useMemo(() => offeredAnnotators(annotators, studyId, annotatorId), [annotators, studyId, annotatorId]);
}
