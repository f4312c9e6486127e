/** A count with its noun in the right number: "1 episode", "2 episodes", "1 audio file". */

/** `n` followed by `singular`, or by `plural` (default: `singular` + "s") when n is not 1. */
export function countNoun(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** The counts of an import, for messages: episodes, turns and audio files. */
export function importCounts(s: { episodes: number; turns: number; audio: number }): string {
  return `${countNoun(s.episodes, 'episode')}, ${countNoun(s.turns, 'turn')}, ${countNoun(s.audio, 'audio file')}`;
}
