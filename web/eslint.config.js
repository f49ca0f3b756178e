// ESLint for the web app: JavaScript's and typescript-eslint's recommended rules, React's rules
// of hooks, and the layers of `src` (eslint-plugin-import-x, as bulletproof-react sets them up):
// each folder imports only from the folders below it, and no module imports itself through a
// circle. `npm run lint` runs it with no warning allowed; `cargo xtask ci` runs that.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const MIDDLE = ['./src/components', './src/pages', './src/platform', './src/hooks', './src/store', './src/api'];
const BOTTOM = ['./src/core', './src/config', './src/generated'];

export default tseslint.config(
  { ignores: ['dist', 'src/generated', 'node_modules', 'public'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A leading underscore names what is taken only to be left out ({ id: _id, ...rest }).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The layers of src, from the top: the app (App.tsx), features (screens), the shell (the
    // editor around blocks: frame, settings, undo), blocks (the block views and their data),
    // then shared components, pages, platform services, stores and the request layer, and at the
    // bottom the WASM core's bridge, runtime config and the generated types. Tests may reach
    // across (an app-level test renders App); production code may not.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: { project: './tsconfig.app.json' } } },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features', from: ['./src/App.tsx', './src/main.tsx'], message: 'Features sit below the app.' },
            { target: './src/shell', from: ['./src/features', './src/App.tsx'], message: 'The shell sits below the features.' },
            {
              target: './src/blocks',
              from: ['./src/shell', './src/features', './src/App.tsx'],
              message: 'Blocks sit below the shell and the features: pass down what they need.',
            },
            {
              target: MIDDLE,
              from: ['./src/blocks', './src/shell', './src/features', './src/App.tsx'],
              message: 'Shared components, pages, platform services, stores and the request layer sit below the blocks.',
            },
            {
              target: BOTTOM,
              from: [...MIDDLE, './src/blocks', './src/shell', './src/features', './src/App.tsx'],
              message: 'The core bridge, config and generated types are the bottom layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // Requests leave through each part's own `*Api.ts` (a feature's, the blocks' data, the
    // session's, the outbox's), so what a screen asks the server is read in one file.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*Api.ts', 'src/api/**', '**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)api/client$', message: "Send requests from this part's own *Api.ts (the request layer is api/client)." }] },
      ],
    },
  },
  {
    // Tests read ECharts options and mocks loosely; the code under test is typed.
    files: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
