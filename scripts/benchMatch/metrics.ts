/** Ranking quality against known relevance: NDCG@k with gains 2^rel - 1, and precision@k (relevant: rel >= 1). */

export function ndcgAt(k: number, ranked: number[], relevance: Map<number, number>): number {
  const gain = (rel: number) => 2 ** rel - 1;
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + gain(relevance.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...relevance.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, rel, i) => sum + gain(rel) / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

export function precisionAt(k: number, ranked: number[], relevance: Map<number, number>): number {
  return ranked.slice(0, k).filter((id) => (relevance.get(id) ?? 0) >= 1).length / k;
}
