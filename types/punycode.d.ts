// punycode.js (the userland package; 'punycode/' with the slash, not Node's deprecated built-in) ships no typings: the part we use.
declare module 'punycode/' {
  /** A domain's 'xn--' labels decoded to Unicode; throws a RangeError on invalid Punycode. */
  export function toUnicode(domain: string): string;
}
