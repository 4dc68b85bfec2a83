// punycode.js (the userland package, by its file: not Node's deprecated built-in) ships no typings: the part we use.
declare module 'punycode/punycode.js' {
  /** A domain's 'xn--' labels decoded to Unicode; throws a RangeError on invalid Punycode. */
  function toUnicode(domain: string): string;
  const punycode: { toUnicode: typeof toUnicode };
  export default punycode;
}
