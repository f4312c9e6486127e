/** Handlers of the annotation methods (shared/methods/annotation.ts): thin wrappers over main/annotation/. */
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { BUILTIN_TAXONOMIES } from '../../shared/taxonomies/index';
import { createAnnotator, listAnnotatorsWithStudies, updateAnnotator } from '../annotation/annotators';
import { getSettings, setStudyTaxonomy, updateSettings } from '../annotation/settings';
import { commitEpisode, getEpisodeLabels, setLabel } from '../annotation/labels';
import { listHistory, undoLast } from '../annotation/history';
import { createQueue, deleteQueue, getQueue, listQueues, queueItems } from '../annotation/queues';
import { adjudicationQueue, decide, resolutionSummary } from '../annotation/adjudication';
import { adjudicationItemDetail } from '../annotation/adjudication-item';
import { labelledFields } from '../annotation/ratings';
import { computeStudyAgreement } from '../annotation/agreement';
import { buildReportFiles, fileStem } from '../annotation/report-files';
import { exportBundle, importBundle, parseBundle } from '../annotation/exchange';
import { validationCsv, validationCsvWarnings } from '../annotation/validation-csv';
import { requireAnnotator, requireEpisode, requireStudy } from '../annotation/lookups';
import {
  agreementAccess,
  requireAgreementAccess,
  requireAllLabelsAccess,
  requireLabelsOf,
  requireMayChangeBlindRules,
  revealAgreement,
} from '../annotation/blind-access';

type In<M extends MethodName> = MethodInput<M>;

const changed = (s: Services, studyId: number | null) => s.events.emit('data.changed', { scope: 'annotations', studyId });

