// A package's declared entries: every "exports" key, subpath patterns included, and "module" told apart from "main".
import { describe, expect, it } from 'vitest';
import { entryPointsPass } from './entry-points.ts';
import { sourcesFromMap } from './sources.ts';

describe('package.json entries', () => {
  const pkg = JSON.stringify(
    {
      name: 'web',
      main: 'dist/cjs/index.js',
      module: 'dist/index.js',
      exports: {
        '.': { import: './dist/index.js', require: './dist/cjs/index.js' },
        './cors': { import: './dist/middleware/cors/index.js' },
        './utils/*': { import: './dist/utils/*.js' },
      },
    },
    null,
    2,
  );
  const entries = entryPointsPass(sourcesFromMap({ 'package.json': pkg }));

  it('counts a subpath pattern as an export, like every other key', () => {
    const exports = entries.filter((e) => e.kind === 'export');
    expect(exports.map((e) => e.name)).toEqual(['web', 'web/cors', 'web/utils/*']);
    expect(exports[2]!.command).toBe('dist/utils/*.js');
  });

  it('marks the "module" entry as such, never as a second main', () => {
    const mains = entries.filter((e) => e.kind === 'main');
    expect(mains.map((e) => `${e.name}:${e.field ?? 'main'}`)).toEqual([
      'dist/cjs/index.js:main',
      'dist/index.js:module',
    ]);
  });
});

describe('composer.json scripts', () => {
  const composer = JSON.stringify(
    {
      name: 'acme/web',
      scripts: { test: ['@phpunit', '@phpcs'], phpunit: 'phpunit', 'post-install-cmd': [] },
    },
    null,
    4,
  );
  const entries = entryPointsPass(sourcesFromMap({ 'composer.json': composer }));

  it('are package scripts, a list run in turn, each at its own line', () => {
    const scripts = entries.filter((e) => e.kind === 'npm-script');
    expect(scripts.map((e) => `${e.name}:${e.command}:${e.line}`)).toEqual([
      'test:@phpunit && @phpcs:4',
      'phpunit:phpunit:8',
    ]);
  });
});
