/**
 * The candidate's answer page labels each proposed time with its zone's offset at that time's own
 * start, as the confirmation email does: opened in London four days before the clocks go forward,
 * a time after the change reads GMT+1 and one before it GMT, on a laptop and on a phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dayAfter as day, springForward } from '../helpers/clockChange';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, makeProject } from '../helpers/interviews';
import { emailedAnswerPath } from '../helpers/interviewsE2E';

let e2e: E2E;
let answerPath: string;

const written = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const change = springForward();

beforeAll(async () => {
  e2e = await startE2E();
  const project = await makeProject(e2e.db.knex, { title: 'Platform Engineer', advocateEmail: 'advocate@example.com' });
  const [candidate] = await activeCandidates(e2e.db.knex, 1, { skip: 40 });
  answerPath = await emailedAnswerPath(e2e, project, candidate, {
    timezone: 'Europe/London',
    duration: 45,
    slots: [`${day(change, -1)}T10:00`, `${day(change, 2)}T10:00`],
  });
});

describe("The answer page's proposed times across a daylight-saving change", () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])
    it(`labels each time with the offset at its own start (${viewport.width}×${viewport.height})`, async () => {
      const page = await e2e.newPage(viewport);
      // Read four days before the change, when London is on GMT.
      await page.clock.setFixedTime(new Date(change.getTime() - 4 * 86_400_000 + 12 * 3_600_000));
      await page.goto(`${e2e.baseUrl}${answerPath}`);
      await page.locator('[data-state="details"]').waitFor();
      const before = `${written(day(change, -1))}, 10:00 am–10:45 am (London, GMT)`;
      const after = `${written(day(change, 2))}, 10:00 am–10:45 am (London, GMT+1)`;
      // Each followed by the reader's own time when their zone reads another.
      await page.getByText(after).waitFor();
      await page.getByText(before).waitFor();
      // The zone's own label carries the offsets of the proposed times: both, as they lie across the change.
      await page.getByText('Europe/London · London (GMT, GMT+1)', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
});
