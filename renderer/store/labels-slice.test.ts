// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeDetail } from '../../shared/domain';
import type { EpisodeLabels, LabelValue, QueueItem } from '../../shared/types/annotation';
import { SYSTEM_FIELDS } from '../../shared/types/annotation';
import {
  CallFailed,
  calls,
  deferred,
  handlers,
  methodsCalled,
  resetFakeClient,
  settleDeferreds,
} from '../../test-support/renderer-client';

vi.mock('../api/client', async () => (await import('../../test-support/renderer-client')).fakeClientModule);
vi.mock('../player/media', async () => (await import('../../test-support/renderer-media')).fakeMediaModule);

const { useApp } = await import('./index');

type Reply = {
  ack: { episodeId: number; field: string; phase: 'final'; value: LabelValue; revision: number };
  labels: EpisodeLabels;
};

const labelsOf = (episodeId: number, values: Record<string, LabelValue>, more: Partial<EpisodeLabels> = {}) =>
  ({
    episodeId,
    studyId: 1,
    annotatorId: 7,
    settings: {},
    values,
    preReveal: {},
    phase: 'final',
    committed: false,
    judgeVisible: true,
    revision: 0,
    canUndo: false,
    others: [],
    ...more,
  }) as EpisodeLabels;
const reply = (episodeId: number, field: string, values: Record<string, LabelValue>, revision: number): Reply => ({
  ack: { episodeId, field, phase: 'final', value: values[field], revision },
  labels: labelsOf(episodeId, values, { revision, canUndo: true }),
});
const detailOf = (episodeId: number) =>
  ({ episode: { id: episodeId }, turns: [], audio: [], judgements: [] }) as unknown as EpisodeDetail;
const item = (episodeId: number, done: boolean): QueueItem => ({
  episodeId,
  externalId: `e${episodeId}`,
  system: 's',
  position: episodeId,
  done,
});

afterEach(settleDeferreds);
beforeEach(() => {
  resetFakeClient();
  window.localStorage.clear();
  useApp.setState(useApp.getInitialState(), true);
  useApp.setState({ studyId: 1, annotatorId: 7, episodeId: 1, labels: labelsOf(1, { source: 'agent' }) });
});

describe('loading labels', () => {
  it('asks for the open episode as the current annotator; with nobody chosen there is nothing to load', async () => {
    handlers.set('labels.episode', (i) => labelsOf(i.episodeId as number, { source: 'user' }));
    await useApp.getState().loadLabels();
    expect(calls).toEqual([['labels.episode', { episodeId: 1, annotatorId: 7, viewerId: 7 }]]);
    expect(useApp.getState().labels?.values).toEqual({ source: 'user' });
    useApp.setState({ annotatorId: null });
    await useApp.getState().loadLabels();
    expect(calls).toHaveLength(1);
    expect(useApp.getState().labels).toBeNull();
  });

  it('drops the labels of an episode left before they arrived', async () => {
    const first = deferred<EpisodeLabels>();
    handlers.set('labels.episode', (i) => (i.episodeId === 1 ? first.promise : labelsOf(2, { source: 'user' })));
    const late = useApp.getState().loadLabels();
    useApp.setState({ episodeId: 2 });
    await useApp.getState().loadLabels();
    first.resolve(labelsOf(1, { source: 'agent' }));
    await late;
    expect(useApp.getState().labels?.episodeId).toBe(2);
  });
});

