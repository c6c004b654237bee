import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The import rule of DESIGN.md section 1: web and server may import contract; contract
// imports neither; web and server never import each other.
const forbid = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];
const up = (dir) => [`**/${dir}/**`, `../${dir}/**`, `../../${dir}/**`, `../../../${dir}/**`, `../../../../${dir}/**`];

export default tseslint.config(
  { ignores: ['dist/**', '.e2e-build/**', 'data/**', 'node_modules/**', 'coverage/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': forbid(
        [...up('server'), ...up('web'), 'fastify', 'fastify/*', 'react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*', 'node:*'],
        'contract is pure: no server, web, I/O or React imports (DESIGN.md section 1).',
      ),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': forbid([...up('web'), 'react', 'react-dom'], 'server never imports web (DESIGN.md section 1).'),
      // Node 20's V8 kept the entries of a WeakMap keyed by each request alive through
      // young-generation collections: every request's objects were promoted and freed only by a
      // full collection (decision 028, src/server/http/young-garbage.test.ts). Keep per-request
      // state on the request; a WeakMap keyed by long-lived objects may be allowed with a
      // disable comment that says so.
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='WeakMap']", message: 'No WeakMap in the server: per-request keys make every request outlive young-generation collections (decision 028).' }],
    },
  },
  {
    // The mail templates render with React's synchronous server renderer: @react-email/render's
    // streaming one switches on Node's promise hooks for every later request (decision 027).
    files: ['src/server/outbox/templates.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react-dom', message: 'server never imports web (DESIGN.md section 1).' }], patterns: [{ group: [...up('web'), 'react', 'react-dom/*', '!react-dom/server'], message: 'server never imports web (DESIGN.md section 1).' }] }],
    },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': forbid([...up('server'), 'fastify', 'drizzle-orm', 'drizzle-orm/*', 'node:*'], 'web never imports server (DESIGN.md section 1).'),
    },
  },
);
