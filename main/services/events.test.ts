/** The event bus: every subscriber gets each event, a failing one does not stop the rest, unsubscribing works. */
import { describe, expect, it } from 'vitest';
import type { PushedEvent } from '../../shared/contract';
import { EventBus } from './events';

describe('EventBus', () => {
  it('delivers each event to every subscriber, past one that throws, and stops after unsubscribe', () => {
    const bus = new EventBus();
    const a: PushedEvent[] = [];
    const b: PushedEvent[] = [];
    bus.subscribe((...e) => void a.push(e));
    bus.subscribe(() => {
      throw new Error('window closed');
    });
    const stopB = bus.subscribe((...e) => void b.push(e));
    const changed: PushedEvent = ['data.changed', { scope: 'studies', studyId: null }];
    expect(() => bus.emit(...changed)).not.toThrow();
    stopB();
    bus.emit('data.changed', { scope: 'episodes', studyId: 4 });
    expect(a).toEqual([changed, ['data.changed', { scope: 'episodes', studyId: 4 }]]);
    expect(b).toEqual([changed]);
  });
});
