import { describe, expect, it } from 'vitest';
import { prefixSegments } from './results';

describe('The admins’ name highlight', () => {
  it('marks a word as the name search matched it: accents and letters such as ł folded on both sides', () => {
    const hits = (text: string, typed: string) =>
      prefixSegments(text, typed)
        .filter((s) => s.hit)
        .map((s) => s.text);
    expect(hits('Łukasz Nowak', 'lukasz')).toEqual(['Łukasz']);
    expect(hits('Jose Ramos', 'José')).toEqual(['Jose']);
    expect(hits('Søren Strauß', 'soren strauss')).toEqual(['Søren', 'Strauß']);
    expect(hits('Ava Tan', 'ben')).toEqual([]);
  });
});
