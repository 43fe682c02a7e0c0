// ESLint flat config: typescript-eslint and react-hooks on the whole tree. `npm run lint` (CI runs it).
// Formatting is Prettier's job (`npm run format`), not ESLint's.
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'dist/**',
      'node_modules/**',
      '.data/**',
      'public/**',
      'tests/fixtures/**/*.js',
      'packages/*/dist/**',
      'packages/*/.dist-*/**',
      'packages/*/generated/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    // React code only: tests have helpers named use* (useTestDatabase) that are not hooks.
    files: ['app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Tests and parsers of untyped formats read loosely typed data; the type checker (strict) guards the rest.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-control-regex': 'off',
    },
  },
)
