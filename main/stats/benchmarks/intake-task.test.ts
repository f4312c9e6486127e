import { describe, expect, it } from 'vitest';
import { parseIntakeTask } from './intake-task';

describe('parseIntakeTask', () => {
  it('reads entity type (possibly with underscores), difficulty and index', () => {
    expect(parseIntakeTask('intake_dates_easy_03')).toEqual({ entityType: 'dates', difficulty: 'easy', index: 3 });
    expect(parseIntakeTask('intake_person_names_hard_10')).toEqual({ entityType: 'person_names', difficulty: 'hard', index: 10 });
  });
  it('returns null for other ids', () => {
    expect(parseIntakeTask('intake_dates_medium_03')).toBeNull();
    expect(parseIntakeTask('40')).toBeNull();
    expect(parseIntakeTask('intake_dates_easy')).toBeNull();
  });
});
