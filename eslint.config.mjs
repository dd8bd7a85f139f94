// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = {
  paths: [
    {
      name: 'vscode',
      message:
        'This layer must stay free of the VS Code API (docs/architecture.md, "Layers"): pass data in from src/host.',
    },
  ],
  patterns: [
    {
      group: ['**/host/**', '**/ctx', '**/extension', '**/main'],
      message: 'This layer must not depend on the host layer.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.tools/**', '.test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Six positional parameters are six chances to swap two of the same type: from six on, an options object.
      'max-params': 'off',
      '@typescript-eslint/max-params': ['error', { max: 5 }],
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits hides its failure; a switch over a union must name every case.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // `typeof import(…)` stays allowed: host modules are required after the vscode stub is installed (unit tests, bench).
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Tests read arbitrary JSON from the services under test (the sandbox's conformance suite too).
    files: ['test/**/*.ts', 'sandbox/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // core and shared are pure: unit-tested in plain Node, reused by webviews and tests.
    files: ['src/core/**/*.ts', 'src/shared/**/*.ts', 'webviews/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noVscode] },
  },
  {
    // The extension bundle must never carry undici: it would replace the dispatcher other extensions share.
    files: ['src/**/*.ts'],
    ignores: ['src/core/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'undici', message: 'undici is test-side only; use the global fetch.' }] },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...noVscode,
          paths: [...noVscode.paths, { name: 'undici', message: 'undici is test-side only; use the injected fetch.' }],
        },
      ],
    },
  },
);
