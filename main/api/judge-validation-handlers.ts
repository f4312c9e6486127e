/** Handlers of the judge-validation methods (shared/methods/judge-validation.ts): thin wrappers over main/annotation/. */
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { studyJudges } from '../db/judge-outputs';
import { removeJudgeMapping, saveJudgeMapping, studyJudgeMappings } from '../annotation/judge-mappings';
import { judgeDisagreements } from '../annotation/judge-gallery';
import { compareJudgesOnLabelled, setHoldout, studyHoldout } from '../annotation/judge-comparison';
import { requireAgreementAccess, requireLeadOrAdjudicator } from '../annotation/blind-access';
import { requireStudy } from '../annotation/lookups';

type In<M extends MethodName> = MethodInput<M>;
type Out<M extends MethodName> = MethodOutput<M>;

const changed = (s: Services, studyId: number) => s.events.emit('data.changed', { scope: 'annotations', studyId });

/** Judge-validation handlers by method name. */
export const judgeValidationHandlers = {
  'judgeMappings.list': (s: Services, i: In<'judgeMappings.list'>): Out<'judgeMappings.list'> => {
    requireStudy(s.db, i.studyId);
    const holdout = studyHoldout(s.db, i.studyId);
    return { mappings: studyJudgeMappings(s.db, i.studyId), judges: studyJudges(s.db, i.studyId), holdout };
  },
  'judgeMappings.save': (s: Services, i: In<'judgeMappings.save'>): Out<'judgeMappings.save'> => {
    requireLeadOrAdjudicator(s.db, i.studyId, i.viewerId, 'change what the judge figures mean (judge mappings)');
    const mappings = saveJudgeMapping(s.db, i.studyId, i.mapping, s.clock());
    changed(s, i.studyId);
    return mappings;
  },
  'judgeMappings.remove': (s: Services, i: In<'judgeMappings.remove'>): Out<'judgeMappings.remove'> => {
    requireLeadOrAdjudicator(s.db, i.studyId, i.viewerId, 'change what the judge figures mean (judge mappings)');
    const mappings = removeJudgeMapping(s.db, i.studyId, i.key);
    changed(s, i.studyId);
    return mappings;
  },
  'judgeValidation.disagreements': (
    s: Services,
    i: In<'judgeValidation.disagreements'>,
  ): Out<'judgeValidation.disagreements'> => {
    requireAgreementAccess(s.db, i.studyId, i.viewerId);
    return judgeDisagreements(s.db, i.studyId, i.field, i.mappingKey);
  },
  'judgeValidation.setHoldout': (
    s: Services,
    i: In<'judgeValidation.setHoldout'>,
  ): Out<'judgeValidation.setHoldout'> => {
    setHoldout(s.db, i.studyId, i.viewerId, i.split);
    changed(s, i.studyId);
    return { split: i.split };
  },
  'judgeValidation.compareJudges': (
    s: Services,
    i: In<'judgeValidation.compareJudges'>,
  ): Promise<Out<'judgeValidation.compareJudges'>> => {
    requireAgreementAccess(s.db, i.studyId, i.viewerId);
    return s.jobs.start('judge-comparison', async () => compareJudgesOnLabelled(s.db, i)).done;
  },
} as const;
