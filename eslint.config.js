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

const restrictOutside = (files, ignores, patterns) => ({ ...restrict(files, patterns), ignores });
const backendSides = () => sidePatterns('backend', ['admin', 'portal', 'ui']);

/**
 * Capabilities are sealed: backend/features/<name>/ is reached from outside only through its face,
 * backend/features/<name>/index.ts, which exports its endpoints, what its jobs run and the few
 * functions others may call. Inside a capability a file imports its own folder freely and another
 * capability by its face (`../<name>`); what both of two capabilities need moves down to
 * backend/services/. The registry (features/index.ts, features/writes.ts), the app, the server and
 * backend/jobs/ import faces too. A test of one unit (rules, parsers, the matcher) as a function
 * sits beside its code, inside the capability; tests/ goes through faces. Seeds use
 * backend/config, backend/db/ and faces, plus talent/bulk.ts (the bulk loaders' own face, kept light
 * for worker threads). An ESLint block's options replace an earlier block's for the same rule, so
 * each block repeats the side rule.
 */
const insideOf = (up) => ({
  regex: `^${up}(?!\\.\\.?/)[^/]+/(?!index$).+`,
  message:
    'Import another capability through its face (backend/features/<name>/index.ts), never its insides; move what two capabilities share down to backend/services/.',
});
const featureDepth = (glob, up) => restrict([glob], [...backendSides(), insideOf(up)]);
const featureInsides = [
  restrict(['backend/features/*.ts'], [...backendSides(), insideOf('\\./')]),
  featureDepth('backend/features/*/*.ts', '\\.\\./'),
  featureDepth('backend/features/*/*/*.ts', '\\.\\./\\.\\./'),
  featureDepth('backend/features/*/*/*/*.ts', '\\.\\./\\.\\./\\.\\./'),
];
const throughFaces = {
  regex: '(^|/)features/[^/]+/(?!index$).+',
  message: 'Import a capability through its face (backend/features/<name>/index.ts), never its insides.',
};
const backendTop = restrictOutside(['backend/**/*.ts'], ['backend/features/**'], [...backendSides(), throughFaces]);
const scriptsLayer = restrict(
  ['scripts/**/*.ts'],
  [
    ...sidePatterns('scripts', ['admin', 'portal', 'ui']),
    { ...throughFaces, regex: '(^|/)backend/features/[^/]+/(?!index$).+' },
  ],
);
/** Tests in tests/ reach a capability through its face too; a test of one unit as a function sits beside its code. */
const testsLayer = restrict(
  ['tests/**/*.ts'],
  [{ ...throughFaces, regex: '(^|/)backend/features/[^/]+/(?!index$).+' }],
);

/**
 * Lower floors never import what is built on them: the database, HTTP plumbing, sign-in, the generic
 * CRUD router, endpoint declarations, permissions, configuration, adapters and shared services
 * stand below the capabilities, which receive what they provide (the CRUD router gets each entity's
 * write rules from the app that mounts it: crudRouter(entity, list, entityWrites)).
 */
const lowerFloors = ['db', 'http', 'auth', 'crud', 'endpoints', 'permissions', 'services', 'adapters'];
const lowerLayer = restrict(
  [...lowerFloors.map((f) => `backend/${f}/**/*.ts`), 'backend/config.ts'],
  [
    ...backendSides(),
    {
      regex: '^(\\./|(\\.\\./)+)features(/|$)',
      message:
        'A lower floor (db, http, auth, crud, endpoints, permissions, services, adapters, config) never imports backend/features/: receive what a capability provides, or move the shared part down to backend/services/.',
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

/** Jobs are queued with queueJob (backend/services/queue.ts), typed and checked, never by hand-written SQL. */
const queueMessage = 'Queue a job with queueJob (backend/services/queue.ts), not graphile_worker.add_job by hand.';
const queueByHelper = {
  files: ['backend/**/*.ts'],
  ignores: ['backend/services/queue.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: 'Literal[value=/add_jobs?\\b/]', message: queueMessage },
      { selector: 'TemplateElement[value.raw=/add_jobs?\\b/]', message: queueMessage },
    ],
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', '.tmp', 'coverage', 'migrations'] },
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
  backendTop,
  ...featureInsides,
  lowerLayer,
  scriptsLayer,
  testsLayer,
  seedsLayer,
  queueByHelper,
);
