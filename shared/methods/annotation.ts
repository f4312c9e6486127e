/** Methods for annotation: annotators, taxonomies and settings, labels, queues, adjudication, agreement, exchange. */
import { z } from 'zod';
import { method } from './define';
import { taxonomySchema } from '../taxonomies/schema';
import { ALPHA_METRICS, WEIGHT_FAMILIES } from '../types/agreement-report';
import type {
  AdjudicationItem,
  AgreementAccess,
  Annotator,
  ListedAnnotator,
  EpisodeLabels,
  ExchangeImportResult,
  HistoryEntry,
  LabelAck,
  QueueItem,
  ResolutionCount,
  StudyAgreement,
  StudyAnnotationSettings,
  Taxonomy,
  WorkQueue,
} from '../types/annotation';
import type { AdjudicationItemDetail } from '../types/adjudication';

const id = z.number().int().positive();
const none = z.object({}).strict();
const name = z.string().trim().min(1).max(120);
const role = z.enum(['annotator', 'adjudicator']);
const field = z.string().min(1).max(120);
const labelValue = z.union([z.string().max(20_000), z.array(z.string().max(200)).max(200), z.boolean(), z.number(), z.null()]);
const episodeAndAnnotator = z.object({ episodeId: id, annotatorId: id }).strict();
/** The annotator using the studio: the main side's blind rules decide what they may read. */
const viewerId = id;
const studyAndViewer = z.object({ studyId: id, viewerId }).strict();
const level = z.enum(ALPHA_METRICS);
const seed = z.number().int().min(0).max(2 ** 32 - 1);

/** A file's text handed back for the renderer to save. */
export interface ExportedFile {
  fileName: string;
  content: string;
  mime: string;
}

/** Annotation methods by name. */
export const annotationMethods = {
  'annotators.list': method<ListedAnnotator[]>()(none),
  'annotators.create': method<Annotator>()(z.object({ name, initials: z.string().trim().max(8).optional(), role: role.optional() }).strict()),
  'annotators.update': method<Annotator>()(z.object({ id, name: name.optional(), initials: z.string().trim().max(8).optional(), role: role.optional() }).strict()),

  'taxonomies.builtin': method<Taxonomy[]>()(none),
  'annotation.settings': method<StudyAnnotationSettings>()(z.object({ studyId: id }).strict()),
  'annotation.updateSettings': method<StudyAnnotationSettings>()(
    z
      .object({
        studyId: id,
        blind: z.boolean().optional(),
        hideJudgeUntilCommit: z.boolean().optional(),
        hideJudgeUntilFirstLabel: z.boolean().optional(),
        hideReferenceUntilCommit: z.boolean().optional(),
        autoAcceptUnanimous: z.boolean().optional(),
        leadId: id.nullable().optional(),
        /** Needed to turn blind mode off or change the lead (the study lead or an adjudicator only). */
        viewerId: viewerId.optional(),
      })
      .strict(),
  ),
  /** Sets the study's own taxonomy (validated on the main side), or with null returns to the benchmark's. */
  'annotation.setTaxonomy': method<StudyAnnotationSettings>()(
    z.object({ studyId: id, taxonomy: taxonomySchema.nullable() }).strict(),
  ),

  'labels.episode': method<EpisodeLabels>()(episodeAndAnnotator.extend({ viewerId })),
  'labels.set': method<{ ack: LabelAck; labels: EpisodeLabels }>()(z.object({ episodeId: id, annotatorId: id, field, value: labelValue }).strict()),
  'labels.undo': method<{ undone: boolean; labels: EpisodeLabels }>()(episodeAndAnnotator),
  'labels.commit': method<EpisodeLabels>()(episodeAndAnnotator),
  'labels.history': method<HistoryEntry[]>()(episodeAndAnnotator.extend({ viewerId })),

  'queues.create': method<WorkQueue>()(
    z
      .object({
        studyId: id,
        name,
        size: z.number().int().min(1).max(100_000),
        seed,
        onlyFailed: z.boolean(),
        stratifyBy: z.enum(['none', 'system', 'judge', 'condition']),
        allocation: z.enum(['proportional', 'neyman']).optional(),
        mapping: z.string().min(1).max(200).optional(),
        assignment: z.enum(['all', 'split']),
        annotatorIds: z.array(id).min(1).max(50),
      })
      .strict(),
  ),
  'queues.list': method<WorkQueue[]>()(z.object({ studyId: id }).strict()),
  'queues.items': method<QueueItem[]>()(z.object({ queueId: id, annotatorId: id, viewerId }).strict()),
  'queues.delete': method<{ deleted: boolean }>()(z.object({ queueId: id }).strict()),

  'adjudication.queue': method<{ items: AdjudicationItem[]; counts: ResolutionCount }>()(
    z.object({ studyId: id, field, adjudicatorId: id, all: z.boolean().optional() }).strict(),
  ),
  'adjudication.decide': method<AdjudicationItem>()(
    z.object({ episodeId: id, field, value: z.string().min(1).max(400), rationale: z.string().max(5000), adjudicatorId: id }).strict(),
  ),
  'adjudication.summary': method<ResolutionCount[]>()(z.object({ studyId: id }).strict()),
  /** The item under decision: each annotator's label, notes, first error and regions; the judge. Adjudicators only. */
  'adjudication.item': method<AdjudicationItemDetail>()(z.object({ episodeId: id, field, adjudicatorId: id }).strict()),
  'agreement.fields': method<string[]>()(z.object({ studyId: id }).strict()),
  'agreement.compute': method<StudyAgreement>()(
    z
      .object({
        studyId: id,
        viewerId,
        field,
        raterIds: z.array(id).min(2).max(50).optional(),
        level: level.optional(),
        weights: z.enum(WEIGHT_FAMILIES).optional(),
        phase: z.enum(['pre_reveal', 'final']).optional(),
        seed: seed.optional(),
        resamples: z.number().int().min(100).max(100_000).optional(),
        toleranceMs: z.number().int().min(0).max(600_000).optional(),
        pairBootstrap: z.boolean().optional(),
        population: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
      })
      .strict(),
  ),
  'agreement.report': method<{ document: ExportedFile; csv: ExportedFile }>()(
    z
      .object({
        studyId: id,
        viewerId,
        fields: z.array(field).min(1).max(30),
        format: z.enum(['markdown', 'html']),
        raterIds: z.array(id).min(2).max(50).optional(),
        seed: seed.optional(),
      })
      .strict(),
  ),
  /** Whether the viewer may read other annotators' labels and agreement in the study, and why. */
  'agreement.access': method<AgreementAccess>()(studyAndViewer),
  /** Opens the study's agreement to its annotators; the study lead or an adjudicator only. */
  'agreement.reveal': method<AgreementAccess>()(studyAndViewer),

  'exchange.export': method<ExportedFile>()(z.object({ studyId: id, annotatorId: id, viewerId }).strict()),
  'exchange.import': method<ExchangeImportResult>()(
    z.object({ content: z.string().min(2).max(900_000), studyId: id.optional(), onConflict: z.enum(['keep', 'take']).optional() }).strict(),
  ),
  /** validation.csv, with a warning for each of its column pairs that no taxonomy field fills (no field has the role). */
  'exchange.validationCsv': method<ExportedFile & { warnings: string[] }>()(
    z.object({ studyId: id, viewerId, raterIds: z.tuple([id, id]).optional() }).strict(),
  ),
} as const;
