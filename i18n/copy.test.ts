/** Texts the code used to assemble or type, now the catalogue's: percentages, the product's name in emails. */
import { describe, expect, it } from 'vitest';
import { formatPercent, t } from '.';

describe('formatPercent', () => {
  it('writes a percentage as the locale does, without a space before the sign', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(12.5)).toBe('12.5%');
  });

  it('fills the purchase dialogs’ discount and total lines', () => {
    expect(t('credits.purchase.discount', { percent: formatPercent(0) })).toBe('Discount: 0%');
    expect(t('credits.purchase.quote', { percent: formatPercent(5), total: 'SGD 95.00' })).toBe(
      'Discount: 5% · Total: SGD 95.00',
    );
  });
});

describe("Emails' subjects", () => {
  it('carry the configured product name, not a typed one', () => {
    const values = { product: 'Hirewell', author: 'Ana', project: 'Data Lead', title: 'News' };
    expect(t('chat.email.subject', values)).toBe('Hirewell: Ana wrote to you about Data Lead');
    expect(t('notifications.email.subject', values)).toBe('Hirewell: News');
  });
});
