/** Profile values in words for reading views: pay, notice period, experience spans. */
import { NOTICE_PERIOD_TYPES } from '../../schema/entities/talentOptions';
import { formatCount, t } from '../../i18n';
import { formatDate, formatMonth } from '../../schema/rules/dates';

export function moneyText(amount: unknown, currency: unknown): string | undefined {
  if (typeof amount !== 'number') return undefined;
  return t('talent.view.perMonth', { amount: `${String(currency ?? 'SGD')} ${formatCount(amount)}` });
}

export function noticeText(value: unknown): string | undefined {
  const np = value as { type?: number; option?: unknown } | null | undefined;
  if (!np || np.type === undefined || np.type === null) return undefined;
  switch (np.type) {
    case NOTICE_PERIOD_TYPES.immediate:
      return t('talent.view.notice.immediate');
    case NOTICE_PERIOD_TYPES.months:
      return t('talent.view.notice.months', { n: String(np.option) });
    case NOTICE_PERIOD_TYPES.specificDate:
      return t('talent.view.notice.date', {
        date: typeof np.option === 'string' ? (formatDate(np.option.slice(0, 10)) ?? np.option) : String(np.option),
      });
    default:
      return t('talent.view.notice.unsure');
  }
}

/** 'Mar 2019' for a YYYY-MM-DD date. */
export const monthText = (date: unknown) => (typeof date === 'string' && date ? formatMonth(date) : undefined);

/** '2 yrs 3 mos' */
export function durationText(months: unknown): string | undefined {
  if (typeof months !== 'number' || months < 0) return undefined;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [
    years ? t('talent.view.years', { n: years }) : '',
    rest || !years ? t('talent.view.months', { n: rest }) : '',
  ].filter(Boolean);
  return parts.join(' ');
}

/** 'Mar 2019 – Present · 2 yrs 3 mos' */
export function experienceSpan(item: Record<string, unknown>): string {
  const start = monthText(item.startDate);
  const end = item.currentPosition ? t('talent.view.present') : monthText(item.endDate);
  const range = [start, end].filter(Boolean).join(' – ');
  const duration = durationText(item.durationMonths);
  return [range, duration].filter(Boolean).join(' · ');
}

export function yearsSpan(item: Record<string, unknown>): string {
  return [item.startYear, item.endYear].filter((y) => typeof y === 'number').join(' – ');
}
