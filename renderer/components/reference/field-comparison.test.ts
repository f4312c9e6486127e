import { describe, expect, it } from 'vitest';
import { compareFields, diffSpans, formatFold } from './field-comparison';

describe('gold values against the submitted ones', () => {
  it('tells a match, one up to formatting, a difference, a field never submitted and one without gold', () => {
    const gold = { date_of_birth: '1954-05-06', phone: '+44 20 7946 0103', fax: '555 0100', city: 'Oslo' };
    const sent = { date_of_birth: '1954-05-06', phone: '+442079460103', fax: '555 0109', zip: 12345 };
    expect(compareFields(gold, sent)).toEqual([
      { field: 'date_of_birth', gold: '1954-05-06', submitted: '1954-05-06', status: 'match' },
      { field: 'phone', gold: '+44 20 7946 0103', submitted: '+442079460103', status: 'formatting' },
      { field: 'fax', gold: '555 0100', submitted: '555 0109', status: 'differs' },
      { field: 'city', gold: 'Oslo', submitted: null, status: 'missing' },
      { field: 'zip', gold: null, submitted: '12345', status: 'extra' },
    ]);
  });

  it('counts a submission that is not an object as nothing submitted', () => {
    expect(compareFields({ a: 'x' }, null)).toEqual([{ field: 'a', gold: 'x', submitted: null, status: 'missing' }]);
    expect(compareFields({ a: 'x' }, ['x']).map((f) => f.status)).toEqual(['missing']);
  });

  it('keeps only letters, digits, @ and . of a value, lower-case and without accents', () => {
    expect(formatFold('  Warfarin 2-mg  TABLET ')).toBe('warfarin2mgtablet');
    expect(formatFold("Hôtel de l'Écluse")).toBe(formatFold("Hotel de l'Ecluse"));
    expect(formatFold('MBR-517886-89')).toBe('mbr51788689');
    expect(formatFold('(605) 555-0197 ext. 6')).not.toBe(formatFold('6055550197 x6'));
  });

  it('cuts two values into their common start, the differing middle and their common end', () => {
    expect(diffSpans('john.g-2@qorvexmail.io', 'j@mail.io')).toEqual({
      same: 'j',
      changed: 'ohn.g-2@qorvex',
      tail: 'mail.io',
    });
    expect(diffSpans('j@mail.io', 'john.g-2@qorvexmail.io')).toEqual({ same: 'j', changed: '@', tail: 'mail.io' });
    expect(diffSpans('1955-03-28', '1955-03-29')).toEqual({ same: '1955-03-2', changed: '8', tail: '' });
    expect(diffSpans('aa', 'aaa')).toEqual({ same: 'aa', changed: '', tail: '' });
  });
});
