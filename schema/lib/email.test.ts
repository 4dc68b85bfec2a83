/**
 * The one spelling of an address and the one key of a mailbox (email.ts): NFC, lower case, the
 * domain in the form node:url's domainToUnicode(domainToASCII(domain)) gives, invisible and bidi
 * characters and a fullwidth '＠' refused; the mailbox key drops '+tags' and Gmail's dots. The SQL
 * twin of emailKey is checked against it on PostgreSQL in tests/schema/email-key-sql.test.ts.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalDomain, domainToAscii, domainToUnicodeForm, emailKey, normaliseEmail } from './email';

const DOMAINS = [
  'example.com',
  'münchen.de',
  'xn--mnchen-3ya.de',
  'MÜNCHEN.DE',
  'mu\u0308nchen.de',
  'ｍünchen.de',
  'bücher.example',
  '例え.テスト',
  'xn--r8jz45g.xn--zckzah',
  'пример.рф',
  'ドメイン名例.jp',
  'straße.de',
  'faß.de',
  'δοκιμή.gr',
  'xn--fa-hia.de',
  'ÖBB.at',
  'a-b.c-d.example',
];

describe('canonicalDomain', () => {
  it.each(DOMAINS)('folds %s as node:url does (domainToUnicode of domainToASCII)', (domain) => {
    const lower = domain.normalize('NFC').toLowerCase();
    expect(domainToAscii(lower)).toBe(domainToASCII(lower));
    expect(canonicalDomain(lower)).toBe(domainToUnicode(domainToASCII(lower)));
  });

  it('refuses what IDNA refuses: invalid Punycode, a numeric last label', () => {
    for (const domain of ['xn--zz.de', 'xn--.de', 'b.123', 'b.0x1f'])
      expect(canonicalDomain(domain), domain).toBeUndefined();
    expect(domainToUnicodeForm('xn--mnchen-3ya.de')).toBe('münchen.de');
    expect(domainToUnicodeForm('xn--9.de')).toBeUndefined();
  });
});

describe('normaliseEmail', () => {
  it('gives one spelling to every way of writing one address', () => {
    for (const email of [
      'anna@münchen.de',
      ' Anna@MÜNCHEN.DE ',
      'anna@xn--mnchen-3ya.de',
      'ANNA@XN--MNCHEN-3YA.DE',
      'anna@mu\u0308nchen.de',
      'anna@ｍünchen.de',
    ])
      expect(normaliseEmail(email), email).toBe('anna@münchen.de');
    expect(normaliseEmail('Jose\u0301@Example.COM')).toBe('josé@example.com');
  });

  it('keeps tags and dots: accounts are unique on the exact address', () => {
    expect(normaliseEmail('John.Doe+CV@Gmail.com')).toBe('john.doe+cv@gmail.com');
  });

  it('refuses invisible, bidi and control characters and a fullwidth or small ＠', () => {
    for (const email of [
      'a\u200bb@example.com',
      'ab\u2060@example.com',
      'a\ufeffb@example.com',
      'a\u202eb@example.com',
      'a\u2066b\u2069@example.com',
      'a\u200db@example.com',
      'a\u200eb@example.com',
      'a\u0007b@example.com',
      'a\uff20b@example.com',
      'a\ufe6bb@example.com',
      'ab@exa\u200bmple.com',
      'ab@xn--zz.de',
    ])
      expect(normaliseEmail(email), JSON.stringify(email)).toBeUndefined();
  });

  it('leaves text that is no address for the email pattern to refuse', () => {
    expect(normaliseEmail(' Bad ')).toBe('bad');
    expect(normaliseEmail('a@b@c.com')).toBe('a@b@c.com');
    expect(normaliseEmail('a@exa mple.com')).toBe('a@exa mple.com');
    expect(normaliseEmail('a@b.123')).toBeUndefined();
  });
});

describe('emailKey', () => {
  it('is one key for every spelling of a mailbox', () => {
    const gmail = ['john.doe@gmail.com', 'johndoe@gmail.com', 'John.Doe+cv@GoogleMail.com', 'j.o.h.n.d.o.e@gmail.com'];
    for (const email of gmail) expect(emailKey(email), email).toBe('johndoe@gmail.com');
    const idn = ['anna@münchen.de', 'anna+x@xn--mnchen-3ya.de', 'Anna@MU\u0308NCHEN.de'];
    for (const email of idn) expect(emailKey(email), email).toBe('anna@münchen.de');
    // Dots count elsewhere.
    expect(emailKey('john.doe+x@example.com')).toBe('john.doe@example.com');
    expect(emailKey('johndoe@example.com')).not.toBe(emailKey('john.doe@example.com'));
  });

  it('still keys an address it would refuse, by NFC and lower case', () => {
    expect(emailKey('A\u200bB+x@Example.com')).toBe('a\u200bb@example.com');
  });
});
