// punycode.js (the userland package, by its file: not Node's deprecated built-in) ships no typings: the part we use.
declare module 'punycode/punycode.js' {
  const punycode: {
    /** A domain's 'xn--' labels decoded to Unicode; throws a RangeError on invalid Punycode. */
    toUnicode(domain: string): string;
  };
  export default punycode;
}
