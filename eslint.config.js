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
const sidePatterns = (folder, forbidden) =>
  forbidden.map((side) => ({
    regex: `^(\\.\\./)+${side}(/|$)`,
    message: `${folder}/ may not import ${side}/: move what both need below them (schema/, i18n/ or ui/).`,
  }));
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const boundary = (folder, forbidden) =>
  restrict([`${folder}/**/*.ts`, `${folder}/**/*.tsx`], sidePatterns(folder, forbidden));

/**
 * Generic layers never import what is built on them: the CRUD router receives each entity's write
 * rules from the app that mounts it (crudRouter(entity, list, entityWrites)). Seeds load data
 * through the backend's base (config, db) and a capability's public face (features/<name>/index.ts,
 * or talent/bulk.ts for bulk loaders), never through the generic layer or a capability's insides.
 * An ESLint block's options replace an earlier block's for the same rule, so each repeats the side rule.
 */
const crudLayer = restrict(
  ['backend/crud/**/*.ts'],
  [
    ...sidePatterns('backend', ['admin', 'portal', 'ui']),
    {
      regex: '^(\\.\\./)+features(/|$)',
      message:
        'backend/crud/ is generic: receive what a capability provides when mounted instead of importing backend/features/.',
    },
  ],
);
/** Shared services (backend/services/) stand below the capabilities that use them. */
const servicesLayer = restrict(
  ['backend/services/**/*.ts'],
  [
    ...sidePatterns('backend', ['admin', 'portal', 'ui']),
    {
      regex: '^(\\.\\./)+features(/|$)',
      message: 'backend/services/ stands below the capabilities: a service never imports backend/features/.',
    },
  ],
);
const seedsLayer = restrict(
  ['seeds/**/*.ts'],
  [
    ...sidePatterns('seeds', ['admin', 'portal', 'ui']),
    {
      regex: '^(\\.\\./)+backend/(?!config$|db/|features/[^/]+$|features/[^/]+/index$|features/talent/bulk$)',
      message:
        "seeds/ may import backend/config, backend/db/ and a capability's public face (backend/features/<name>, talent/bulk) only.",
    },
  ],
);

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
  // A file past 400 lines (at Prettier's 120 columns) is split along what it does.
  { files: ['**/*.ts', '**/*.tsx'], rules: { 'max-lines': ['error', { max: 400 }] } },
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
  crudLayer,
  servicesLayer,
  seedsLayer,
);
