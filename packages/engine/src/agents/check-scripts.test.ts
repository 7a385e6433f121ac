// Which package scripts and make targets are static checks: told by the programs they run.
import { describe, expect, it } from 'vitest';
import type { EntryPoint } from '../analyse/types.ts';
import { commandsOf, isCheckScript } from './check-scripts.ts';

const npm = (name: string, command: string): EntryPoint => ({
  kind: 'npm-script',
  name,
  command,
  path: 'package.json',
  area: 'product',
});
const make = (name: string, command?: string, prerequisites?: string[]): EntryPoint => ({
  kind: 'make-target',
  name,
  ...(command ? { command } : {}),
  ...(prerequisites ? { prerequisites } : {}),
  path: 'Makefile',
  area: 'product',
});
const runsTests = (c: string) => /\b(?:vitest|jest|go test)\b/.test(c);
/** The names of the scripts that check, among these. */
const checks = (scripts: EntryPoint[]) =>
  scripts.filter((s) => isCheckScript(s, scripts, runsTests)).map((s) => s.name);

describe('commandsOf()', () => {
  it('splits a script at its operators, not inside quotes or at a redirection', () => {
    expect(commandsOf('eslint . && tsc --noEmit || true; standard | snazzy')).toEqual([
      ['eslint', '.'],
      ['tsc', '--noEmit'],
      ['true'],
      ['standard'],
      ['snazzy'],
    ]);
    expect(commandsOf(`json -e "this.a=1; this.prettier=undefined;" 2>&1`)).toEqual([
      ['json', '-e', 'this.a=1; this.prettier=undefined;', '2>&1'],
    ]);
  });
});

describe('isCheckScript()', () => {
  it('counts a script by the program it runs, not by a tool named in its arguments', () => {
    const scripts = [
      npm('copy', `shx cp package.json dist && json -I -f dist/package.json -e "this.prettier=undefined;"`),
      npm('test:format', 'prettier . --list-different'),
      npm('test:types', 'tsc --noEmit'),
      npm('test:lint', 'eslint .'),
      npm('test:spec', 'vitest run'),
      npm('test', 'tsc -p tsconfig.spec.json && vitest --run'),
      npm('format', 'node scripts/format-dates.js'),
      npm('bench-formatters', 'node benchmarks/utils/runbench formatters'),
      npm('fix:format', 'prettier . --write'),
      npm('typecheck', 'cross-env CI=1 npx tsc --noEmit'),
      npm('publint', 'pnpm exec publint'),
    ];
    expect(checks(scripts)).toEqual(['test:format', 'test:types', 'test:lint', 'typecheck', 'publint']);
  });

  it('counts a test-named script that type-checks and runs no tests', () => {
    const scripts = [
      npm('lint', 'eslint .'),
      npm('transpile', 'node ./test/fixtures/ts/transpile.cjs'),
      npm('test-types', 'tsc && tstyche && ts-node test/types/pino.ts && attw --pack .'),
      npm('test-ci', 'yarn run lint && npm run transpile && borp'),
      npm('check', 'run-s lint test-types'),
      npm('all', 'npm-run-all "lint*" transpile'),
    ];
    expect(checks(scripts)).toEqual(['lint', 'test-types', 'check']);
  });

  it('counts a formatter only in its check mode, and a target by its prerequisites', () => {
    const scripts = [
      make('fmt', 'cargo fmt --all'),
      make('fmt-check', 'cargo fmt --all -- --check'),
      make('gofmt', '@test -z $(shell gofmt -l .) || (gofmt -d .; exit 1)'),
      make('lint', '$(GOLANGCI_LINT) run ./...'),
      make('vet', 'go vet ./...'),
      make('lint-all', '$(LINTER) run'),
      make('check', undefined, ['lint', 'vet']),
      make('all', undefined, ['vet', 'test']),
      make('test', 'go test ./...'),
      make('ci', '$(MAKE) lint && $(MAKE) vet'),
      make('black', 'uv run black src'),
      make('mypy', 'python -m mypy src'),
    ];
    expect(checks(scripts)).toEqual(['fmt-check', 'gofmt', 'lint', 'vet', 'check', 'ci', 'mypy']);
  });
});
