// ESLint flat config: typescript-eslint's recommended rules, Prettier owns formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'storage/', '.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  { files: ['**/*.js', '**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // The boundary between the API and the worker (README "Architecture"): what both need lives in src/
  // (src/catalog, src/jobs, src/search); nothing under src/ imports the worker (indexer/), and the API never
  // loads sharp or the HEIC decoder (renders run in the worker; test/api/api-modules.test.ts checks the
  // running process too).
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sharp',
              message: 'Renders run in the worker (indexer/render); the API never loads sharp.',
            },
            {
              name: 'libheif-js',
              message: 'The HEIC decoder belongs to the worker (indexer/render/heic.ts).',
            },
          ],
          patterns: [
            {
              regex: '(^|/)indexer(/|$)',
              message:
                'src/ must not import the worker (indexer/); move what both need to src/catalog or src/jobs.',
            },
          ],
        },
      ],
    },
  },
  // A routes.ts file only declares routes (`route({...})` of src/http/router.ts, exported as arrays, and
  // the schemas they share), so a reader finds every route of a resource in one short file and its code
  // in handlers.ts; src/routes.ts only spreads those arrays into the route table.
  {
    files: ['src/routes.ts', 'src/resources/**/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > :not(ImportDeclaration, ExportNamedDeclaration, VariableDeclaration)',
          message:
            'A routes.ts file holds only imports and const route declarations; code goes to handlers.ts.',
        },
        {
          selector: "ExportNamedDeclaration[declaration][declaration.type!='VariableDeclaration']",
          message: 'A routes.ts file exports only const route declarations; code goes to handlers.ts.',
        },
        {
          selector: "VariableDeclaration[kind!='const']",
          message: 'A routes.ts file holds only const route declarations.',
        },
        {
          selector:
            ':matches(FunctionDeclaration, FunctionExpression, ArrowFunctionExpression, ClassExpression)',
          message:
            'No functions in a routes.ts file: handlers go to handlers.ts, schema helpers to params.ts or schema.ts.',
        },
      ],
    },
  },
  // The worker never imports the API's HTTP layer: the resources (handlers, params, queries), the app,
  // the server, the route table, src/http, the ops endpoints, the OpenAPI document.
  {
    files: ['indexer/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(app|server|routes|deps)$|(^|/)src/(resources|http|ops|openapi)(/|$)',
              message:
                'The worker must not import the API (its resources, routes, app, server, http or ops); share through src/catalog or src/jobs.',
            },
          ],
        },
      ],
    },
  },
);
