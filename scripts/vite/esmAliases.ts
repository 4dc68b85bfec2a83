/**
 * Packages the front ends take as the ES modules they also ship, where the server loads their CommonJS file: bundled
 * as CommonJS, punycode.js (schema/lib/email.ts) brought the bundler's CommonJS runtime as one more file on the way
 * to every page.
 */
export const esmAliases = { 'punycode/punycode.js': 'punycode/punycode.es6.js' };
