// Date parsing and the custom date operations: age and yearsSince.
import { addDays, addYears, differenceInCalendarDays, differenceInYears, format, parse, subYears } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleError, createRuleEngine, parseDate, toIsoDate, type JsonValue, type Logic } from '../../src/rules/index';
import { addCalendarYears, calendarDaysBetween, wholeYearsSince } from '../../src/rules/dates';

const engine = createRuleEngine();
const on = (today: string) => ({ today });
const local = (iso: string): Date => parse(iso, 'yyyy-MM-dd', new Date(2000, 0, 1));
const iso = (d: Date): string => format(d, 'yyyy-MM-dd');

const age = (date: JsonValue, today: string): JsonValue => engine.evaluate({ age: [date] }, null, on(today));
const yearsSince = (date: JsonValue, today: string): number =>
  engine.evaluate({ yearsSince: [date] }, null, on(today)) as number;

function errorOf(run: () => unknown): RuleError {
  try {
    run();
  } catch (err) {
    if (err instanceof RuleError) return err;
    throw err;
  }
  throw new Error('expected a RuleError');
}

describe('parseDate / toIsoDate', () => {
  it('accepts MM/dd/yyyy, yyyy-MM-dd and MM/yyyy as local midnight', () => {
    const a = parseDate('11/22/2008');
    expect(a && [a.getFullYear(), a.getMonth(), a.getDate(), a.getHours(), a.getMinutes()]).toEqual([2008, 10, 22, 0, 0]);
    const b = parseDate('2008-11-22');
    expect(b && [b.getFullYear(), b.getMonth(), b.getDate(), b.getHours()]).toEqual([2008, 10, 22, 0]);
    const c = parseDate('02/2020');
    expect(c && [c.getFullYear(), c.getMonth(), c.getDate(), c.getHours()]).toEqual([2020, 1, 1, 0]);
  });

  it('normalises every accepted format to yyyy-MM-dd', () => {
    expect(toIsoDate('11/22/2008')).toBe('2008-11-22');
    expect(toIsoDate('2008-11-22')).toBe('2008-11-22');
    expect(toIsoDate('11/2008')).toBe('2008-11-01');
    expect(toIsoDate('02/29/2024')).toBe('2024-02-29');
  });

  it.each(['13/45/2020', '13/01/2020', '02/30/2020', '02/29/2023', '00/10/2020', '2020-02-30', '2020-13-01', '13/2020', '00/2020',
    '1/5/2020', '2020-2-3', '11/22/08', '2008/11/22', ' 2008-11-22', '2008-11-22T00:00', 'abc', '', '0000-01-01'])(
    'rejects %j', (text) => {
      expect(parseDate(text)).toBeNull();
      expect(toIsoDate(text)).toBeNull();
    },
  );

  it('round-trips random calendar dates in all three formats', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true }), (d) => {
        const day = new Date(d.getFullYear(), d.getMonth(), d.getDate());
        expect(toIsoDate(format(day, 'MM/dd/yyyy'))).toBe(iso(day));
        expect(toIsoDate(iso(day))).toBe(iso(day));
        expect(toIsoDate(format(day, 'MM/yyyy'))).toBe(format(day, 'yyyy-MM-01'));
      }),
    );
  });
});

