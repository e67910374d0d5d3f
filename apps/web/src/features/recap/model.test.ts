import { describe, expect, it } from 'vitest';
import { monthName, recapSeasonYear } from './model';

describe('recapSeasonYear', () => {
  it('invites to the current year from 1 December', () => {
    expect(recapSeasonYear(new Date(2026, 11, 1, 0, 0))).toBe(2026);
    expect(recapSeasonYear(new Date(2026, 11, 31, 23, 59))).toBe(2026);
  });

  it('invites to the year just gone until 31 January', () => {
    expect(recapSeasonYear(new Date(2027, 0, 1, 0, 0))).toBe(2026);
    expect(recapSeasonYear(new Date(2027, 0, 31, 23, 59))).toBe(2026);
  });

  it('invites to nothing the rest of the year', () => {
    expect(recapSeasonYear(new Date(2027, 1, 1, 0, 0))).toBeNull();
    expect(recapSeasonYear(new Date(2026, 10, 30, 23, 59))).toBeNull();
    expect(recapSeasonYear(new Date(2026, 6, 15))).toBeNull();
  });
});

describe('monthName', () => {
  it('names a month in the reader language', () => {
    expect(monthName(11, 'pt')).toBe('novembro');
    expect(monthName(1, 'en')).toBe('January');
  });
});
