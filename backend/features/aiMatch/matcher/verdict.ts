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
  const strong = s.parts
    .filter((p) => share(p) >= 0.75)
    .sort((a, b) => b.points - a.points || a.key.localeCompare(b.key));
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
