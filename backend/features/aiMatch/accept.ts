/**
 * Whether a language model's verdict is taken. The model adjusts within the evidence: its score may
 * move the matcher's by at most MODEL_MOVE_MAX points, it must cite at least one fact the profile
 * holds and none it does not, and its recommendation must sit within one band of its own score's.
 * Reasoning that claims to follow instructions ("As instructed, ...") is set aside too.
 * A verdict outside that is kept as a disagreement (what the model said and why it was set aside),
 * and the matcher's own score and recommendation stand. Either way the strengths are the matcher's,
 * built from structured facts, and the recommendation is the band of the score stored, so that a
 * score always reads the same (verdict.ts documents the bands).
 */
import {
  localVerdict,
  NO_REQUIRED_SKILL_CAP,
  recommendationOf,
  type Recommendation,
  type Scored,
  type Verdict,
} from './matcher';
import { MODEL_MOVE_MAX, type VerdictAnswer } from './prompt';

const ORDER: Recommendation[] = ['no', 'maybe', 'yes', 'strong_yes'];

/** Reasoning that claims to follow instructions ("As instructed, ...", "as the profile asks", "per your instructions"). */
const FOLLOWED =
  /\b(?:as (?:instructed|directed|requested|ordered|told)|as (?:i was|you|it|the (?:profile|candidate|text|prompt)) (?:instructed|asked|requested|told|says|said)|(?:following|per|according to|obeying) (?:the|your|these|those|its) instructions?|i (?:was|have been) (?:told|instructed|asked) to)\b/i;

export interface Judged {
  verdict: Verdict;
  /** Set when the model's verdict was set aside. */
  disagreement?: { score: number; recommendation: Recommendation; reason: string };
}

export function acceptVerdict(answer: VerdictAnswer, scored: Scored, factIds: Set<string>): Judged {
  const local = localVerdict(scored);
  const reasons: string[] = [];
  const moved = answer.score - scored.score;
  if (Math.abs(moved) > MODEL_MOVE_MAX)
    reasons.push(`moved the matcher's ${scored.score} by ${moved > 0 ? '+' : ''}${moved}, more than ${MODEL_MOVE_MAX}`);
  const unknown = [...new Set(answer.cites.filter((c) => !factIds.has(c)))];
  if (unknown.length)
    reasons.push(`cited facts the profile does not hold (${unknown.slice(0, 4).join(', ')})`.slice(0, 120));
  else if (!answer.cites.length) reasons.push('cited no fact of the profile');
  // A verdict that says it followed instructions followed text in the prompt, not the evidence.
  if (FOLLOWED.test(answer.reasoning)) reasons.push('said it followed instructions');
  // The model moves the score within the evidence: never across the line between holding none
  // of the required skills and holding some (matcher/score.ts).
  const held = scored.requiredSkills;
  const floor = held?.held ? NO_REQUIRED_SKILL_CAP + 1 : 0;
  const ceiling = held && !held.held ? NO_REQUIRED_SKILL_CAP : 100;
  const bounded = Math.max(floor, Math.min(ceiling, answer.score));
  const band = recommendationOf({ ...scored, score: bounded });
  if (Math.abs(ORDER.indexOf(answer.recommendation) - ORDER.indexOf(band)) > 1)
    reasons.push(`recommended ${answer.recommendation} for a score of ${bounded}`);
  if (reasons.length)
    return {
      verdict: local,
      disagreement: {
        score: answer.score,
        recommendation: answer.recommendation,
        reason: `The model ${reasons.join('; ')}`.slice(0, 300),
      },
    };
  return {
    verdict: {
      score: bounded,
      strengths: local.strengths,
      recommendation: band,
      reasoning: answer.reasoning,
    },
  };
}
