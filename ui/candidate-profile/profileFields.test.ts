/**
 * The profile form's write: a current position ends on the candidate's own day (the server keeps a day that is today
 * somewhere on Earth, schema/rules/candidate.ts), not on whatever end date the form last held.
 */
import { describe, expect, it } from 'vitest';
import { toFormValues, toPayload } from './profileFields';

describe("The profile form's payload", () => {
  const values = () => ({
    ...toFormValues(undefined, 'candidate'),
    experiences: [
      { title: 'Data engineer', startDate: '2024-03-01', endDate: '2026-11-30', currentPosition: true },
      { title: 'Analyst', startDate: '2021-01-01', endDate: '2024-02-29', currentPosition: false },
    ],
  });
  const evening = { date: '2026-12-06', year: 2026 };

  it("A current position ends on the candidate's own today; a past one keeps its end date", () => {
    const [current, past] = toPayload(values(), 'candidate', evening).experiences as Record<string, unknown>[];
    expect(current.endDate).toBe('2026-12-06');
    expect(past.endDate).toBe('2024-02-29');
  });
});
