import type { InteractionChunk, InteractionTick } from './types';

function chunk(speech: boolean, action: string | null, token = ''): InteractionChunk {
  return {
    contains_speech: speech,
    turn_taking_action: action === null ? null : { action },
    speech_effects: token.includes('t') ? { speech_insert: { type: 'vocal_tic', text: '[cough]' } } : null,
    source_effects: token.includes('n') ? { speech_insert: { type: 'non_directed_phrase', text: 'Hold on.' } } : null,
  };
}

/**
 * Test helper: ticks from a script of space-separated tokens, one tick each, `token*n` repeating it n times.
 * Letters: `u` user speech (action keep_talking), `b` user backchannel (speech, action backchannel), `a` agent
 * speech, `t` a vocal-tic insert (user speech_effects), `n` a non-directed insert (user source_effects); `.` is silence.
 * Example: `a*3 ua*2 .*5` is 3 agent ticks, 2 overlapped ticks, 5 silent ticks.
 */
export function scriptTicks(script: string, firstTickId = 0): InteractionTick[] {
  const tokens = script.trim().split(/\s+/).flatMap((token) => {
    const [body, times = '1'] = token.split('*');
    if (!/^(\.|[ubatn]+)$/.test(body) || !/^\d+$/.test(times)) throw new Error(`bad tick token ${token}`);
    return Array.from({ length: Number(times) }, () => body);
  });
  return tokens.map((t, i) => {
    const userSpeaks = t.includes('u') || t.includes('b');
    const action = t.includes('b') ? 'backchannel' : userSpeaks ? 'keep_talking' : 'wait';
    return {
      tick_id: firstTickId + i,
      agent_chunk: chunk(t.includes('a'), null),
      user_chunk: chunk(userSpeaks, action, t),
    };
  });
}
