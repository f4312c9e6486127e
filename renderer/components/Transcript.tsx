/** The transcript: turns and tool events in order, the active turn and word highlighted as the audio plays,
 * click a turn or a word to seek, overlaps marked, and auto-scroll that yields to the user's own scrolling. */
import { memo, useEffect, useMemo, useRef } from 'react';
import type { Turn } from '../../shared/domain';
import { useApp } from '../store';
import { onTime, seekMs } from '../player/player';
import { overlappingTurns } from '../player/latency-marks';
import { formatMs } from '../format';

function ToolEventView({ turn }: { turn: Turn }) {
  const tool = turn.tool!;
  return (
    <div className="tool-event" data-testid="tool-event">
      <span className="tool-name">⚙ {tool.name}</span>
      <code className="tool-args">{JSON.stringify(tool.arguments)}</code>
      {tool.result !== null && <code className="tool-result">→ {tool.result}</code>}
    </div>
  );
}

/** Words with timings: spans the active turn lights up one by one without re-rendering React. */
function Words({ turn, active }: { turn: Turn; active: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!active || !ref.current) return;
    const spans = Array.from(ref.current.querySelectorAll<HTMLSpanElement>('[data-start]'));
    let lit: HTMLSpanElement | null = null;
    const off = onTime((ms) => {
      const now = spans.find((s) => Number(s.dataset.start) <= ms && ms < Number(s.dataset.end)) ?? null;
      if (now === lit) return;
      lit?.classList.remove('word-active');
      now?.classList.add('word-active');
      lit = now;
    });
    return () => {
      off();
      lit?.classList.remove('word-active');
    };
  }, [active]);
  return (
    <span className="turn-text" ref={ref}>
      {turn.words!.map((w, i) => (
        <span
          key={i}
          className="word"
          data-testid="word"
          data-start={w.startMs}
          data-end={w.endMs}
          onClick={(e) => {
            e.stopPropagation();
            seekMs(w.startMs + 1);
          }}
        >
          {w.text}{' '}
        </span>
      ))}
    </span>
  );
}

const TurnRow = memo(function TurnRow({ turn, active, overlap }: { turn: Turn; active: boolean; overlap: boolean }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (active && useApp.getState().follow) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const seekable = turn.startMs !== null;
  return (
    <li
      ref={ref}
      className={`turn turn-${turn.speaker}${turn.tool ? ' turn-tool' : ''}${active ? ' active' : ''}`}
      data-testid="turn"
      data-index={turn.index}
      data-start-ms={turn.startMs ?? undefined}
      data-end-ms={turn.endMs ?? undefined}
      data-active={active ? 'true' : 'false'}
      onClick={seekable ? () => seekMs(turn.startMs! + 1) : undefined}
      title={seekable ? `Seek to ${formatMs(turn.startMs)}` : undefined}
    >
      <span className="turn-time">
        {turn.aligned && (
          <abbr className="estimated" data-testid="estimated" title="Time estimated by aligning the transcript to the audio">
            ≈
          </abbr>
        )}
        {formatMs(turn.startMs)}
      </span>
      <span className="turn-speaker">{turn.tool ? 'tool' : turn.speaker}</span>
      <div className="turn-body">
        {overlap && <span className="badge overlap" data-testid="overlap" title="starts while the other side is still speaking">overlap</span>}
        {turn.tool ? (
          <ToolEventView turn={turn} />
        ) : turn.words?.length ? (
          <Words turn={turn} active={active} />
        ) : turn.text ? (
          <span className="turn-text">{turn.text}</span>
        ) : (
          <span className="turn-text no-text">speech ({formatMs((turn.endMs ?? 0) - (turn.startMs ?? 0))}), no transcript in the source</span>
        )}
      </div>
    </li>
  );
});

/** Lists the turns of the open episode. */
export function Transcript({ turns }: { turns: Turn[] }) {
  const active = useApp((s) => s.activeTurn);
  const follow = useApp((s) => s.follow);
  const setFollow = useApp((s) => s.setFollow);
  const overlaps = useMemo(() => overlappingTurns(turns), [turns]);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const userScrolled = () => setFollow(false);
    el.addEventListener('wheel', userScrolled, { passive: true });
    el.addEventListener('touchmove', userScrolled, { passive: true });
    return () => {
      el.removeEventListener('wheel', userScrolled);
      el.removeEventListener('touchmove', userScrolled);
    };
  }, [setFollow]);

  if (turns.length === 0) return <p className="empty">This episode has no transcript.</p>;
  return (
    <div className="transcript-box">
      {!follow && (
        <button type="button" className="follow" data-testid="follow" onClick={() => setFollow(true)} title="Follow playback again (F)">
          ↓ follow playback
        </button>
      )}
      <ol className="transcript" data-testid="transcript" ref={list}>
        {turns.map((t, i) => (
          <TurnRow key={t.id} turn={t} active={i === active} overlap={overlaps.has(t.index)} />
        ))}
      </ol>
    </div>
  );
}
