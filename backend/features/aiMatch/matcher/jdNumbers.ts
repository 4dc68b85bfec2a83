/**
 * The numbers a job description states in words: years of experience ('5+ years', '3-5 years',
 * 'at least 4 years', 'minimum of 2 years'), the salary with its currency ('SGD 8,000 - 10,000
 * per month', 'S$8k–10k', 'USD 120,000 to 150,000 a year', '$150k'), employment types and remote
 * work. Pure; every pattern is bounded and read line by line.
 */
import { DEFAULT_CURRENCY, SALARY_CURRENCIES } from '../../../../schema/entities/talentOptions';
import { YEARS_MAX } from './types';

const NUM = String.raw`(\d{1,2})`;
const YEARS_WORD = String.raw`\s*(?:\+\s*)?(?:years?|yrs?)`;
const YEAR_PATTERNS: { re: RegExp; read: (m: RegExpExecArray) => { min?: number; max?: number } }[] = [
  {
    re: new RegExp(String.raw`\b${NUM}\s*(?:-|–|—|to)\s*${NUM}${YEARS_WORD}`, 'i'),
    read: (m) => ({ min: +m[1], max: +m[2] }),
  },
  {
    re: new RegExp(String.raw`\b${NUM}\s*\+${YEARS_WORD.replace(String.raw`(?:\+\s*)?`, '')}`, 'i'),
    read: (m) => ({ min: +m[1] }),
  },
  {
    re: new RegExp(
      String.raw`\b(?:at\s+least|minimum(?:\s+of)?|min\.?|over|more\s+than|no\s+less\s+than)\s+${NUM}${YEARS_WORD}`,
      'i',
    ),
    read: (m) => ({ min: +m[1] }),
  },
  { re: new RegExp(String.raw`\b${NUM}\s+or\s+more${YEARS_WORD}`, 'i'), read: (m) => ({ min: +m[1] }) },
  {
    re: new RegExp(String.raw`\b(?:up\s+to|at\s+most|maximum(?:\s+of)?|less\s+than)\s+${NUM}${YEARS_WORD}`, 'i'),
    read: (m) => ({ max: +m[1] }),
  },
  {
    re: new RegExp(String.raw`\b${NUM}${YEARS_WORD}(?:'|’)?\s+(?:of\s+)?(?:\w+\s+){0,4}experience`, 'i'),
    read: (m) => ({ min: +m[1] }),
  },
];

/** The years of experience asked: the range of the first line that states one (a line naming experience wins). */
export function yearsIn(lines: string[]): { min?: number; max?: number } | undefined {
  const ordered = [...lines.filter((l) => /experience/i.test(l)), ...lines.filter((l) => !/experience/i.test(l))];
  for (const line of ordered) {
    if (line.length > 400) continue;
    for (const { re, read } of YEAR_PATTERNS) {
      const m = re.exec(line);
      if (!m) continue;
      const { min, max } = read(m);
      const clamp = (v: number | undefined) => (v === undefined ? undefined : Math.max(0, Math.min(YEARS_MAX, v)));
      const lo = clamp(min);
      const hi = clamp(max);
      if (lo !== undefined && hi !== undefined && lo > hi) continue;
      return { ...(lo !== undefined ? { min: lo } : {}), ...(hi !== undefined ? { max: hi } : {}) };
    }
  }
  return undefined;
}

/** Currency marks as job descriptions write them, longest first; a bare '$' is the product's default currency. */
const MARKS: [RegExp, string][] = [
  [/\bS\$|\bSGD\b/i, 'SGD'],
  [/\bHK\$|\bHKD\b/i, 'HKD'],
  [/\bUS\$|\bUSD\b/i, 'USD'],
  [/\bA\$|\bAUD\b/i, 'AUD'],
  [/\bRM\b|\bMYR\b/, 'MYR'],
  [/\bRp\.?|\bIDR\b/, 'IDR'],
  [/₱|\bPHP\b/, 'PHP'],
  [/฿|\bTHB\b/, 'THB'],
  [/₫|\bVND\b/, 'VND'],
  [/₹|\bINR\b|\bRs\.?/, 'INR'],
  [/€|\bEUR\b/, 'EUR'],
  [/£|\bGBP\b/, 'GBP'],
  [/\bCNY\b|\bRMB\b/, 'CNY'],
  [/¥|\bJPY\b/, 'JPY'],
];

const AMOUNT = String.raw`(\d{1,3}(?:[,.\s]\d{3})+|\d+(?:\.\d+)?)\s*(k|m)?`;
const RANGE = new RegExp(String.raw`${AMOUNT}\s*(?:-|–|—|to)\s*(?:[A-Z]{0,3}\s?[$€£¥₹₱฿₫]?\s*)?${AMOUNT}`, 'i');
const ONE = new RegExp(AMOUNT, 'i');
const SALARY_LINE =
  /salary|pay|compensation|remuneration|package|\bper\s+(?:month|annum|year)|\/\s*(?:month|mo|year|yr)|\ba\s+(?:month|year)\b|monthly|annual/i;

