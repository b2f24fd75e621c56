import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.cache/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        AbortSignal: 'readonly',
      },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // A route or consumer hands its service's deps to a use case and never reaches into
    // them for a store or a client (CONTRIBUTING.md, "Every service reads the same way");
    // the import rules are in .dependency-cruiser.mjs.
    files: ['services/*/src/routes/**/*.ts', 'services/*/src/consumers/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='deps']",
          message: 'Routes and consumers pass deps to a use case; they do not use its ports.',
        },
      ],
    },
  },
  {
    // Tests and the benchmark read JSON replies whose shape they then assert on.
    files: ['**/test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
