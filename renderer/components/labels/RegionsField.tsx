/** Labelled regions: drag on the waveform (while drawing is on, key R) to mark a stretch, name it here; saved at once. */
import { useEffect, useState } from 'react';
import { useApp } from '../../store';
import { SYSTEM_FIELDS, type LabelValue } from '../../../shared/types/annotation';
import { encodeRegion, regionsOf, type LabelledRegion } from '../../../shared/types/regions';
import { seekMs } from '../../player/player';
import { formatMs } from '../../format';

function RegionRow({ region, onRename, onDelete }: { region: LabelledRegion; onRename: (label: string) => void; onDelete: () => void }) {
  const [text, setText] = useState(region.label);
  useEffect(() => setText(region.label), [region.label]);
  return (
    <li className="region-row" data-testid="region">
      <button type="button" className="time-link num" onClick={() => seekMs(region.startMs)} title="seek there">
        {formatMs(region.startMs)}–{formatMs(region.endMs)}
      </button>
      <input
        aria-label="region label"
        data-testid="region-label"
        value={text}
        placeholder="what happens here"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text !== region.label && onRename(text)}
        onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
      />
      <button type="button" className="small quiet" aria-label="delete region" data-testid="region-delete" onClick={onDelete}>×</button>
    </li>
  );
}

/** The list of the annotator's regions on this episode, with the draw toggle. */
export function RegionsField({ value }: { value: LabelValue }) {
  const drawing = useApp((s) => s.drawingRegions);
  const setDrawing = useApp((s) => s.setDrawingRegions);
  const setLabel = useApp((s) => s.setLabel);
  const regions = regionsOf(value);
  const save = (next: LabelledRegion[]) => void setLabel(SYSTEM_FIELDS.regions, next.length ? next.map(encodeRegion) : null);
  return (
    <div className="label-field" data-testid="regions">
      <div className="label-name">
        Labelled regions
        <button type="button" className={`small${drawing ? ' on' : ''}`} data-testid="regions-draw" aria-pressed={drawing} onClick={() => setDrawing(!drawing)} title="R">
          {drawing ? 'drag on the waveform…' : 'draw'} <kbd>R</kbd>
        </button>
      </div>
      {regions.length === 0 ? (
        <p className="muted">none</p>
      ) : (
        <ul className="regions">
          {regions.map((r, i) => (
            <RegionRow
              key={`${r.startMs}-${r.endMs}`}
              region={r}
              onRename={(label) => save(regions.map((x, j) => (j === i ? { ...x, label } : x)))}
              onDelete={() => save(regions.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Adds a region drawn on the waveform to the open episode's regions. */
export function addRegionFromWaveform(startMs: number, endMs: number): void {
  const { labels, setLabel } = useApp.getState();
  if (!labels || endMs - startMs < 50) return;
  const regions = regionsOf(labels.values[SYSTEM_FIELDS.regions] ?? null);
  void setLabel(SYSTEM_FIELDS.regions, [...regions, { startMs, endMs, label: '' }].sort((a, b) => a.startMs - b.startMs).map(encodeRegion));
}