/** Words before a single figure that make it the budget's floor. */
const FLOOR =
  /\b(?:from|at least|min(?:imum)?|starting(?: at| from)?|upwards of|above|over|no less than|not less than)\b[^\d]{0,20}$/i;

const amountOf = (digits: string, unit: string | undefined) => {
  const value = Number(/^\d{1,3}([,.\s]\d{3})+$/.test(digits) ? digits.replace(/[,.\s]/g, '') : digits);
  return Math.round(value * (unit?.toLowerCase() === 'k' ? 1_000 : unit?.toLowerCase() === 'm' ? 1_000_000 : 1));
};

/** The monthly salary range stated, in its currency; yearly figures are divided by 12. */
export function salaryIn(lines: string[]): { min?: number; max?: number; currency: string } | undefined {
  for (const line of lines) {
    if (line.length > 400) continue;
    const mark = MARKS.find(([re]) => re.test(line));
    const dollar = /\$/.test(line);
    if (!mark && !dollar && !SALARY_LINE.test(line)) continue;
    if (!mark && !dollar && !/salary|compensation|remuneration/i.test(line)) continue;
    const range = RANGE.exec(line);
    const from = Math.max(
      0,
      line.search(/[$€£¥₹₱฿₫]|\b[A-Z]{3}\b|salary|compensation|\b(?:up to|at most|from|at least)\b/i),
    );
    const one = range ? undefined : ONE.exec(line.slice(from));
    if (!range && !one) continue;
    let lo = range ? amountOf(range[1], range[2] ?? range[4]) : amountOf(one![1], one![2]);
    let hi = range ? amountOf(range[3], range[4]) : undefined;
    if (lo < 100 && (hi === undefined || hi < 100)) continue;
    const currency = mark?.[1] ?? DEFAULT_CURRENCY;
    const yearly = /\b(?:per\s+(?:annum|year)|a\s+year|annual(?:ly)?|p\.?\s?a\.?|yearly)\b|\/\s*(?:year|yr)\b/i.test(
      line,
    );
    const monthly = /\b(?:per\s+month|a\s+month|monthly)\b|\/\s*(?:month|mo)\b/i.test(line);
    // Without a period, a large figure in a currency of large monthly pay is a yearly one ('$150k').
    const likelyYearly =
      !monthly &&
      !yearly &&
      ['SGD', 'USD', 'EUR', 'GBP', 'AUD', 'HKD'].includes(currency) &&
      (hi ?? lo) >= (currency === 'HKD' ? 400_000 : 50_000);
    if (yearly || likelyYearly) {
      lo = Math.round(lo / 12);
      hi = hi === undefined ? undefined : Math.round(hi / 12);
    }
    if (!(SALARY_CURRENCIES as readonly string[]).includes(currency)) continue;
    if (hi !== undefined && hi < lo) [lo, hi] = [hi, lo];
    if (hi !== undefined) return { min: lo, max: hi, currency };
    // One figure, read in its direction: 'up to', 'at most' is the top of the budget; 'from', 'at
    // least', '8k+' its floor; a bare figure ('Salary: SGD 12,000') is what the role pays at most.
    const before = line.slice(0, from + (one?.index ?? 0));
    const after = line.slice(from + (one?.index ?? 0) + (one?.[0].length ?? 0));
    return FLOOR.test(before) || /^\s*\+/.test(after) ? { min: lo, currency } : { max: lo, currency };
  }
  return undefined;
}

/** Employment types named: 1 permanent, 2 contract, 3 part-time, 4 internship. */
export function employmentTypesIn(text: string): number[] {
  const types = new Set<number>();
  if (/\b(full[- ]time|permanent)\b/i.test(text)) types.add(1);
  if (/\b(contract(or)?|freelance|fixed[- ]term)\b/i.test(text)) types.add(2);
  if (/\bpart[- ]time\b/i.test(text)) types.add(3);
  if (/\b(internship|intern)\b/i.test(text)) types.add(4);
  return [...types].sort();
}

/** True for a remote role, false for one on site only, undefined when the text does not say (hybrid). */
export function remoteIn(text: string): boolean | undefined {
  if (/\b(no remote|not remote|on[- ]?site only|office[- ]based only|in[- ]office only)\b/i.test(text)) return false;
  if (
    /\b(fully remote|remote[- ]first|100% remote|remote role|remote position|work from anywhere|remote(?:ly)? (?:is )?(?:ok|possible|allowed|friendly)|work from home|wfh)\b/i.test(
      text,
    )
  )
    return true;
  if (/\bhybrid\b/i.test(text)) return undefined;
  if (/\bon[- ]?site\b/i.test(text) && !/\bremote\b/i.test(text)) return false;
  if (/\bremote\b/i.test(text)) return true;
  return undefined;
}
