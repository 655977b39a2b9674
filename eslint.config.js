import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

// A server module is entered only through its service.ts (issue 22, decision 014): a file in
// modules/A may import from modules/B its service.ts and the few public files below, nothing else.
const SERVER_MODULES = path.join(import.meta.dirname, 'apps/server/src/modules');
const MODULE_NAMES = readdirSync(SERVER_MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const PUBLIC_FILES = [
  // The session access check: pharmacogenomics, which sessions/service.ts imports, needs it too.
  'sessions/access.ts',
  // Pure functions (the nutrigenomic scoring) and no data of their own: the index is the surface.
  'genetics/index.ts',
];

export default defineConfig(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // No import cycles in the application code (issue 22, decision 014). The TypeScript resolver follows
  // the same bundler resolution as tsc (extensionless relative imports, @portal/contract's `exports`).
  // import-x/no-cycle skips `import type` by design: a type-only import is erased and cannot form a
  // cycle at run time (decision 014 says why that is accepted).
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files and follows no import in a .ts file.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/contract/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The Rules of React in the web app: rules-of-hooks and the React Compiler's checks as the plugin
  // recommends them, and exhaustive-deps raised from its 'warn' to an error, since eslint passes on
  // warnings and a warning nobody must fix is not enforced.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests are outside the rule: they arrange their data with any module's seed or fixture.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: MODULE_NAMES.map((name) => ({
            target: `${SERVER_MODULES}/${name}/**`,
            from: `${SERVER_MODULES}/**`,
            // Globs, as import-x requires when `from` is one.
            except: [`${SERVER_MODULES}/${name}/**`, `${SERVER_MODULES}/{*/service.ts,${PUBLIC_FILES.join(',')}}`],
            message: `A module is entered only through its service.ts (or ${PUBLIC_FILES.join(', ')}): see docs/decisions/014.`,
          })),
        },
      ],
    },
  },
);
