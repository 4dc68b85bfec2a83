/**
 * Counts of credits, days and candidates read through the catalogue's plural forms: "1 credit", "2 credits",
 * "0.5 credits" (a guarantee costs half a credit), never "1 credits" or "1 days"; a count given as a number is
 * written as formatCount writes it ("1,000", "1.5").
 */
import { describe, expect, it } from 'vitest';
import { t } from './index';

/** The key, its values for the count `n`, and the words the text must hold for 1, 2 and 0.5. */
type Case = [key: string, values: (n: number) => Record<string, string | number>, words: [string, string, string]];

const order = {
  orderNumber: 'SO-7',
  company: 'Acme',
  amount: 'S$10.00',
  total: 'S$10.00',
  discount: 0,
  link: 'L',
  order: 'SO-7',
  product: 'Talentbase',
};
const reversal = (n: number) => ({ ...order, credits: n, taken: 0, spent: 0, lapsed: 1 });
const credits = (n: number) => ({ ...order, credits: n, expiry: '9 Dec 2026', date: '9 Dec 2026', link: 'L' });
const CREDIT: [string, string, string] = [' 1 credit ', ' 2 credits ', ' 0.5 credits '];
const CREDIT_IS: [string, string, string] = ['1 credit is', '2 credits are', '0.5 credits are'];

const CASES: Case[] = [
  [
    'notifications.titles.creditsExpiring',
    credits,
    ['1 credit expires on', '2 credits expire on', '0.5 credits expire'],
  ],
  ['notifications.titles.paymentRefunded', reversal, CREDIT],
  ['notifications.titles.paymentRefundedLapsed', reversal, CREDIT],
  ['notifications.titles.paymentDisputeLost', reversal, CREDIT],
  ['notifications.titles.paymentDisputeLostLapsed', reversal, CREDIT],
  ['portal.pipeline.column.count', (n) => ({ n }), ['1 candidate', '2 candidates', '0.5 candidates']],
  ['portal.pipeline.upgrade.balance', (balance) => ({ balance }), ['1 credit.', '2 credits.', '0.5 credits.']],
  [
    'portal.pipeline.upgrade.textShort',
    (balance) => ({ balance }),
    ['is 1 credit.', 'is 2 credits.', 'is 0.5 credits.'],
  ],
  ['portal.pipeline.guarantee.balance', (balance) => ({ balance }), ['1 credit.', '2 credits.', '0.5 credits.']],
  [
    'portal.pipeline.guarantee.textShort',
    (balance) => ({ balance }),
    ['is 1 credit,', 'is 2 credits,', 'is 0.5 credits,'],
  ],
  [
    'portal.pipeline.guarantee.textMany',
    (total) => ({ total, amount: 0.5, n: 2 }),
    ['1 credit for these 2', '2 credits for these 2', '0.5 credits for these 2'],
  ],
  [
    'portal.pipeline.guarantee.textShortMany',
    (n) => ({ total: n, balance: n, amount: 0.5, n: 2 }),
    ['1 credit for these 2', '2 credits for these 2', '0.5 credits for these 2'],
  ],
  [
    'portal.pipeline.guarantee.confirmMany',
    (total) => ({ total, n: 2 }),
    ['for 1 credit', 'for 2 credits', 'for 0.5 credits'],
  ],
  ['portal.dashboard.recruiter.days', (n) => ({ n }), ['1 day', '2 days', '0.5 days']],
  ['credits.errors.enterprise', (max) => ({ max }), ['Above 1 credit,', 'Above 2 credits,', 'Above 0.5 credits,']],
  ['noOfCredits.errors.enterprise', (max) => ({ max }), ['Above 1 credit,', 'Above 2 credits,', 'Above 0.5 credits,']],
  ['credits.messages.orderPaid', credits, CREDIT],
  ['credits.page.balanceChip', (balance) => ({ balance }), ['1 credit', '2 credits', '0.5 credits']],
  ['credits.page.cardPaymentAwaiting', credits, ['1 credit.', '2 credits.', '0.5 credits.']],
  ['credits.page.cardPaymentFailed', credits, ['1 credit.', '2 credits.', '0.5 credits.']],
  ['credits.page.cardPaymentPaid', credits, CREDIT_IS],
  ['credits.page.deleteConfirm', credits, CREDIT],
  ['credits.page.deleteNamed', credits, CREDIT],
  ['credits.page.markPaidConfirm', credits, CREDIT_IS],
  ['credits.page.paymentAwaiting', credits, CREDIT_IS],
  ['credits.page.paymentPaid', credits, ['1 credit of order SO-7 is', '2 credits of order SO-7 are', '0.5 credits of']],
  ['credits.emails.confirmed.text', credits, CREDIT_IS],
  ['credits.emails.failed.text', credits, ['(1 credit)', '(2 credits)', '(0.5 credits)']],
  ['credits.orderForm.text', (quantity) => ({ ...order, quantity }), CREDIT],
  ['credits.orderForm.checkoutItem', (quantity) => ({ ...order, quantity }), CREDIT.map((w) => w.trim()) as Case[2]],
];

describe('Counts of credits, days and candidates in the catalogue', () => {
  it.each(CASES)('%s reads its count as one for 1 and as many for 2 and 0.5', (key, values, [one, two, half]) => {
    const texts = [1, 2, 0.5].map((n) => t(key, values(n)));
    expect(texts[0]).toContain(one);
    expect(texts[1]).toContain(two);
    expect(texts[2]).toContain(half);
    for (const text of texts) {
      expect(text).not.toMatch(/\b1 (credits|days|candidates)\b/);
      expect(text).not.toMatch(/[{}]/);
    }
  });

  it('writes a median of days as formatCount does: "1.5 days", "1,000 days"', () => {
    expect(t('portal.dashboard.recruiter.days', { n: 1.5 })).toBe('1.5 days');
    expect(t('portal.dashboard.recruiter.days', { n: 1000 })).toBe('1,000 days');
  });

  it('says "1 credit expires" and "1 credit is in your balance" with the verb agreeing', () => {
    expect(t('notifications.titles.creditsExpiring', { credits: 1, date: '9 Dec 2026' })).toBe(
      '1 credit expires on 9 Dec 2026',
    );
    expect(t('credits.page.cardPaymentPaid', { orderNumber: 'SO-7', credits: 1 })).toBe(
      'Payment received: order SO-7, 1 credit is in your balance.',
    );
  });
});