describe('saving a label', () => {
  it("shows the value at once, then the main side's labels and the revision it acknowledged", async () => {
    const answer = deferred<Reply>();
    handlers.set('labels.set', () => answer.promise);
    const saving = useApp.getState().setLabel('source', 'user');
    expect(useApp.getState().labels?.values.source).toBe('user');
    expect(useApp.getState().saveState).toBe('saving');
    answer.resolve(reply(1, 'source', { source: 'user' }, 41));
    await saving;
    expect(calls).toEqual([['labels.set', { episodeId: 1, annotatorId: 7, field: 'source', value: 'user' }]]);
    const s = useApp.getState();
    expect([s.saveState, s.lastAck?.revision, s.labels?.revision, s.labels?.canUndo]).toEqual(['saved', 41, 41, true]);
  });

  it('rolls a refused value back to what the main side holds and keeps saying it was not saved', async () => {
    handlers.set('labels.set', () => {
      throw new CallFailed('invalid_input', 'labels.set: "martian" is not an option of source');
    });
    handlers.set('labels.episode', () => labelsOf(1, { source: 'agent' }, { revision: 40 }));
    await useApp.getState().setLabel('source', 'martian');
    expect(methodsCalled()).toEqual(['labels.set', 'labels.episode']);
    const s = useApp.getState();
    expect(s.labels?.values.source).toBe('agent');
    expect(s.saveState).toBe('error');
    expect(s.saveError).toBe('labels.set: "martian" is not an option of source');
  });

  it('sends writes one at a time in the order made, and says saved only when the last is acknowledged', async () => {
    const first = deferred<Reply>();
    const second = deferred<Reply>();
    const answers = [first, second];
    handlers.set('labels.set', () => answers.shift()!.promise);
    const a = useApp.getState().setLabel('source', 'user');
    const b = useApp.getState().setLabel('severity', '2');
    await Promise.resolve();
    expect(calls).toHaveLength(1); // the second waits for the first's answer
    first.resolve(reply(1, 'source', { source: 'user' }, 41));
    await a;
    expect(useApp.getState().saveState).toBe('saving');
    expect(useApp.getState().labels?.values).toEqual({ source: 'user', severity: '2' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    second.resolve(reply(1, 'severity', { source: 'user', severity: '2' }, 42));
    await b;
    expect([useApp.getState().saveState, useApp.getState().lastAck?.revision]).toEqual(['saved', 42]);
  });

  it('keeps a write queued after a failed one going', async () => {
    const answers: (() => Reply)[] = [
      () => {
        throw new CallFailed('conflict', 'busy');
      },
      () => reply(1, 'severity', { source: 'agent', severity: '1' }, 43),
    ];
    handlers.set('labels.set', () => answers.shift()!());
    handlers.set('labels.episode', () => labelsOf(1, { source: 'agent' }));
    await Promise.all([useApp.getState().setLabel('source', 'user'), useApp.getState().setLabel('severity', '1')]);
    expect(methodsCalled().filter((m) => m === 'labels.set')).toHaveLength(2);
    expect(useApp.getState().labels?.values.severity).toBe('1');
  });

  it('ignores the answer for an episode no longer open', async () => {
    const answer = deferred<Reply>();
    handlers.set('labels.set', () => answer.promise);
    const saving = useApp.getState().setLabel('source', 'user');
    useApp.setState({ episodeId: 2, labels: labelsOf(2, {}) });
    answer.resolve(reply(1, 'source', { source: 'user' }, 41));
    await saving;
    expect(useApp.getState().labels).toEqual(labelsOf(2, {}));
    expect(useApp.getState().lastAck).toBeNull();
  });

  it('does nothing before the labels are loaded', async () => {
    useApp.setState({ labels: null });
    await useApp.getState().setLabel('source', 'user');
    expect(calls).toEqual([]);
  });

  it('fetches the call again when the first label reveals the judge', async () => {
    useApp.setState({ labels: labelsOf(1, {}, { judgeVisible: false }), detail: detailOf(1) });
    handlers.set('labels.set', () => reply(1, 'source', { source: 'user' }, 41));
    handlers.set('episodes.get', () => detailOf(1));
    await useApp.getState().setLabel('source', 'user');
    await vi.waitFor(() => expect(methodsCalled()).toEqual(['labels.set', 'episodes.get']));
    expect(calls[1][1]).toEqual({ episodeId: 1, annotatorId: 7 });
  });

  it('sets the first critical error at a whole, non-negative millisecond and disarms the waveform', async () => {
    handlers.set('labels.set', (i) => reply(1, i.field as string, { [i.field as string]: i.value as number }, 1));
    useApp.setState({ armedFirstError: true });
    useApp.getState().setFirstErrorFromWaveform(1234.6);
    expect(useApp.getState().armedFirstError).toBe(false);
    useApp.getState().setFirstErrorFromWaveform(-40);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map(([, i]) => [i.field, i.value])).toEqual([
      [SYSTEM_FIELDS.firstErrorMs, 1235],
      [SYSTEM_FIELDS.firstErrorMs, 0],
    ]);
  });
});

describe('undo and commit', () => {
  it('undoes only when there is something to undo, and acknowledges the revision it went back to', async () => {
    handlers.set('labels.undo', () => ({ undone: true, labels: labelsOf(1, {}, { revision: 39 }) }));
    await useApp.getState().undoLabel();
    expect(calls).toEqual([]);
    useApp.setState({ labels: labelsOf(1, { source: 'agent' }, { canUndo: true, revision: 40 }) });
    await useApp.getState().undoLabel();
    expect(calls).toEqual([['labels.undo', { episodeId: 1, annotatorId: 7 }]]);
    const s = useApp.getState();
    expect([s.labels?.values, s.saveState, s.lastAck?.field, s.lastAck?.revision]).toEqual([{}, 'saved', '*', 39]);
  });

  it('commits, fetches the call again (the judge may show now) and refreshes the active queue', async () => {
    useApp.setState({ detail: detailOf(1), activeQueueId: 3 });
    handlers.set('labels.commit', () => labelsOf(1, { source: 'agent' }, { committed: true, revision: 44 }));
    handlers.set('episodes.get', () => detailOf(1));
    handlers.set('queues.items', () => [item(1, true)]);
    await useApp.getState().commitLabels();
    expect(methodsCalled()).toEqual(['labels.commit', 'episodes.get', 'queues.items']);
    expect(useApp.getState().labels?.committed).toBe(true);
    expect(useApp.getState().lastAck?.revision).toBe(44);
    expect(useApp.getState().queueItems).toEqual([item(1, true)]);
  });

  it('ignores a commit or undo answered after another episode opened, but still refreshes the queue', async () => {
    const commit = deferred<EpisodeLabels>();
    const undo = deferred<{ undone: boolean; labels: EpisodeLabels }>();
    handlers.set('labels.commit', () => commit.promise);
    handlers.set('labels.undo', () => undo.promise);
    handlers.set('queues.items', () => [item(1, true)]);
    useApp.setState({ labels: labelsOf(1, { source: 'agent' }, { canUndo: true }), activeQueueId: 3 });
    const undoing = useApp.getState().undoLabel();
    const committing = useApp.getState().commitLabels();
    useApp.setState({ episodeId: 2, labels: labelsOf(2, {}) });
    undo.resolve({ undone: true, labels: labelsOf(1, {}) });
    commit.resolve(labelsOf(1, { source: 'agent' }, { committed: true }));
    await Promise.all([undoing, committing]);
    expect(useApp.getState().labels).toEqual(labelsOf(2, {}));
    expect(methodsCalled()).toEqual(['labels.undo', 'labels.commit', 'queues.items']);
    expect(useApp.getState().queueItems).toEqual([item(1, true)]);
  });
});

describe('annotators', () => {
  it('keeps the chosen annotator only while they exist, and remembers a choice across windows', async () => {
    const ana = { id: 7, name: 'Ana', initials: 'AN', role: 'annotator', createdAt: '' } as const;
    handlers.set('annotators.list', () => [ana]);
    await useApp.getState().loadAnnotators();
    expect(useApp.getState().annotatorId).toBe(7);
    handlers.set('annotators.list', () => []);
    await useApp.getState().loadAnnotators();
    expect(useApp.getState().annotatorId).toBeNull();
    handlers.set('labels.episode', () => labelsOf(1, {}));
    useApp.getState().switchAnnotator(9);
    expect(window.localStorage.getItem('earshot.annotatorId')).toBe('9');
    expect([useApp.getState().annotatorId, useApp.getState().lastAck]).toEqual([9, null]);
    useApp.getState().switchAnnotator(null);
    expect(window.localStorage.getItem('earshot.annotatorId')).toBeNull();
  });

  it('creates an annotator and lists them again; a refusal is shown', async () => {
    handlers.set('annotators.create', (i) => ({ id: 8, name: i.name, initials: 'BO', role: i.role, createdAt: '' }));
    handlers.set('annotators.list', () => []);
    expect(await useApp.getState().createAnnotator('Bo', '', 'annotator')).toMatchObject({ id: 8 });
    expect(calls[0]).toEqual(['annotators.create', { name: 'Bo', initials: undefined, role: 'annotator' }]);
    expect(methodsCalled()).toEqual(['annotators.create', 'annotators.list']);
    handlers.set('annotators.create', () => {
      throw new CallFailed('conflict', 'an annotator named "Bo" exists');
    });
    expect(await useApp.getState().createAnnotator('Bo', '', 'annotator')).toBeNull();
    expect(useApp.getState().error).toBe('an annotator named "Bo" exists');
  });
});

describe('work queues', () => {
  const queue = [item(1, true), item(2, false), item(3, true), item(4, false)];
  const openedAfter = async (episodeId: number | null) => {
    calls.length = 0;
    useApp.setState({ episodeId, queueItems: queue });
    await useApp.getState().openNextInQueue();
    return calls.find(([m]) => m === 'episodes.get')?.[1].episodeId ?? null;
  };
  beforeEach(() => handlers.set('episodes.get', (i) => detailOf(i.episodeId as number)));

  it('opens the next item not done, in queue order, wrapping around to the start', async () => {
    expect(await openedAfter(1)).toBe(2);
    expect(await openedAfter(2)).toBe(4);
    expect(await openedAfter(4)).toBe(2);
    expect(await openedAfter(99)).toBe(2); // an episode outside the queue: from the start
    expect(await openedAfter(null)).toBe(2);
  });

  it('opens nothing when every item is done', async () => {
    useApp.setState({ queueItems: [item(1, true), item(2, true)] });
    await useApp.getState().openNextInQueue();
    expect(calls).toEqual([]);
  });

  it('loads the items of the queue as the current annotator; a failure leaves no queue active', async () => {
    handlers.set('queues.list', () => [{ id: 3 }]);
    await useApp.getState().loadQueues();
    expect(useApp.getState().queues).toEqual([{ id: 3 }]);
    handlers.set('queues.items', () => queue);
    await useApp.getState().setActiveQueue(3);
    expect(calls.at(-1)).toEqual(['queues.items', { queueId: 3, annotatorId: 7, viewerId: 7 }]);
    expect([useApp.getState().activeQueueId, useApp.getState().queueItems]).toEqual([3, queue]);
    handlers.set('queues.items', () => {
      throw new CallFailed('not_found', 'work queue 4 not found');
    });
    await useApp.getState().setActiveQueue(4);
    expect([useApp.getState().activeQueueId, useApp.getState().queueItems]).toEqual([null, []]);
    expect(useApp.getState().error).toBe('work queue 4 not found');
    await useApp.getState().setActiveQueue(null);
    expect(calls.filter(([m]) => m === 'queues.items')).toHaveLength(2);
  });

  it('keeps the queue chosen last when an earlier choice is answered after it', async () => {
    const slow = deferred<QueueItem[]>();
    handlers.set('queues.items', (i) => (i.queueId === 3 ? slow.promise : [item(9, false)]));
    const first = useApp.getState().setActiveQueue(3);
    await useApp.getState().setActiveQueue(4);
    slow.resolve(queue);
    await first;
    expect([useApp.getState().activeQueueId, useApp.getState().queueItems]).toEqual([4, [item(9, false)]]);
  });

  it('lists no queues without a study', async () => {
    useApp.setState({ studyId: null, queues: [{ id: 3 }] as never });
    await useApp.getState().loadQueues();
    expect([useApp.getState().queues, calls]).toEqual([[], []]);
  });
});
