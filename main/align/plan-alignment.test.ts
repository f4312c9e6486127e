import { describe, expect, it } from 'vitest';
import { planAlignment, unionSegments, type AlignTurn } from './plan-alignment';

const seg = (startMs: number, endMs: number) => ({ startMs, endMs });
const turn = (speaker: AlignTurn['speaker'], text: string, tool = false): AlignTurn => ({ speaker, text, tool });

describe('planAlignment', () => {
  const turns = [
    turn('user', 'Hi, how are you?'),
    turn('agent', 'Fine, thanks. How can I help?'),
    turn('tool', '', true),
    turn('user', 'Check my order.'),
  ];

  it('aligns each speaker on their own lane in a stereo call and leaves tool events untimed', () => {
    const user = [seg(500, 1700), seg(6000, 7300)];
    const agent = [seg(2000, 5200)];
    const plan = planAlignment(turns, ['user', 'agent'], [user, agent]);
    expect(plan.mode).toBe('stereo');
    expect(plan.spans).toEqual([seg(500, 1700), seg(2000, 5200), null, seg(6000, 7300)]);
  });

  it('follows the lane order the audio declares (agent on the left)', () => {
    const plan = planAlignment(turns, ['agent', 'user'], [[seg(2000, 5200)], [seg(500, 1700), seg(6000, 7300)]]);
    expect(plan.spans[0]).toEqual(seg(500, 1700));
    expect(plan.spans[1]).toEqual(seg(2000, 5200));
  });

  it('aligns a mono call by turn order and pauses', () => {
    const plan = planAlignment(turns, [], [[seg(500, 1700), seg(2000, 5200), seg(6000, 7300)]]);
    expect(plan.mode).toBe('mono');
    expect(plan.spans).toEqual([seg(500, 1700), seg(2000, 5200), null, seg(6000, 7300)]);
  });

  it('treats a stereo file without speakers named as one lane of both channels', () => {
    const plan = planAlignment(turns, [], [[seg(500, 1700), seg(6000, 7300)], [seg(2000, 5200)]]);
    expect(plan.mode).toBe('mono');
    expect(plan.spans[1]).toEqual(seg(2000, 5200));
  });

  it('leaves turns untimed on a lane with no speech', () => {
    const plan = planAlignment(turns, ['user', 'agent'], [[seg(0, 1000)], []]);
    expect(plan.spans[1]).toBeNull();
  });
});

describe('unionSegments', () => {
  it('merges overlapping segments of several channels in time order', () => {
    expect(
      unionSegments([
        [seg(0, 100), seg(500, 800)],
        [seg(50, 200), seg(900, 950)],
      ]),
    ).toEqual([seg(0, 200), seg(500, 800), seg(900, 950)]);
  });
});
