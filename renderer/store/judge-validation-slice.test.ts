// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudyAgreement } from '../../shared/types/annotation';
import type { DisagreementItem, JudgeMapping } from '../../shared/types/judge-validation';

class CallFailed extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}
const handlers = new Map<string, (input: Record<string, unknown>) => unknown>();
const calls: [string, Record<string, unknown>][] = [];
vi.mock('../api/client', () => ({
  CallFailed,
  bridge: { on: () => () => undefined, call: vi.fn() },
  call: vi.fn(async (method: string, input: Record<string, unknown>) => {
    calls.push([method, input]);
    const handler = handlers.get(method);
    if (!handler) throw new CallFailed('unknown_method', `no handler for ${method}`);
    return handler(input);
  }),
}));
vi.mock('../player/media', async () => (await import('../../test-support/renderer-media')).fakeMediaModule);
vi.mock('../player/player', async (actual) => ({
  ...(await actual<typeof import('../player/player')>()),
  seekMs: vi.fn(),
  togglePlay: vi.fn(),
}));

const { useApp } = await import('./index');
const { filterDisagreements } = await import('./judge-validation-slice');
const player = await import('../player/player');

const agreement = (field: string): StudyAgreement => ({ study: { id: 1, name: 's' }, field }) as StudyAgreement;
const item = (episodeId: number, system: string, categories: string[]): DisagreementItem => ({
  episodeId, externalId: `e${episodeId}`, system, condition: {}, kinds: ['humans'], categories,
  judge: { label: 'flagged', mapped: 'positive', rationale: '', findings: [] }, humans: [], adjudication: null,
  playFromMs: null,
});
const mapping = (key: string, field: string): JudgeMapping => ({
  key, label: key, field, judgeId: null, output: 'label', kind: 'binary', judgePositive: ['flagged'],
  judgeNegative: ['not_flagged'], humanPositive: ['1'], humanNegative: ['0'], categories: {}, source: 'study',
});
const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

beforeEach(() => {
  handlers.clear();
  calls.length = 0;
  vi.mocked(player.seekMs).mockClear();
  vi.mocked(player.togglePlay).mockClear();
  useApp.setState(useApp.getInitialState(), true);
  useApp.setState({ studyId: 1, annotatorId: 7, view: 'agreement' });
});

describe('filterDisagreements', () => {
  const items = [item(1, 'a', ['flagged', '0']), item(2, 'b', ['flagged', '2']), item(3, 'a', ['not_flagged', '2'])];
  it('keeps the items with the category among theirs and of the system; empty filters keep everything', () => {
    expect(filterDisagreements(items, { category: '', system: '' })).toHaveLength(3);
    expect(filterDisagreements(items, { category: '2', system: '' }).map((i) => i.episodeId)).toEqual([2, 3]);
    expect(filterDisagreements(items, { category: '', system: 'a' }).map((i) => i.episodeId)).toEqual([1, 3]);
    expect(filterDisagreements(items, { category: '2', system: 'a' }).map((i) => i.episodeId)).toEqual([3]);
    expect(filterDisagreements(items, { category: 'fail', system: '' })).toEqual([]);
  });
});

describe('computing agreement', () => {
  it('asks as the current annotator and keeps who it was computed for', async () => {
    handlers.set('agreement.compute', (i) => agreement(i.field as string));
    await useApp.getState().computeAgreement({ studyId: 1, field: 'severity' });
    expect(calls).toEqual([['agreement.compute', { studyId: 1, field: 'severity', viewerId: 7 }]]);
    const s = useApp.getState();
    expect(s.agreementResult?.field).toBe('severity');
    expect([s.agreementViewerId, s.agreementGeneration, s.agreementBusy]).toEqual([7, 1, false]);
  });

  it('says so without calling when nobody is chosen, and shows a refusal of the blind rules', async () => {
    useApp.setState({ annotatorId: null });
    await useApp.getState().computeAgreement({ studyId: 1, field: 'severity' });
    expect(calls).toEqual([]);
    expect(useApp.getState().agreementError).toMatch(/Choose who you are/);
    useApp.setState({ annotatorId: 7 });
    const blind = 'Study "S" is blind: agreement opens when you finish your 3 remaining items';
    handlers.set('agreement.compute', () => {
      throw new CallFailed('forbidden', blind);
    });
    await useApp.getState().computeAgreement({ studyId: 1, field: 'severity' });
    expect(useApp.getState().agreementError).toBe(blind);
    expect(useApp.getState().agreementResult).toBeNull();
  });

  it('drops the answer of a request overtaken by a newer one', async () => {
    const slow = deferred<StudyAgreement>();
    handlers.set('agreement.compute', (i) => (i.field === 'severity' ? slow.promise : agreement('error_source')));
    const first = useApp.getState().computeAgreement({ studyId: 1, field: 'severity' });
    await useApp.getState().computeAgreement({ studyId: 1, field: 'error_source' });
    slow.resolve(agreement('severity'));
    await first;
    expect(useApp.getState().agreementResult?.field).toBe('error_source');
    expect(useApp.getState().agreementGeneration).toBe(1);
  });
});

