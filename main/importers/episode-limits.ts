/** An episode as built from its source, checked against the limits on turns before it goes on to be written. */
import { ImportError, type BatchEpisode } from './batch';
import { MAX_TURN_TEXT_CHARS, MAX_TURNS } from './limits';

/**
 * Throws an ImportError naming `file`, `record` and the field when the episode has more than MAX_TURNS turns or a turn
 * whose text (as imported: speech joined from ticks, label tracks, prompt and answer) is longer than
 * MAX_TURN_TEXT_CHARS.
 */
export function checkEpisodeLimits(episode: BatchEpisode, file: string, record: string): void {
  const { turns } = episode;
  if (turns.length > MAX_TURNS) {
    throw new ImportError(
      file,
      record,
      'turns',
      `${turns.length} turns, more than the ${MAX_TURNS} an episode may have`,
    );
  }
  turns.forEach((turn, i) => {
    if (turn.text.length > MAX_TURN_TEXT_CHARS) {
      const from = turn.startMs === null ? '' : `, from ${(turn.startMs / 1000).toFixed(1)} s`;
      const limit = `more than the ${MAX_TURN_TEXT_CHARS} allowed`;
      const problem = `turn ${i + 1} (${turn.speaker}${from}) has ${turn.text.length} characters of text, ${limit}`;
      throw new ImportError(file, record, `turns[${i}].text`, problem);
    }
  });
}
