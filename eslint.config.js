import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

// A web feature (src/web/features/<name>/) never imports another feature: what two features
// share lives in src/web/ui, src/web/lib or the contract.
const FEATURES = path.resolve('src/web/features');
const featureOf = (file) => {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
};
const portal = {
  rules: {
    'feature-boundaries': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          crossing:
            "Feature '{{from}}' imports feature '{{to}}': move what both need to src/web/widgets (domain " +
            'pieces), src/web/ui (generic primitives), src/web/lib or the contract.',
        },
      },
      create(context) {
        const from = featureOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const source = node.source.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = featureOf(path.resolve(path.dirname(context.filename), source));
          if (to && to !== from) context.report({ node, messageId: 'crossing', data: { from, to } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: (node) => node.source && check(node),
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

// The import rule: web and server may import contract; contract
// imports neither; web and server never import each other.
const forbid = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];
const up = (dir) => [`**/${dir}/**`, `../${dir}/**`, `../../${dir}/**`, `../../../${dir}/**`, `../../../../${dir}/**`];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.e2e-build/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'src/server/infra/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Prettier wraps code at 120 (.prettierrc.json); what it cannot break is refused here,
      // except URLs and regular expressions. Prettier never splits a string: a long one is
      // written as parts joined with +.
      'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': forbid(
        [
          ...up('server'),
          ...up('web'),
          'fastify',
          'fastify/*',
          'react',
          'react-dom',
          'drizzle-orm',
          'drizzle-orm/*',
          'node:*',
        ],
        'contract is pure: no server, web, I/O or React imports.',
      ),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': forbid([...up('web'), 'react', 'react-dom'], 'server never imports web.'),
    },
  },
  {
    // The heaviest modules are imported with their first use, not when the server starts
    // (docs/performance.md, 'Start-up loads what every request needs'); a type import is free.
    files: ['src/server/**'],
    ignores: ['src/server/**/*.test.ts', 'src/server/infra/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['mollie-api-typescript', 'pdf-lib', '@pdf-lib/fontkit'].map((name) => ({
            name,
            allowTypeImports: true,
            message: `import ${name} with import() where it is used: the server loads it on first use.`,
          })),
        },
      ],
    },
  },
  {
    // The mail templates render with React's synchronous server renderer: @react-email/render's
    // streaming one switches on Node's promise hooks for every later request (docs/performance.md).
    files: ['src/server/infra/outbox/templates.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-dom', message: 'server never imports web.' }],
          patterns: [
            {
              group: [...up('web'), 'react', 'react-dom/*', '!react-dom/server'],
              message: 'server never imports web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, portal },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'portal/feature-boundaries': 'error',
      'no-restricted-imports': forbid(
        [...up('server'), 'fastify', 'drizzle-orm', 'drizzle-orm/*', 'node:*'],
        'web never imports server.',
      ),
    },
  },
  {
    // A transaction that may emit domain events is opened with withEvents (domain-events/dispatch.ts),
    // which publishes their live events after commit: the call site shows the work after commit.
    files: ['src/server/**/*.ts', 'src/server/**/*.tsx'],
    ignores: ['src/server/**/*.test.ts', 'src/server/infra/db/**', 'src/server/domain-events/dispatch.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open a transaction with withEvents(db, async (tx) => …) from domain-events.',
        },
      ],
    },
  },
);
