/**
 * The product's own judge, used when no language model is configured: the four fields a judged
 * candidate carries, written from the matcher's parts alone. Strengths are the parts that earned
 * most of their points, each with its evidence; a part that rules the person out makes the
 * recommendation 'no' whatever the total.
 */
import type { MatchPart, MatchPartKey, Recommendation, Scored, Verdict } from './types';

const NAMES: Record<MatchPartKey, string> = {
  skills: 'skills',
  title: 'title',
  years: 'experience',
  location: 'location',
  salary: 'salary',
  notice: 'availability',
  languages: 'languages',
};

/**
 * The bands of the 0-100 score, the same for the product's matcher and a model's verdict:
 * strong yes 80 and above (every must-have met, little against), yes 65-79, maybe 45-64, no below
 * 45. A part that rules the person out makes it no whatever the score. A profile meeting every
 * requirement scores 80 or more; one holding none of the required skills scores 20 or less.
 */
const ORDER: MatchPartKey[] = ['skills', 'title', 'years', 'languages', 'location', 'salary', 'notice'];

export function recommendationOf(s: Scored): Recommendation {
  if (s.ruledOutBy?.length) return 'no';
  if (s.score >= 80) return 'strong_yes';
  if (s.score >= 65) return 'yes';
  if (s.score >= 45) return 'maybe';
  return 'no';
}

const share = (p: MatchPart) => (p.max > 0 ? p.points / p.max : 0);

export function localVerdict(s: Scored): Verdict {
  const recommendation = recommendationOf(s);
  // The requirements met first, skills before title, years and logistics; then what fits unasked.
  const strong = s.parts
    .filter((p) => share(p) >= 0.75)
    .sort((a, b) => Number(b.asked ?? false) - Number(a.asked ?? false) || ORDER.indexOf(a.key) - ORDER.indexOf(b.key));
  const strengths = strong
    .slice(0, 4)
    .map((p) => `${NAMES[p.key][0].toUpperCase()}${NAMES[p.key].slice(1)}: ${p.evidence}`);
  const ruledOut = s.parts.filter((p) => p.points < 0);
  const weak = s.parts.filter((p) => p.points >= 0 && share(p) < 0.5).map((p) => NAMES[p.key]);
  const skills = s.parts.find((p) => p.key === 'skills');
  const fits = strong.map((p) => NAMES[p.key]).filter((n) => n !== 'skills');
  const sentence = [
    `Scores ${s.score} of 100`,
    skills ? `with ${skills.evidence.split(':')[0].replace(/;.*/, '')}` : '',
    fits.length ? `; ${list(fits)} fit${fits.length === 1 ? 's' : ''}` : '',
    ruledOut.length
      ? `; ruled out by ${list(ruledOut.map((p) => `${NAMES[p.key]} (${p.evidence.replace(/^Rules out: /, '')})`))}`
      : '',
    !ruledOut.length && weak.length ? `; weaker on ${list(weak)}` : '',
  ].join(' ');
  const reasoning = `${sentence.replace(/\s+;/g, ';').replace(/\s+/g, ' ').trim()}.`;
  return { score: s.score, strengths, recommendation, reasoning };
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
