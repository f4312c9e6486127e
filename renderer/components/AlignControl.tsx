/** A line above the transcript of a call whose turn times were estimated from its audio: say so, and re-align it. */
import { useState } from 'react';
import type { EpisodeDetail } from '../../shared/domain';
import { call } from '../api/client';
import { useApp } from '../store';

/** WebRTC VAD's modes, from keeping most speech (0) to dropping most noise (3). */
const MODES = [0, 1, 2, 3] as const;

/** Shown only when some turn of the open call has estimated times; re-aligning reopens the call with the new times. */
export function AlignControl({ detail }: { detail: EpisodeDetail }) {
  const openEpisode = useApp((s) => s.openEpisode);
  const [mode, setMode] = useState(3);
  const [state, setState] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' });
  const estimated = detail.turns.filter((t) => t.aligned).length;
  if (estimated === 0) return null;
  const realign = async () => {
    setState({ busy: true, message: 'aligning…' });
    try {
      const r = await call('episodes.align', { episodeId: detail.episode.id, aggressiveness: mode });
      await openEpisode(detail.episode.id);
      setState({ busy: false, message: `${r.turns} turns re-aligned` });
    } catch (err) {
      setState({ busy: false, message: (err as Error).message });
    }
  };
  return (
    <div className="align-control" data-testid="align-control">
      <span
        className="align-note"
        title={`The source gave ${estimated} turns no times; they were placed by voice activity on each speaker's lane`}
      >
        ≈ times estimated from the audio
      </span>
      <label>
        VAD mode{' '}
        <select
          data-testid="align-mode"
          value={mode}
          title="0 keeps most speech, 3 drops most noise"
          onChange={(e) => setMode(Number(e.target.value))}
        >
          {MODES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <button type="button" data-testid="align-run" disabled={state.busy} onClick={() => void realign()}>
        Re-align
      </button>
      {state.message && (
        <span className="align-message" data-testid="align-message" role="status">
          {state.message}
        </span>
      )}
    </div>
  );
}