/** Annotation handlers by method name. */
export const annotationHandlers = {
  'annotators.list': (s: Services): MethodOutput<'annotators.list'> => listAnnotatorsWithStudies(s.db),
  'annotators.create': (s: Services, i: In<'annotators.create'>): MethodOutput<'annotators.create'> => createAnnotator(s.db, i, s.clock()),
  'annotators.update': (s: Services, i: In<'annotators.update'>): MethodOutput<'annotators.update'> => updateAnnotator(s.db, i),

  'taxonomies.builtin': (): MethodOutput<'taxonomies.builtin'> => Object.values(BUILTIN_TAXONOMIES),
  'annotation.settings': (s: Services, i: In<'annotation.settings'>): MethodOutput<'annotation.settings'> => getSettings(s.db, i.studyId),
  'annotation.updateSettings': (
    s: Services,
    i: In<'annotation.updateSettings'>,
  ): MethodOutput<'annotation.updateSettings'> => {
    const { viewerId, ...change } = i;
    requireMayChangeBlindRules(s.db, change, viewerId);
    return updateSettings(s.db, change);
  },
  'annotation.setTaxonomy': (s: Services, i: In<'annotation.setTaxonomy'>): MethodOutput<'annotation.setTaxonomy'> =>
    setStudyTaxonomy(s.db, i.studyId, i.taxonomy ?? null),

  'labels.episode': (s: Services, i: In<'labels.episode'>): MethodOutput<'labels.episode'> => {
    requireLabelsOf(s.db, requireEpisode(s.db, i.episodeId).studyId, i.viewerId, i.annotatorId);
    return getEpisodeLabels(s.db, i.episodeId, i.annotatorId);
  },
  'labels.set': (s: Services, i: In<'labels.set'>): MethodOutput<'labels.set'> => {
    const ack = setLabel(s.db, i, s.clock());
    return { ack, labels: getEpisodeLabels(s.db, i.episodeId, i.annotatorId) };
  },
  'labels.undo': (s: Services, i: In<'labels.undo'>): MethodOutput<'labels.undo'> => {
    const undone = undoLast(s.db, i.episodeId, i.annotatorId, s.clock());
    return { undone, labels: getEpisodeLabels(s.db, i.episodeId, i.annotatorId) };
  },
  'labels.commit': (s: Services, i: In<'labels.commit'>): MethodOutput<'labels.commit'> => {
    commitEpisode(s.db, i.episodeId, i.annotatorId, s.clock());
    return getEpisodeLabels(s.db, i.episodeId, i.annotatorId);
  },
  'labels.history': (s: Services, i: In<'labels.history'>): MethodOutput<'labels.history'> => {
    requireAnnotator(s.db, i.annotatorId);
    requireLabelsOf(s.db, requireEpisode(s.db, i.episodeId).studyId, i.viewerId, i.annotatorId);
    return listHistory(s.db, i.episodeId, i.annotatorId);
  },

  // A queue's draw is the design the judge-corrected figures assume: Results recompute when one is drawn or deleted.
  'queues.create': (s: Services, i: In<'queues.create'>): MethodOutput<'queues.create'> => {
    const queue = createQueue(s.db, i, s.clock());
    changed(s, queue.studyId);
    return queue;
  },
  'queues.list': (s: Services, i: In<'queues.list'>): MethodOutput<'queues.list'> => listQueues(s.db, i.studyId),
  'queues.items': (s: Services, i: In<'queues.items'>): MethodOutput<'queues.items'> => {
    requireLabelsOf(s.db, getQueue(s.db, i.queueId).studyId, i.viewerId, i.annotatorId);
    return queueItems(s.db, i.queueId, i.annotatorId);
  },
  'queues.delete': (s: Services, i: In<'queues.delete'>): MethodOutput<'queues.delete'> => {
    const { studyId } = getQueue(s.db, i.queueId);
    deleteQueue(s.db, i.queueId);
    changed(s, studyId);
    return { deleted: true };
  },

  'adjudication.queue': (s: Services, i: In<'adjudication.queue'>): MethodOutput<'adjudication.queue'> => adjudicationQueue(s.db, i),
  'adjudication.decide': (s: Services, i: In<'adjudication.decide'>): MethodOutput<'adjudication.decide'> => decide(s.db, i, s.clock()),
  'adjudication.summary': (s: Services, i: In<'adjudication.summary'>): MethodOutput<'adjudication.summary'> => resolutionSummary(s.db, i.studyId),
  'adjudication.item': (s: Services, i: In<'adjudication.item'>): MethodOutput<'adjudication.item'> =>
    adjudicationItemDetail(s.db, i),
  'agreement.fields': (s: Services, i: In<'agreement.fields'>): MethodOutput<'agreement.fields'> => (requireStudy(s.db, i.studyId), labelledFields(s.db, i.studyId)),
  'agreement.compute': (s: Services, i: In<'agreement.compute'>): Promise<MethodOutput<'agreement.compute'>> => {
    requireAgreementAccess(s.db, i.studyId, i.viewerId);
    return s.jobs.start('agreement', (ctx) =>
      computeStudyAgreement(s.db, i, { progress: ctx.progress, signal: ctx.signal }),
    ).done;
  },
  'agreement.report': async (s: Services, i: In<'agreement.report'>): Promise<MethodOutput<'agreement.report'>> => {
    requireAgreementAccess(s.db, i.studyId, i.viewerId);
    const { document, csv } = await s.jobs.start('agreement-report', (ctx) => buildReportFiles(s.db, i, s.clock(), ctx)).done;
    return { document, csv };
  },

  'agreement.access': (s: Services, i: In<'agreement.access'>): MethodOutput<'agreement.access'> =>
    agreementAccess(s.db, i.studyId, i.viewerId),
  'agreement.reveal': (s: Services, i: In<'agreement.reveal'>): MethodOutput<'agreement.reveal'> => {
    const access = revealAgreement(s.db, i.studyId, i.viewerId, s.clock());
    changed(s, i.studyId);
    return access;
  },

  'exchange.export': (s: Services, i: In<'exchange.export'>): MethodOutput<'exchange.export'> => {
    requireLabelsOf(s.db, i.studyId, i.viewerId, i.annotatorId);
    const bundle = exportBundle(s.db, i.studyId, i.annotatorId, s.clock());
    return { fileName: `${fileStem(bundle.study.name)}-${fileStem(bundle.annotator.name)}.earshot-labels.json`, content: JSON.stringify(bundle, null, 1), mime: 'application/json' };
  },
  'exchange.import': (s: Services, i: In<'exchange.import'>): MethodOutput<'exchange.import'> => {
    const result = importBundle(s.db, parseBundle(i.content), { studyId: i.studyId, onConflict: i.onConflict }, s.clock());
    changed(s, result.studyId);
    return result;
  },
  'exchange.validationCsv': (s: Services, i: In<'exchange.validationCsv'>): MethodOutput<'exchange.validationCsv'> => {
    requireAllLabelsAccess(s.db, i.studyId, i.viewerId);
    return {
      fileName: `${fileStem(requireStudy(s.db, i.studyId).name)}-validation.csv`,
      content: validationCsv(s.db, i.studyId, i.raterIds),
      mime: 'text/csv',
      warnings: validationCsvWarnings(s.db, i.studyId),
    };
  },
} as const;
