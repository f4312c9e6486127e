/** Playback facts React needs: playing or not, speed, and the active turn (committed only when it changes). */
import type { StateCreator } from 'zustand';
import type { AppState } from './index';

/** Playback speeds offered, slowest to fastest. */
export const SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;

/** State and actions for playback. */
export interface PlaybackSlice {
  playing: boolean;
  rate: number;
  activeTurn: number;
  theme: 'light' | 'dark';
  showSpectrogram: boolean;
  /** Whether dragging on the waveform draws a labelled region. */
  drawingRegions: boolean;
  /** Whether the transcript scrolls to follow playback (stops when the user scrolls it). */
  follow: boolean;
  setPlaying(playing: boolean): void;
  setRate(rate: number): void;
  setActiveTurn(index: number): void;
  toggleTheme(): void;
  toggleSpectrogram(): void;
  setFollow(follow: boolean): void;
  setDrawingRegions(on: boolean): void;
}

/** Creates the playback slice. */
export const createPlaybackSlice: StateCreator<AppState, [], [], PlaybackSlice> = (set, get) => ({
  playing: false,
  rate: 1,
  activeTurn: -1,
  theme: window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark',
  setPlaying: (playing) => set({ playing }),
  setRate: (rate) => set({ rate }),
  setActiveTurn: (index) => {
    if (get().activeTurn !== index) set({ activeTurn: index });
  },
  toggleTheme: () => set({ theme: get().theme === 'dark' ? 'light' : 'dark' }),
  showSpectrogram: false,
  drawingRegions: false,
  setDrawingRegions: (drawingRegions) => set({ drawingRegions }),
  follow: true,
  toggleSpectrogram: () => set({ showSpectrogram: !get().showSpectrogram }),
  setFollow: (follow) => set({ follow }),
});
