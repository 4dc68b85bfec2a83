/**
 * /ai-match without a language model configured, at a desktop and a phone size: the start form says
 * plainly that the product's rule-based matcher scores skills, job title, years, location, salary,
 * notice period and languages, and that no language model reads the profiles; and it says so even
 * when the list of past runs could not be loaded (that list's requests refused).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  expect(e2e.config.llm, 'no language model configured').toBeFalsy();
}, 120_000);

describe.each(SCREENS)('AI match without a model at $name', ({ viewport }) => {
  it('says what the rule-based matcher scores, even when the past runs could not be loaded', async () => {
    const page = await e2e.signIn('admin@example.com', viewport, null, { shared: true });
    // The past runs' list (ten a page) is refused.
    await page.route(/\/api\/v1\/projects\/ai-match\?(.*&)?perPage=10(&|$)/, (route) => route.abort());
    await page.goto(`${e2e.baseUrl}/ai-match`);
    await page.getByText('The past runs could not be loaded.').waitFor();
    const notice = page.getByTestId('ai-match-no-model');
    await notice.waitFor({ timeout: 10_000 });
    const text = await notice.innerText();
    expect(text).toContain('No language model is configured');
    expect(text).toContain("the product's rule-based matcher");
    for (const part of [
      'skills',
      'job title',
      'years of experience',
      'location',
      'salary',
      'notice period',
      'languages',
    ])
      expect(text).toContain(part);
    expect(text).toContain('No language model reads the profiles.');
    await page.unrouteAll();
  }, 60_000);
});
