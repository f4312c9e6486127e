// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeLabels, Taxonomy } from '../shared/types/annotation';
import { SYSTEM_FIELDS } from '../shared/types/annotation';

vi.mock('./api/client', async () => (await import('../test-support/renderer-client')).fakeClientModule);
vi.mock('./player/media', async () => (await import('../test-support/renderer-media')).fakeMediaModule);
vi.mock('./player/player', async (actual) => ({
  ...(await actual<typeof import('./player/player')>()),
  currentMs: vi.fn(() => 10_000),
  seekMs: vi.fn(),
  togglePlay: vi.fn(),
  setPlaybackRate: vi.fn(),
  zoomBy: vi.fn(),
}));

const { handleKey, SHORTCUTS } = await import('./keyboard');
const { useApp } = await import('./store');
const { SPEEDS } = await import('./store/playback-slice');
const player = await import('./player/player');

const toggleHelp = vi.fn();
const stepEpisode = vi.fn(async () => undefined);
const setLabel = vi.fn(async () => undefined);
const undoLabel = vi.fn(async () => undefined);
const openImport = vi.fn();

/** Presses `key` on `target` (the page body unless given); returns whether it was taken as a shortcut. */
function press(key: string, mods: KeyboardEventInit = {}, target: HTMLElement = document.body): boolean {
  let handled: boolean | undefined;
  const listener = (e: Event) => (handled = handleKey(e as KeyboardEvent, toggleHelp));
  target.addEventListener('keydown', listener);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...mods }));
  target.removeEventListener('keydown', listener);
  return handled!;
}
const field = (tag: string) => document.body.appendChild(document.createElement(tag));

const taxonomy = {
  format: 'earshot-taxonomy-v1',
  id: 't',
  name: 't',
  verdicts: [],
  fields: [
    { key: 'source', label: 'Source', kind: 'single', options: [{ value: 'agent' }, { value: 'user' }] },
    { key: 'severity', label: 'Severity', kind: 'single', options: ['0', '1', '2', '3'].map((value) => ({ value })) },
  ],
} as Taxonomy;
const labels = {
  episodeId: 5,
  annotatorId: 7,
  values: { severity: '1' },
  judgeVisible: false,
  settings: { taxonomy },
} as unknown as EpisodeLabels;

beforeEach(() => {
  vi.clearAllMocks();
  document.body.innerHTML = '';
  useApp.setState(useApp.getInitialState(), true);
  useApp.setState({ stepEpisode, setLabel, undoLabel, openImport });
});

describe('replay keys', () => {
  it('plays, and steps 1 s back or forward, 5 s with Shift', () => {
    expect(press(' ')).toBe(true);
    expect(player.togglePlay).toHaveBeenCalledTimes(1);
    press('ArrowLeft');
    press('ArrowRight');
    press('ArrowLeft', { shiftKey: true });
    press('ArrowRight', { shiftKey: true });
    expect(vi.mocked(player.seekMs).mock.calls).toEqual([[9000], [11_000], [5000], [15_000]]);
  });

  it('steps the speed through the offered ones, stopping at 0.25× and 3×', () => {
    press(']');
    expect(useApp.getState().rate).toBe(1.25);
    expect(player.setPlaybackRate).toHaveBeenLastCalledWith(1.25);
    for (let i = 0; i < SPEEDS.length; i++) press(']');
    expect(useApp.getState().rate).toBe(3);
    for (let i = 0; i < SPEEDS.length + 2; i++) press('[');
    expect(useApp.getState().rate).toBe(0.25);
    expect(player.setPlaybackRate).toHaveBeenLastCalledWith(0.25);
  });

  it('zooms in with + or =, out with −, to fit with Z', () => {
    for (const key of ['+', '=', '-', 'z', 'Z']) expect(press(key)).toBe(true);
    expect(vi.mocked(player.zoomBy).mock.calls).toEqual([[2], [2], [0.5], [0], [0]]);
  });

  it('moves to the next or previous episode with J and K, either case', () => {
    for (const key of ['j', 'J', 'k', 'K']) press(key);
    expect(stepEpisode.mock.calls).toEqual([[1], [1], [-1], [-1]]);
  });

  it('opens the next call I have not labelled with Shift + J', () => {
    const openNextUnlabelled = vi.fn(async () => undefined);
    useApp.setState({ openNextUnlabelled });
    expect(press('J', { shiftKey: true })).toBe(true);
    expect([openNextUnlabelled.mock.calls.length, stepEpisode.mock.calls.length]).toEqual([1, 0]);
  });

  it('toggles the spectrogram, region drawing and the theme, and follows playback again', () => {
    useApp.setState({ follow: false, theme: 'dark' });
    for (const key of ['s', 'r', 'f', 't']) expect(press(key)).toBe(true);
    const s = useApp.getState();
    expect([s.showSpectrogram, s.drawingRegions, s.follow, s.theme]).toEqual([true, true, true, 'light']);
    for (const key of ['S', 'R', 'T']) press(key);
    const back = useApp.getState();
    expect([back.showSpectrogram, back.drawingRegions, back.theme]).toEqual([false, false, 'dark']);
  });

  it('shows the list of shortcuts with ?, which lists every key it handles', () => {
    expect(press('?')).toBe(true);
    expect(toggleHelp).toHaveBeenCalledWith();
    const listed = SHORTCUTS.map(([keys]) => keys).join(' ');
    const keys = ['Space', '←', 'Shift', '[', '+', 'Z', 'S', 'R', 'F', 'J / K', 'T', 'N', 'E', 'U', 'Ctrl + Enter', '?'];
    for (const key of [...keys, 'Esc']) expect(listed).toContain(key);
  });

  it('leaves a key that is no shortcut to the page', () => {
    expect(press('q')).toBe(false);
    expect(press('Enter')).toBe(false);
  });
});

