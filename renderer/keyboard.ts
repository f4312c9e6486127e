/** Keyboard-first control of replay: one key map, also listed in docs/shortcuts.md. */
import { currentMs, seekMs, setPlaybackRate, togglePlay, zoomBy } from './player/player';
import { SPEEDS } from './store/playback-slice';
import { useApp } from './store';
import { handleCommitKey, handleLabelKey, LABEL_SHORTCUTS } from './components/labels/label-keys';

/** Every shortcut as [keys, what it does], in the order shown by `?`. */
export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['Space', 'play / pause'],
  ['← / →', 'step back / forward 1 s'],
  ['Shift + ← / →', 'step back / forward 5 s'],
  ['[ / ]', 'slower / faster (0.25× – 3×)'],
  ['+ / −', 'zoom in / out (also Ctrl + wheel or pinch on the waveform)'],
  ['Z', 'zoom to fit the whole call'],
  ['S', 'show / hide the spectrogram'],
  ['R', 'draw labelled regions by dragging on the waveform (on / off)'],
  ['F', 'follow playback in the transcript again'],
  ['J / K', 'next / previous episode in the list'],
  ['Shift + J', 'next episode in the list I have not labelled (wraps round)'],
  ['T', 'switch light / dark theme'],
  ...LABEL_SHORTCUTS,
  ['?', 'show this list'],
  ['Esc', 'close this list or the import dialog'],
];

function stepRate(delta: 1 | -1): void {
  const { rate, setRate } = useApp.getState();
  const at = SPEEDS.findIndex((s) => s >= rate);
  const next = SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, (at < 0 ? SPEEDS.length - 1 : at) + delta))];
  setRate(next);
  setPlaybackRate(next);
}

/** Handles one keydown; returns true when it was a shortcut. Typing in a field is never intercepted. */
export function handleKey(e: KeyboardEvent, toggleHelp: (show?: boolean) => void): boolean {
  const target = e.target as HTMLElement | null;
  if (e.key === 'Escape') {
    toggleHelp(false);
    const { importJob, openImport } = useApp.getState();
    if (!importJob || importJob.finished) openImport(false);
    return true;
  }
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) return handleCommitKey(target);
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return false;
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const step = e.shiftKey ? 5000 : 1000;
  switch (e.key) {
    case ' ': togglePlay(); return true;
    case 'ArrowLeft': seekMs(currentMs() - step); return true;
    case 'ArrowRight': seekMs(currentMs() + step); return true;
    case '[': stepRate(-1); return true;
    case ']': stepRate(1); return true;
    case 'j': case 'J':
      if (e.shiftKey) void useApp.getState().openNextUnlabelled();
      else void useApp.getState().stepEpisode(1);
      return true;
    case 'k': case 'K': void useApp.getState().stepEpisode(-1); return true;
    case '+': case '=': zoomBy(2); return true;
    case '-': zoomBy(0.5); return true;
    case 'z': case 'Z': zoomBy(0); return true;
    case 's': case 'S': useApp.getState().toggleSpectrogram(); return true;
    case 'r': case 'R': useApp.getState().setDrawingRegions(!useApp.getState().drawingRegions); return true;
    case 'f': case 'F': useApp.getState().setFollow(true); return true;
    case 't': case 'T': useApp.getState().toggleTheme(); return true;
    case '?': toggleHelp(); return true;
    default: return handleLabelKey(e.key, e.shiftKey);
  }
}
