/** Methods of judge validation: judge-to-field mappings, the disagreement gallery, and judges compared on labelled items. */
import { z } from 'zod';
import { method } from './define';
import type { DisagreementItem, JudgeMapping, JudgeRef, JudgesOnLabelledItems } from '../types/judge-validation';

const id = z.number().int().positive();
const token = z.string().trim().min(1).max(200);
const values = z.array(token).max(200);
const mappingKey = z.string().regex(/^[A-Za-z0-9_:.<>=+-]{1,80}$/, 'letters, digits and _:.<>=+- only (1–80)');
const field = z.string().min(1).max(120);
const judgeRef = z.object({ judgeId: token, judgeVersion: z.string().max(200) }).strict();

/** A mapping as a user saves it: binary mappings name both sides' positive and negative values, disjoint. */
export const judgeMappingInput = z
  .object({
    key: mappingKey,
    label: z.string().trim().min(1).max(200),
    field,
    judgeId: token.nullable(),
    output: z.enum(['label', 'category']),
    kind: z.enum(['binary', 'categorical']),
    judgePositive: values,
    judgeNegative: values,
    humanPositive: values,
    humanNegative: values,
    categories: z.record(token, token),
    note: z.string().max(500).optional(),
  })
  .strict()
  .superRefine((m, ctx) => {
    const need = (ok: boolean, path: string, message: string) =>
      ok || ctx.addIssue({ code: 'custom', path: [path], message });
    if (m.kind === 'categorical') {
      need(Object.keys(m.categories).length > 0, 'categories', 'a categorical mapping pairs at least one judge output');
      return;
    }
    for (const side of ['judge', 'human'] as const) {
      const pos = m[`${side}Positive`];
      const neg = m[`${side}Negative`];
      need(pos.length > 0, `${side}Positive`, 'name at least one positive value');
      need(neg.length > 0, `${side}Negative`, 'name at least one negative value');
      const both = pos.find((v) => neg.includes(v));
      need(both === undefined, `${side}Negative`, `"${both}" is both positive and negative`);
    }
  });

/** Judge-validation methods by name. */
export const judgeValidationMethods = {
  /** The mappings in force for a study (built-in ones, overridden or added to by the study's own), and its judges. */
  'judgeMappings.list': method<{
    mappings: JudgeMapping[];
    judges: JudgeRef[];
    holdout: { seed: number; fraction: number } | null;
  }>()(z.object({ studyId: id }).strict()),
  'judgeMappings.save': method<JudgeMapping[]>()(
    z.object({ studyId: id, viewerId: id, mapping: judgeMappingInput }).strict(),
  ),
  /** Removes the study's own mapping with this key (a built-in one it overrode comes back). */
  'judgeMappings.remove': method<JudgeMapping[]>()(z.object({ studyId: id, viewerId: id, key: mappingKey }).strict()),
  /** Every item where the judge and the humans, or the humans among themselves, disagree under one mapping. */
  'judgeValidation.disagreements': method<DisagreementItem[]>()(
    z.object({ studyId: id, field, mappingKey, viewerId: id }).strict(),
  ),
  /** Fixes the study's held-out split of labelled items (a seed and the share held out), or removes it with null. */
  'judgeValidation.setHoldout': method<{ split: { seed: number; fraction: number } | null }>()(
    z
      .object({
        studyId: id,
        viewerId: id,
        split: z
          .object({
            seed: z
              .number()
              .int()
              .min(0)
              .max(2 ** 32 - 1),
            fraction: z.number().gt(0).lt(1),
          })
          .strict()
          .nullable(),
      })
      .strict(),
  ),
  /** Two judges' alignment with the humans on exactly the labelled items, held-out and tuning parts apart. */
  'judgeValidation.compareJudges': method<JudgesOnLabelledItems>()(
    z
      .object({
        studyId: id,
        field,
        mappingKey,
        viewerId: id,
        baseline: judgeRef,
        candidate: judgeRef,
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 32 - 1)
          .optional(),
        resamples: z.number().int().min(100).max(100_000).optional(),
      })
      .strict(),
  ),
} as const;
