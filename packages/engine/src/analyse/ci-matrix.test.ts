// Matrices read as the runs they make: include and exclude, and the steps and branches no run reaches.
import { describe, expect, it } from 'vitest';
import { circleCombinations, githubCombinations, neverRuns, reachedScript, valuesOf } from './ci-matrix.ts';

describe('githubCombinations()', () => {
  it('adds the runs of `include` entries that fit no combination, and drops the excluded ones', () => {
    const runs = githubCombinations({
      os: ['ubuntu', 'windows'],
      python: ['3.14'],
      include: [
        { os: 'ubuntu', python: '3.10' },
        // fits the ubuntu run on 3.14: it adds a key, not a run
        { os: 'ubuntu', coverage: true },
      ],
      exclude: [{ os: 'windows', python: '3.14' }],
    })!;
    expect(runs).toEqual([
      { os: 'ubuntu', python: '3.14', coverage: true },
      { os: 'ubuntu', python: '3.10' },
    ]);
    expect(valuesOf(runs, 'python')).toEqual(['3.14', '3.10']);
    expect(valuesOf(runs, 'os')).toEqual(['ubuntu']);
    // a matrix, or a key of one, given by an expression is not known here
    expect(githubCombinations('${{ fromJSON(needs.a.outputs.m) }}')).toBeNull();
    expect(githubCombinations({ os: '${{ fromJSON(needs.a.outputs.os) }}' })).toBeNull();
  });
});

describe('neverRuns()', () => {
  const runs = [
    { db: 'sqlite', job: { os: 'ubuntu-latest' } },
    { db: 'postgres', job: { os: 'windows-latest' } },
  ];
  it('is true of a condition no combination meets, false of one that some may', () => {
    expect(neverRuns("matrix.db == 'mysql'", runs)).toBe(true);
    expect(neverRuns("${{ matrix.db == 'MySQL' || matrix.db == 'oracle' }}", runs)).toBe(true);
    expect(neverRuns("matrix.db == 'sqlite' && startsWith(matrix.job.os, 'windows')", runs)).toBe(true);
    expect(neverRuns(false, runs)).toBe(true);
    expect(neverRuns("matrix.db == 'postgres'", runs)).toBe(false);
    expect(neverRuns("startsWith(matrix.job.os, 'ubuntu')", runs)).toBe(false);
    // anything but the matrix may hold
    expect(neverRuns("github.event_name == 'push' && matrix.db == 'mysql'", runs)).toBe(true);
    expect(neverRuns("github.event_name == 'push' || matrix.db == 'mysql'", runs)).toBe(false);
    expect(neverRuns("always() && matrix.db != 'sqlite'", runs)).toBe(false);
    expect(neverRuns("matrix.db == 'mysql'", null)).toBe(false);
  });
});

describe('CircleCI parameters', () => {
  const doc = {
    jobs: {
      test: {
        parameters: { version: { type: 'string', default: 'latest' }, modules: { default: true } },
        steps: [],
      },
    },
    workflows: { tests: { jobs: [{ test: { matrix: { parameters: { version: ['1.22', '1.21'] } } } }] } },
  };

  it('runs a job once per combination of its workflow matrix, with the defaults of the rest', () => {
    const sets = circleCombinations(doc, 'test')!;
    expect(sets.all).toEqual([
      { version: '1.22', modules: true },
      { version: '1.21', modules: true },
    ]);
    expect(circleCombinations({ jobs: { build: { steps: [] } } }, 'build')).toBeNull();
  });

  it('drops the shell branches no parameter set takes', () => {
    const sets = circleCombinations(doc, 'test')!.all;
    const script = [
      'if [[ << parameters.version >> = "latest" ]]; then',
      '  go vet ./...',
      'fi',
      'if [[ << parameters.modules >> = true ]]; then',
      '  go mod download',
      'else',
      '  go get ./...',
      'fi',
      'if [ "$CI" = true ]; then',
      '  make ci',
      'fi',
      'go test ./...',
    ].join('\n');
    expect(reachedScript(script, sets).split('\n')).toEqual([
      'if [[ << parameters.version >> = "latest" ]]; then',
      'fi',
      'if [[ << parameters.modules >> = true ]]; then',
      '  go mod download',
      'else',
      'fi',
      'if [ "$CI" = true ]; then',
      '  make ci',
      'fi',
      'go test ./...',
    ]);
    // run on `latest` too, the branch is reached
    expect(reachedScript(script, [...sets, { version: 'latest', modules: true }])).toContain('go vet');
  });
});