describe('keys that are not taken', () => {
  it('never intercepts typing in an input, a text area, a menu or an editable element', () => {
    const editable = field('div');
    editable.contentEditable = 'true';
    for (const target of [field('input'), field('textarea'), field('select'), editable]) {
      for (const key of [' ', 'j', 's', 'ArrowLeft', '1', '?']) expect(press(key, {}, target)).toBe(false);
    }
    expect(
      [player.togglePlay, player.seekMs, stepEpisode, toggleHelp].map((f) => vi.mocked(f).mock.calls.length),
    ).toEqual([0, 0, 0, 0]);
    expect(useApp.getState().showSpectrogram).toBe(false);
  });

  it('leaves the browser and system combinations (Ctrl, Cmd, Alt) alone', () => {
    expect(press('s', { ctrlKey: true })).toBe(false);
    expect(press('r', { metaKey: true })).toBe(false);
    expect(press('ArrowLeft', { altKey: true })).toBe(false);
    expect(useApp.getState().showSpectrogram).toBe(false);
    expect(player.seekMs).not.toHaveBeenCalled();
  });

  it('closes the shortcuts list and the import dialog with Esc, even from a field, but not during an import', () => {
    expect(press('Escape', {}, field('input'))).toBe(true);
    expect(toggleHelp).toHaveBeenCalledWith(false);
    expect(openImport).toHaveBeenCalledWith(false);
    const job = {
      jobId: 'j',
      kind: 'import',
      done: 1,
      total: 9,
      message: '',
      finished: false,
      error: null,
      result: null,
    };
    useApp.setState({ importJob: job });
    press('Escape');
    expect(openImport).toHaveBeenCalledTimes(1);
    useApp.setState({ importJob: { ...job, finished: true } });
    press('Escape');
    expect(openImport).toHaveBeenCalledTimes(2);
  });
});

describe('label keys', () => {
  beforeEach(() => useApp.setState({ view: 'label', episodeId: 5, labels, focusedField: 'source' }));

  it('answers the focused field by option number, and a digit field by the digit itself', () => {
    expect(press('2')).toBe(true);
    expect(setLabel).toHaveBeenLastCalledWith('source', 'user');
    useApp.setState({ focusedField: 'severity' });
    press('3');
    expect(setLabel).toHaveBeenLastCalledWith('severity', '3');
    press('1'); // the value it has: choosing it again clears it
    expect(setLabel).toHaveBeenLastCalledWith('severity', null);
  });

  it('clears a field with 0, and takes no option number beyond the options', () => {
    press('0');
    expect(setLabel).toHaveBeenLastCalledWith('source', null);
    expect(press('7')).toBe(false);
    expect(setLabel).toHaveBeenCalledTimes(1);
  });

  it('moves between fields with N and Shift + N, wrapping around', () => {
    press('n');
    expect(useApp.getState().focusedField).toBe('severity');
    press('n');
    expect(useApp.getState().focusedField).toBe('source');
    press('N', { shiftKey: true });
    expect(useApp.getState().focusedField).toBe('severity');
  });

  it('sets the first error at the playhead with E and undoes with U', () => {
    press('e');
    expect(setLabel).toHaveBeenCalledWith(SYSTEM_FIELDS.firstErrorMs, 10_000);
    press('u');
    expect(undoLabel).toHaveBeenCalledTimes(1);
  });

  it('commits my labels on the call with Ctrl + Enter or ⌘ + Enter, from a text field after saving its draft', () => {
    const order: string[] = [];
    const commitLabels = vi.fn(async () => void order.push('commit'));
    useApp.setState({ commitLabels });
    expect(press('Enter', { ctrlKey: true })).toBe(true);
    expect(press('Enter', { metaKey: true })).toBe(true);
    const notes = field('textarea');
    notes.addEventListener('blur', () => order.push('draft saved'));
    notes.focus();
    expect(press('Enter', { ctrlKey: true }, notes)).toBe(true);
    expect(order).toEqual(['commit', 'commit', 'draft saved', 'commit']);
    expect(press('Enter', { ctrlKey: true, shiftKey: true })).toBe(false);
    useApp.setState({ labels: { ...labels, committed: true } });
    expect(press('Enter', { ctrlKey: true })).toBe(false);
    expect(commitLabels).toHaveBeenCalledTimes(3);
  });

  it("does nothing outside the Label view or before the open episode's labels are there", () => {
    useApp.setState({ view: 'agreement' });
    expect(press('1')).toBe(false);
    useApp.setState({ view: 'label', episodeId: 6 });
    expect(press('1')).toBe(false);
    expect(press('n')).toBe(false);
    expect(setLabel).not.toHaveBeenCalled();
  });
});