describe('age', () => {
  it('is 18 on the 18th birthday and 17 the day before', () => {
    expect(age('2008-11-22', '2026-11-22')).toBe(18);
    expect(age('2008-11-22', '2026-11-21')).toBe(17);
    expect(age('2008-11-22', '2026-11-23')).toBe(18);
  });

  it('reads every accepted format', () => {
    expect(age('11/22/2008', '2026-11-22')).toBe(18);
    expect(age('2008-11-22', '2026-11-22')).toBe(18);
    expect(age('11/2008', '2026-11-01')).toBe(18); // MM/yyyy is the first of the month
    expect(age('11/2008', '2026-10-31')).toBe(17);
  });

  it('counts a 29 February birthday on 1 March in common years', () => {
    expect(age('2008-02-29', '2026-02-28')).toBe(17);
    expect(age('2008-02-29', '2026-03-01')).toBe(18);
    expect(age('2008-02-29', '2028-02-28')).toBe(19);
    expect(age('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('is 0 for today and for a date later this year, never -0', () => {
    expect(Object.is(age('2026-11-22', '2026-11-22'), 0)).toBe(true);
    expect(Object.is(age('2026-11-23', '2026-11-22'), 0)).toBe(true);
    expect(age('2028-11-23', '2026-11-22')).toBe(-2);
  });

  it('works with a var and inside a rule', () => {
    const logic: Logic = { '<': [{ age: [{ var: 'dob' }] }, 18] };
    expect(engine.evaluate(logic, { dob: '11/22/2008' }, on('2026-11-21'))).toBe(true);
    expect(engine.evaluate(logic, { dob: '11/22/2008' }, on('2026-11-22'))).toBe(false);
    expect(engine.evaluate({ age: { var: 'dob' } }, { dob: '2000-01-01' }, on('2026-11-22'))).toBe(26); // unary shorthand
  });
});

describe('yearsSince', () => {
  it('is exactly 2 and 6 on the anniversaries and more one day beyond', () => {
    expect(yearsSince('2024-11-22', '2026-11-22')).toBe(2);
    expect(yearsSince('2024-11-21', '2026-11-22')).toBeGreaterThan(2);
    expect(yearsSince('2024-11-21', '2026-11-22')).toBeLessThan(2.01);
    expect(yearsSince('2024-11-23', '2026-11-22')).toBeLessThan(2);
    expect(yearsSince('2024-11-23', '2026-11-22')).toBeGreaterThan(1.99);
    expect(yearsSince('2020-11-22', '2026-11-22')).toBe(6);
    expect(yearsSince('2020-11-21', '2026-11-22')).toBeGreaterThan(6);
    expect(yearsSince('2020-11-23', '2026-11-22')).toBeLessThan(6);
  });

  it('drives "more than n years ago" comparisons at the boundary', () => {
    const moreThan6 = { '>': [{ yearsSince: [{ var: 'separated' }] }, 6] };
    expect(engine.evaluate(moreThan6, { separated: '11/22/2020' }, on('2026-11-22'))).toBe(false);
    expect(engine.evaluate(moreThan6, { separated: '11/21/2020' }, on('2026-11-22'))).toBe(true);
    const atMost2 = { '<=': [{ yearsSince: [{ var: 'separated' }] }, 2] };
    expect(engine.evaluate(atMost2, { separated: '2024-11-22' }, on('2026-11-22'))).toBe(true);
    expect(engine.evaluate(atMost2, { separated: '2024-11-21' }, on('2026-11-22'))).toBe(false);
  });

  it('handles 29 February with date-fns subYears semantics', () => {
    // subYears(2026-02-28, 2) = 2024-02-28: a leap-day date is not yet 2 years back.
    expect(yearsSince('2024-02-28', '2026-02-28')).toBe(2);
    expect(yearsSince('2024-02-29', '2026-02-28')).toBeLessThan(2);
    expect(yearsSince('2024-02-29', '2026-03-01')).toBeGreaterThan(2);
    // today is 29 February: subYears(2028-02-29, 1) = 2027-02-28.
    expect(yearsSince('2027-02-28', '2028-02-29')).toBe(1);
    expect(yearsSince('2027-02-27', '2028-02-29')).toBeGreaterThan(1);
    expect(yearsSince('2024-02-29', '2028-02-29')).toBe(4);
  });

  it('is 0 today and negative for future dates', () => {
    expect(Object.is(yearsSince('2026-11-22', '2026-11-22'), 0)).toBe(true);
    expect(yearsSince('2026-11-23', '2026-11-22')).toBeLessThan(0);
    expect(yearsSince('2027-11-22', '2026-11-22')).toBe(-1);
  });

  it('reads MM/yyyy as the first of the month', () => {
    expect(yearsSince('11/2024', '2026-11-01')).toBe(2);
  });

  const dayArb = fc.date({ min: new Date(1950, 0, 1), max: new Date(2060, 11, 31), noInvalidDate: true })
    .map((d) => iso(new Date(d.getFullYear(), d.getMonth(), d.getDate())));

  it('property: yearsSince(d) > n  <=>  d < subYears(today, n), and == n exactly on it', () => {
    fc.assert(
      fc.property(dayArb, dayArb, fc.integer({ min: 0, max: 80 }), (d, today, n) => {
        const value = yearsSince(d, today);
        const boundary = iso(subYears(local(today), n));
        expect(value > n).toBe(d < boundary);
        if (d === boundary) expect(value).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: age is the floor of yearsSince for past dates, and yearsSince grows with distance', () => {
    fc.assert(
      fc.property(dayArb, dayArb, (d, today) => {
        fc.pre(d <= today);
        const value = yearsSince(d, today);
        expect(age(d, today)).toBe(Math.floor(value));
        const dayBefore = iso(addDays(local(d), -1));
        expect(yearsSince(dayBefore, today)).toBeGreaterThan(value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the hand-written date arithmetic (no date-fns on the first screen)', () => {
  const anyDay = fc.date({ min: new Date(1, 0, 1), max: new Date(2400, 11, 31), noInvalidDate: true }).map((d) => {
    const day = new Date(d.getFullYear(), d.getMonth(), d.getDate());
    day.setFullYear(d.getFullYear());
    return day;
  });

  it('property: agrees with date-fns differenceInCalendarDays, differenceInYears and addYears', () => {
    fc.assert(
      fc.property(anyDay, anyDay, fc.integer({ min: -120, max: 120 }), (a, b, n) => {
        expect(calendarDaysBetween(a, b)).toBe(differenceInCalendarDays(b, a) || 0);
        expect(wholeYearsSince(a, b)).toBe(differenceInYears(b, a) || 0);
        expect(addCalendarYears(a, n).getTime()).toBe(addYears(a, n).getTime());
      }),
      { numRuns: 3000 },
    );
  });

  it('29 February, the turn of a year and a daylight-saving change', () => {
    expect(addCalendarYears(local('2024-02-29'), 1).getTime()).toBe(local('2025-02-28').getTime());
    expect(addCalendarYears(local('2024-02-29'), -4).getTime()).toBe(local('2020-02-29').getTime());
    expect(calendarDaysBetween(local('2025-12-31'), local('2026-01-01'))).toBe(1);
    expect(calendarDaysBetween(local('2026-03-01'), local('2026-04-01'))).toBe(31);
    expect(calendarDaysBetween(local('2026-11-01'), local('2026-10-01'))).toBe(-31);
  });
});

describe('date failures (fail closed)', () => {
  it.each([
    ['13/01/2020'], ['02/30/2020'], ['abc'], ['2020-13-01'], [' '], [17], [true], [['2020-01-01']],
  ] as [JsonValue][])('%j is INVALID_DATE for age and yearsSince', (value) => {
    for (const op of ['age', 'yearsSince']) {
      const err = errorOf(() => engine.evaluate({ and: [true, { [op]: [{ var: 'd' }] }] }, { d: value }, on('2026-11-22')));
      expect(err.code).toBe('INVALID_DATE');
      expect(err.path).toBe(`/and/1/${op}`);
    }
  });

  it.each([[null], [''], ['(absent)']] as [JsonValue][])('%j is MISSING_DATE', (value) => {
    const data: JsonValue = value === '(absent)' ? {} : { d: value };
    for (const op of ['age', 'yearsSince']) {
      const err = errorOf(() => engine.evaluate({ '>=': [{ [op]: { var: 'd' } }, 18] }, data, on('2026-11-22')));
      expect(err.code).toBe('MISSING_DATE');
      expect(err.path).toBe(`/>=/0/${op}`);
    }
  });

  it('lets authors guard a missing date with lazy if / and', () => {
    const guarded: Logic = { and: [{ var: 'dob' }, { '>=': [{ age: { var: 'dob' } }, 18] }] };
    expect(engine.evaluate(guarded, {}, on('2026-11-22'))).toBe(null);
    expect(engine.evaluate(guarded, { dob: '' }, on('2026-11-22'))).toBe('');
    expect(engine.evaluate(guarded, { dob: '2000-01-01' }, on('2026-11-22'))).toBe(true);
    const viaIf: Logic = { if: [{ missing: ['dob'] }, false, { '>=': [{ age: { var: 'dob' } }, 18] }] };
    expect(engine.evaluate(viaIf, {}, on('2026-11-22'))).toBe(false);
  });

  it('refuses a ctx.today that is not yyyy-MM-dd', () => {
    for (const today of ['11/22/2026', '2026-02-30', '', '2026-11-22T00:00:00Z']) {
      const err = errorOf(() => engine.evaluate({ age: ['2000-01-01'] }, null, on(today)));
      expect(err.code).toBe('INVALID_DATE');
      expect(err.path).toBe('');
    }
  });
});
