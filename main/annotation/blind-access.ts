/**
 * The blind rules, held on the main side. While a study is blind, a viewer whose role is `annotator` may not read
 * another annotator's labels, commits or agreement figures, unless they finished their share (every call assigned to
 * them in the study's work queues is done) or the study lead or an adjudicator revealed agreement. Adjudicators and
 * the study lead see everything. Refusals are `forbidden` errors that say what is blind and how access opens.
 */
import type { Db } from '../db/open';
import type { AgreementAccess, AgreementAccessReason, Annotator } from '../../shared/types/annotation';
import type { StudyAnnotationSettings } from '../../shared/types/annotation';
import { countNoun } from '../../shared/count-noun';
import { forbidden } from '../domain/errors';
import { shareProgress } from '../db/work-queues';
import { recordAgreementReveal } from '../db/annotation-settings';
import { requireAnnotator, requireStudy, type StudyRef } from './lookups';
import { getSettings, type SettingsChange } from './settings';

interface Facts {
  study: StudyRef;
  viewer: Annotator;
  settings: StudyAnnotationSettings;
  remaining: number | null;
  reason: AgreementAccessReason;
}

function facts(db: Db, studyId: number, viewerId: number): Facts {
  const study = requireStudy(db, studyId);
  const viewer = requireAnnotator(db, viewerId);
  const settings = getSettings(db, studyId);
  const share = shareProgress(db, studyId, viewerId);
  const remaining = share.total === 0 ? null : share.total - share.done;
  const reason: AgreementAccessReason = !study.blind
    ? 'not_blind'
    : settings.leadId === viewerId
      ? 'lead'
      : viewer.role === 'adjudicator'
        ? 'adjudicator'
        : settings.agreementRevealedAt !== null
          ? 'revealed'
          : remaining === 0
            ? 'finished'
            : 'blind';
  return { study, viewer, settings, remaining, reason };
}

const onlyLead = (what: string, study: StudyRef, why: string): string =>
  `Only the study lead or an adjudicator may ${what} in study "${study.name}"; ${why}.`;

const nameOf = (db: Db, id: number | null): string | null => (id === null ? null : requireAnnotator(db, id).name);

/** 'Study "X" is blind: <opens> when you finish your 12 remaining items or the study lead (Lea) … reveals <it>.' */
function blindSentence(db: Db, f: Facts, opens: string, it = 'agreement'): string {
  const lead = nameOf(db, f.settings.leadId);
  const who = lead ? `the study lead (${lead}) or an adjudicator` : 'an adjudicator';
  const finish = f.remaining === null ? '' : `you finish your ${countNoun(f.remaining, 'remaining item')} or `;
  const none = f.remaining === null ? ' (no work-queue items of the study are assigned to you)' : '';
  return `Study "${f.study.name}" is blind: ${opens} when ${finish}${who} reveals ${it}${none}.`;
}

function accessMessage(db: Db, f: Facts): string {
  const study = `"${f.study.name}"`;
  switch (f.reason) {
    case 'not_blind':
      return `Study ${study} is not blind: every annotator may read the others' labels and agreement.`;
    case 'lead':
      return `You lead study ${study}: you see every annotator's labels and agreement.`;
    case 'adjudicator':
      return `You are an adjudicator: you see every annotator's labels and agreement in study ${study}.`;
    case 'revealed':
      return `Agreement in study ${study} was revealed by ${nameOf(db, f.settings.agreementRevealedBy)} `
        + `at ${f.settings.agreementRevealedAt}.`;
    case 'finished':
      return `You finished your share of study ${study}: its agreement is open to you.`;
    case 'blind':
      return blindSentence(db, f, 'agreement opens', 'it');
  }
}

