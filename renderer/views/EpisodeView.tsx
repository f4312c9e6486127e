/** The centre and right panes for the open episode: waveform over transcript, judge beside. */
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import type { Turn } from '../../shared/domain';
import { useApp } from '../store';
import { Waveform } from '../components/Waveform';
import { Transcript } from '../components/Transcript';
import { JudgePanel } from '../components/JudgePanel';
import { PlayerBar } from '../components/PlayerBar';
import { Spectrogram } from '../components/Spectrogram';
import { activeTurnAt } from '../player/active-turn';
import { onTime, publishTime } from '../player/player';
import { formatMs, formatScore } from '../format';
import { readableName } from '../components/episode-name';
import { LabelPanel } from '../components/labels/LabelPanel';
import { JudgeGate } from '../components/labels/JudgeGate';
import type { AnnotatorMarks } from '../components/labels/annotator-marks';
import { ReferencePanel } from '../components/reference/ReferencePanel';
import { SpeechTimeline } from '../components/timeline/SpeechTimeline';
import { transcriptClickMs } from '../components/timeline/transcript-click';
import { hasTimedSpeech } from '../components/timeline/speech-activity';
import { AnnotationExport } from '../components/exchange/AnnotationExport';
import { AddToCasebook } from '../components/casebook/AddToCasebook';
import { AlignControl } from '../components/AlignControl';

/** The turns of a staged episode whose detail has not come yet. */
const NO_TURNS: Turn[] = [];
const HIDDEN = { visibility: 'hidden' } as const;

/**
 * Replays the open episode, or invites the user to pick one; `side` replaces the judge and label panels and `marks`
 * draws every annotator's marks on the waveform instead of the current annotator's own (adjudication).
 */
export function EpisodeView({ side, marks }: { side?: ReactNode; marks?: readonly AnnotatorMarks[] } = {}) {
  const stage = useApp((s) => s.stage);
  const detail = useApp((s) => s.detail);
  const setActiveTurn = useApp((s) => s.setActiveTurn);
  const showSpectrogram = useApp((s) => s.showSpectrogram);
  // The detail of the staged episode: it comes a painted frame after the stage (J and K stage the next one sooner).
  const current = detail && stage && detail.episode.id === stage.episode.id ? detail : null;

  useEffect(() => {
    if (!current) return;
    return onTime((ms) => setActiveTurn(activeTurnAt(current.turns, ms)));
  }, [current, setActiveTurn]);

  if (!stage)
    return (
      <main className="center empty-state">
        <p>
          Pick an episode on the left, or press <kbd>J</kbd>.
        </p>
      </main>
    );
  const { episode, asset, peaks } = stage;
  // Without audio, a call with turn times gets the speech-activity timeline, which keeps its own time.
  const timed = !asset && current !== null && hasTimedSpeech(current.turns);
  const followClick = (e: MouseEvent) => {
    const ms = transcriptClickMs(e.target);
    if (ms !== null) publishTime(ms);
  };
  return (
    <>
      <main className="center" data-testid="episode-view" data-episode-id={episode.id}>
        <header className="episode-head">
          <AnnotationExport episodeId={episode.id} />
          <h1 data-testid="episode-title" title={episode.externalId}>
            {readableName(episode) ?? episode.externalId}
            {readableName(episode) && <span className="ext-sub">{episode.externalId}</span>}
          </h1>
          <dl className="facts">
            <div>
              <dt>system</dt>
              <dd>{episode.system || '–'}</dd>
            </div>
            <div>
              <dt>task</dt>
              <dd>{episode.task || '–'}</dd>
            </div>
            {Object.entries(episode.condition).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
            <div>
              <dt>outcome</dt>
              <dd>{episode.outcome ?? '–'}</dd>
            </div>
            <div>
              <dt>reward</dt>
              <dd className="num">{formatScore(episode.reward)}</dd>
            </div>
            <div>
              <dt>length</dt>
              <dd className="num">{formatMs(episode.durationMs)}</dd>
            </div>
          </dl>
        </header>
        {asset && peaks ? (
          <Waveform asset={asset} peaks={peaks} turns={stage.turns ?? NO_TURNS} annotatorMarks={marks} />
        ) : timed ? (
          <SpeechTimeline turns={current.turns} info={current.episode.info} durationMs={episode.durationMs} />
        ) : (
          current && <p className="empty">No audio for this episode.</p>
        )}
        {asset && peaks && showSpectrogram && <Spectrogram asset={asset} />}
        {asset && peaks && <PlayerBar />}
        {current ? (
          <>
            <AlignControl key={episode.id} detail={current} />
            {timed ? (
              <div className="transcript-follows" onClick={followClick}>
                <Transcript turns={current.turns} />
              </div>
            ) : (
              <Transcript turns={current.turns} />
            )}
          </>
        ) : (
          <div className="transcript-box" aria-busy="true" />
        )}
      </main>
      {/* Kept mounted, but out of sight while they still show the episode before this one. */}
      <aside className="right" style={current ? undefined : HIDDEN} aria-busy={current ? undefined : true}>
        {side ?? (
          <>
            <JudgeGate>
              <JudgePanel judgement={detail?.judgements.at(-1)} />
            </JudgeGate>
            <ReferencePanel />
            <LabelPanel />
            <AddToCasebook />
          </>
        )}
      </aside>
    </>
  );
}
