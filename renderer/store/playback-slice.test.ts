// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../api/client', async () => (await import('../../test-support/renderer-client')).fakeClientModule);
vi.mock('../player/media', async () => (await import('../../test-support/renderer-media')).fakeMediaModule);

// The studio starts in the theme the system prefers; this window prefers light.
const prefersLight = vi.fn(
  (query: string) => ({ matches: query === '(prefers-color-scheme: light)' }) as MediaQueryList,
);
window.matchMedia = prefersLight;
const { useApp } = await import('./index');
const { SPEEDS } = await import('./playback-slice');

beforeEach(() => useApp.setState(useApp.getInitialState(), true));

describe('playback state', () => {
  it('starts paused at 1×, following playback, in the theme the system prefers', () => {
    const s = useApp.getState();
    expect([s.playing, s.rate, s.activeTurn, s.follow, s.showSpectrogram, s.drawingRegions]).toEqual([
      false,
      1,
      -1,
      true,
      false,
      false,
    ]);
    expect(s.theme).toBe('light');
    expect(prefersLight).toHaveBeenCalledWith('(prefers-color-scheme: light)');
  });

  it('offers the speeds from 0.25× to 3× in order, 1× among them', () => {
    expect(SPEEDS[0]).toBe(0.25);
    expect(SPEEDS.at(-1)).toBe(3);
    expect([...SPEEDS].sort((a, b) => a - b)).toEqual([...SPEEDS]);
    expect(SPEEDS).toContain(1);
  });

  it('commits the active turn only when it changes, so the 60 Hz clock does not re-render', () => {
    const changes = vi.fn();
    const unsubscribe = useApp.subscribe(changes);
    useApp.getState().setActiveTurn(2);
    useApp.getState().setActiveTurn(2);
    useApp.getState().setActiveTurn(2);
    useApp.getState().setActiveTurn(3);
    unsubscribe();
    expect(changes).toHaveBeenCalledTimes(2);
    expect(useApp.getState().activeTurn).toBe(3);
  });

  it('toggles the theme, the spectrogram and region drawing, and sets playing, rate and follow', () => {
    const s = useApp.getState();
    s.toggleTheme();
    expect(useApp.getState().theme).toBe('dark');
    s.toggleTheme();
    expect(useApp.getState().theme).toBe('light');
    s.toggleSpectrogram();
    s.setDrawingRegions(true);
    s.setPlaying(true);
    s.setRate(1.5);
    s.setFollow(false);
    const after = useApp.getState();
    expect([after.showSpectrogram, after.drawingRegions, after.playing, after.rate, after.follow]).toEqual([
      true,
      true,
      true,
      1.5,
      false,
    ]);
    after.toggleSpectrogram();
    expect(useApp.getState().showSpectrogram).toBe(false);
  });
});