/** Whether the viewer may read other annotators' labels, commits and agreement figures in the study, and why. */
export function agreementAccess(db: Db, studyId: number, viewerId: number): AgreementAccess {
  const f = facts(db, studyId, viewerId);
  const s = f.settings;
  return {
    studyId,
    allowed: f.reason !== 'blind',
    reason: f.reason,
    message: accessMessage(db, f),
    remaining: f.remaining,
    revealedAt: s.agreementRevealedAt,
    revealedBy: s.agreementRevealedBy,
    canReveal: f.study.blind && s.agreementRevealedAt === null && (f.reason === 'lead' || f.reason === 'adjudicator'),
  };
}

/** Refuses (forbidden) a viewer who may not read the study's agreement figures. */
export function requireAgreementAccess(db: Db, studyId: number, viewerId: number): void {
  const f = facts(db, studyId, viewerId);
  if (f.reason === 'blind') throw forbidden(blindSentence(db, f, 'agreement opens', 'it'));
}

/** Refuses (forbidden) a viewer who may not read every annotator's labels of the study (validation.csv, reports). */
export function requireAllLabelsAccess(db: Db, studyId: number, viewerId: number): void {
  const f = facts(db, studyId, viewerId);
  if (f.reason === 'blind') throw forbidden(blindSentence(db, f, "other annotators' labels open to you"));
}

/** Refuses (forbidden) a viewer reading another annotator's labels, history, commits or queue; one's own is open. */
export function requireLabelsOf(db: Db, studyId: number, viewerId: number, annotatorId: number): void {
  const subject = requireAnnotator(db, annotatorId);
  const f = facts(db, studyId, viewerId);
  if (viewerId === annotatorId || f.reason !== 'blind') return;
  throw forbidden(blindSentence(db, f, `${subject.name}'s labels open to you`));
}

/** Whether this annotator may see the other annotators' labels beside their own (the label panel). */
export function mayReadOthers(db: Db, studyId: number, annotatorId: number): boolean {
  return facts(db, studyId, annotatorId).reason !== 'blind';
}

/** Refuses (forbidden) anyone but the study lead or an adjudicator to `what` (e.g. change what judge figures mean). */
export function requireLeadOrAdjudicator(db: Db, studyId: number, viewerId: number, what: string): void {
  const study = requireStudy(db, studyId);
  const viewer = requireAnnotator(db, viewerId);
  if (getSettings(db, studyId).leadId !== viewerId && viewer.role !== 'adjudicator') {
    throw forbidden(onlyLead(what, study, `${viewer.name} is an annotator`));
  }
}

/** Reveals the study's agreement to its annotators (the lead or an adjudicator only); the first reveal is kept. */
export function revealAgreement(db: Db, studyId: number, viewerId: number, now: Date): AgreementAccess {
  const f = facts(db, studyId, viewerId);
  if (f.settings.leadId !== viewerId && f.viewer.role !== 'adjudicator') {
    throw forbidden(onlyLead('reveal agreement', f.study, `${f.viewer.name} is an annotator`));
  }
  recordAgreementReveal(db, studyId, viewerId, now.toISOString());
  return agreementAccess(db, studyId, viewerId);
}

/**
 * Refuses (forbidden) a settings change that would open the blind rules — turning blind mode off, or naming another
 * study lead — unless the viewer is the study lead or an adjudicator. Other switches are anyone's.
 */
export function requireMayChangeBlindRules(db: Db, change: SettingsChange, viewerId: number | undefined): void {
  const study = requireStudy(db, change.studyId);
  const settings = getSettings(db, change.studyId);
  const opensBlind = change.blind === false && study.blind;
  const changesLead = change.leadId !== undefined && change.leadId !== settings.leadId;
  if (!opensBlind && !changesLead) return;
  const what = opensBlind ? 'turn blind mode off' : 'change the study lead';
  if (viewerId === undefined) throw forbidden(onlyLead(what, study, 'say who you are'));
  const viewer = requireAnnotator(db, viewerId);
  if (settings.leadId === viewerId || viewer.role === 'adjudicator') return;
  throw forbidden(onlyLead(what, study, `${viewer.name} is an annotator`));
}
