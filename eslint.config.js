import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Each side depends only downward: backend/, admin/ and portal/ never import each other; ui/ (React
 * pieces both front ends use) imports no side; schema/ and i18n/ (side-free code every side uses)
 * import none of them.
 */
const sides = ['backend', 'admin', 'portal', 'ui'];
const boundary = (folder, forbidden) => ({
  files: [`${folder}/**/*.ts`, `${folder}/**/*.tsx`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((side) => ({
          regex: `^(\\.\\./)+${side}(/|$)`,
          message: `${folder}/ may not import ${side}/: move what both need below them (schema/, i18n/ or ui/).`,
        })),
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', 'coverage', 'migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['admin/**/*.tsx', 'portal/**/*.tsx', 'ui/**/*.tsx', 'admin/**/*.ts', 'portal/**/*.ts', 'ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  boundary('backend', ['admin', 'portal', 'ui']),
  boundary('admin', ['backend', 'portal']),
  boundary('portal', ['backend', 'admin']),
  boundary(
    'ui',
    sides.filter((s) => s !== 'ui'),
  ),
  boundary('schema', sides),
  boundary('i18n', sides),
);
