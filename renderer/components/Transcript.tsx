/** The transcript: turns and tool events in order, active turn highlighted, click a turn to seek to it. */
import { memo, useEffect, useRef } from 'react';
import type { Turn } from '../../shared/domain';
import { useApp } from '../store';
import { seekMs } from '../player/player';
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

const TurnRow = memo(function TurnRow({ turn, active }: { turn: Turn; active: boolean }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const seekable = turn.startMs !== null;
  return (
    <li
      ref={ref}
      className={`turn turn-${turn.speaker}${active ? ' active' : ''}`}
      data-testid="turn"
      data-index={turn.index}
      data-active={active ? 'true' : 'false'}
      onClick={seekable ? () => seekMs(turn.startMs! + 1) : undefined}
      title={seekable ? `Seek to ${formatMs(turn.startMs)}` : undefined}
    >
      <span className="turn-time">{formatMs(turn.startMs)}</span>
      <span className="turn-speaker">{turn.speaker}</span>
      <div className="turn-body">{turn.tool ? <ToolEventView turn={turn} /> : <span className="turn-text">{turn.text}</span>}</div>
    </li>
  );
});

/** Lists the turns of the open episode. */
export function Transcript({ turns }: { turns: Turn[] }) {
  const active = useApp((s) => s.activeTurn);
  if (turns.length === 0) return <p className="empty">This episode has no transcript.</p>;
  return (
    <ol className="transcript" data-testid="transcript">
      {turns.map((t, i) => (
        <TurnRow key={t.id} turn={t} active={i === active} />
      ))}
    </ol>
  );
}