describe('mappings', () => {
  it('saves a study mapping and computes its field again; a refusal stays on the form', async () => {
    handlers.set('agreement.compute', (i) => agreement(i.field as string));
    handlers.set('judgeMappings.save', (i) => [i.mapping]);
    await useApp.getState().computeAgreement({ studyId: 1, field: 'severity' });
    const { source: _source, ...draft } = mapping('sev', 'severity');
    expect(await useApp.getState().saveJudgeMapping(draft)).toBe(true);
    expect(useApp.getState().judgeMappings.map((m) => m.key)).toEqual(['sev']);
    expect(calls.map(([m]) => m)).toEqual(['agreement.compute', 'judgeMappings.save', 'agreement.compute']);
    await vi.waitFor(() => expect(useApp.getState().agreementGeneration).toBe(2));
    handlers.set('judgeMappings.save', () => {
      throw new CallFailed('invalid_input', 'mapping.humanNegative: name at least one negative value');
    });
    expect(await useApp.getState().saveJudgeMapping({ ...draft, humanNegative: [] })).toBe(false);
    expect(useApp.getState().mappingError).toBe('mapping.humanNegative: name at least one negative value');
    expect(useApp.getState().judgeMappings.map((m) => m.key)).toEqual(['sev']);
    useApp.getState().clearMappingError();
    expect(useApp.getState().mappingError).toBeNull();
  });

  it('does not compute again when the saved mapping is of another field', async () => {
    handlers.set('agreement.compute', (i) => agreement(i.field as string));
    handlers.set('judgeMappings.remove', () => []);
    await useApp.getState().computeAgreement({ studyId: 1, field: 'severity' });
    useApp.setState({ judgeMappings: [mapping('src', 'error_source')] });
    expect(await useApp.getState().removeJudgeMapping('src')).toBe(true);
    expect(calls.map(([m]) => m)).toEqual(['agreement.compute', 'judgeMappings.remove']);
  });
});

describe('disagreements and judges compared', () => {
  it('loads the gallery as the viewer and resets the filters for another mapping only', async () => {
    handlers.set('judgeValidation.disagreements', () => [item(1, 'a', ['2'])]);
    await useApp.getState().loadDisagreements('severity', 'severity>=1');
    const input = { studyId: 1, viewerId: 7, field: 'severity', mappingKey: 'severity>=1' };
    expect(calls[0]).toEqual(['judgeValidation.disagreements', input]);
    useApp.getState().setDisagreementFilter({ category: '2' });
    await useApp.getState().loadDisagreements('severity', 'severity>=1');
    expect(useApp.getState().disagreementFilter).toEqual({ category: '2', system: '' });
    await useApp.getState().loadDisagreements('severity', 'severity>=2');
    expect(useApp.getState().disagreementFilter).toEqual({ category: '', system: '' });
    expect(useApp.getState().disagreements?.mappingKey).toBe('severity>=2');
  });

  it('compares again after the held-out split changes; a refused split is said and nothing is compared', async () => {
    const judge = { judgeId: 'j', judgeVersion: '1' };
    handlers.set('judgeValidation.compareJudges', (i) => ({ field: i.field, parts: [] }));
    handlers.set('judgeValidation.setHoldout', (i) => ({ split: i.split }));
    const request = { field: 'severity', mappingKey: 'severity>=1', baseline: judge, candidate: judge };
    await useApp.getState().compareJudgesOnItems(request);
    expect(await useApp.getState().setHoldoutSplit({ seed: 7, fraction: 0.3 })).toBe(true);
    const methods = calls.map(([m]) => m.replace('judgeValidation.', ''));
    expect(methods).toEqual(['compareJudges', 'setHoldout', 'compareJudges']);
    expect(calls[1][1]).toEqual({ studyId: 1, viewerId: 7, split: { seed: 7, fraction: 0.3 } });
    handlers.set('judgeValidation.setHoldout', () => {
      throw new CallFailed('forbidden', 'only the study lead or an adjudicator may set the held-out split');
    });
    expect(await useApp.getState().setHoldoutSplit(null)).toBe(false);
    expect(useApp.getState().comparisonError).toMatch(/only the study lead or an adjudicator/);
    expect(calls).toHaveLength(4);
  });
});

describe('from the gallery to the audio', () => {
  const detail = (audio: boolean) => ({
    episode: { id: 5, externalId: 'e5' }, turns: [], judgements: [], judgeHidden: false,
    audio: audio ? [{ id: 9 }] : [],
  });

  it('opens the call in the Label view and plays from the time once its waveform is drawn, once', async () => {
    handlers.set('episodes.get', () => detail(true));
    handlers.set('episodes.peaks', () => ({ peaks: null }));
    await useApp.getState().playDisagreement(5, 8187);
    expect([useApp.getState().view, useApp.getState().episodeId]).toEqual(['label', 5]);
    expect(player.seekMs).not.toHaveBeenCalled();
    player.publishView({ startMs: 0, endMs: 20_000 });
    expect(player.seekMs).toHaveBeenCalledWith(8187);
    expect(player.togglePlay).toHaveBeenCalledTimes(1);
    player.publishView({ startMs: 1000, endMs: 21_000 }); // a scroll later: no second seek
    expect(player.seekMs).toHaveBeenCalledTimes(1);
    player.attachPlayer(null);
  });

  it('opens a call without audio without playing, and opens a call in the Adjudicate view', async () => {
    handlers.set('episodes.get', () => detail(false));
    await useApp.getState().playDisagreement(5, null);
    player.publishView({ startMs: 0, endMs: 1 });
    expect(player.seekMs).not.toHaveBeenCalled();
    expect(useApp.getState().view).toBe('label');
    player.attachPlayer(null);
    await useApp.getState().openDisagreementIn('adjudicate', 5);
    expect([useApp.getState().view, useApp.getState().episodeId]).toEqual(['adjudicate', 5]);
  });
});
