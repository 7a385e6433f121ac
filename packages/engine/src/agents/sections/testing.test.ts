// The testing chapter: which folders lack tests, what the ratio is measured against, which scripts
// run tests and which static checks the project sets up.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathRole } from '../../analyse/path-role.ts';
import type { Analysis, EntryPoint, FileInfo } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { ciRuns, writeTesting } from './testing.ts';

const ctx = (a: Analysis): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: { id: '1', level: 1, title: 'Testing', kind: 'testing', evidence: [], hasChildren: false },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
});

const code = (path: string, language: string, lines = 20): FileInfo => ({
  path,
  size: lines * 30,
  language,
  code: lines,
  comment: 0,
  blank: 0,
  role: pathRole(path),
});

/** An analysis of just these files, with these test files and cases. */
function analysis(files: FileInfo[], tests: Analysis['tests']): Analysis {
  const a = sampleAppAnalysis();
  a.files = files;
  a.tests = tests;
  a.entryPoints = [];
  a.ci = [];
  a.staticChecks = [];
  return a;
}

const script = (name: string, command: string, path = 'Makefile', line = 1): EntryPoint => ({
  kind: 'make-target',
  name,
  command,
  path,
  line,
  area: path.startsWith('docs/') ? 'docs' : 'product',
});

describe('writeTesting()', () => {
  it('counts the test files a type checker reads as type-check cases, not as helpers', () => {
    const root = mkdtempSync(join(tmpdir(), 'typing-'));
    writeFileSync(
      join(root, 'pyproject.toml'),
      [
        '[tool.mypy]',
        'files = ["src", "tests/typing"]',
        '',
        '[tool.pyright]',
        'include = [',
        '  "src",',
        ']',
      ].join('\n'),
    );
    const a = analysis(
      [
        code('src/pkg/core.py', 'Python'),
        code('tests/test_core.py', 'Python'),
        code('tests/conftest.py', 'Python'),
        code('tests/typing/typing_a.py', 'Python'),
        code('tests/typing/typing_b.py', 'Python'),
      ],
      { frameworks: ['pytest'], files: [{ path: 'tests/test_core.py', cases: 3 }], totalCases: 3 },
    );
    const md = writeTesting({ ...ctx(a), workspace: { root } as unknown as WriterContext['workspace'] });
    rmSync(root, { recursive: true });
    expect(md).toContain(
      '2 more files are type-check cases, read by the type checker rather than run (`tests/typing`).',
    );
    expect(md).toContain('1 other file of test support (helpers, mocks, fixture apps) holds no case.');
  });

  it('says nothing of tests "beside" the code when a tests/ tree at the root covers the package', () => {
    const a = analysis(
      [
        code('src/requests/api.py', 'Python'),
        code('src/requests/models.py', 'Python'),
        code('docs/conf.py', 'Python'),
        code('tests/test_api.py', 'Python'),
      ],
      { frameworks: ['pytest'], files: [{ path: 'tests/test_api.py', cases: 3 }], totalCases: 3 },
    );
    expect(writeTesting(ctx(a))).not.toMatch(/beside/);
  });

  it('counts an inline test module or a test file beside the code as tests beside it', () => {
    const a = analysis(
      [
        code('src/filter/size.rs', 'Rust'),
        code('src/exec/job.rs', 'Rust'),
        code('middleware/logger.go', 'Go'),
        code('middleware/logger_test.go', 'Go'),
        code('router/tree.go', 'Go'),
        code('examples/hello/main.go', 'Go'),
      ],
      {
        frameworks: ['go test'],
        files: [{ path: 'middleware/logger_test.go', cases: 2 }],
        inline: [{ path: 'src/filter/size.rs', cases: 5 }],
        totalCases: 7,
      },
    );
    const out = writeTesting(ctx(a));
    expect(out).toMatch(/no test file beside them: `router` \(1 file\) and `src\/exec` \(1 file\)\./);
    expect(out).not.toMatch(/`src\/filter`|`middleware`|`examples/);
  });

  it("counts a Django app's tests.py as test code beside it, and leaves folders outside the product out", () => {
    const a = analysis(
      [
        code('app/api/views.py', 'Python'),
        code('app/api/tests/test_views.py', 'Python'),
        code('app/logs/models.py', 'Python'),
        code('app/logs/tests.py', 'Python', 0),
        code('app/pay/views.py', 'Python'),
        code('docker/fetch.py', 'Python'),
      ],
      {
        frameworks: ['Django'],
        files: [{ path: 'app/api/tests/test_views.py', cases: 2 }],
        totalCases: 2,
      },
    );
    a.identity = {
      kind: 'application',
      kinds: [],
      purpose: null,
      productPaths: ['app'],
      nonProduct: [
        { path: 'app/api/tests', role: 'tests' },
        { path: 'app/logs/tests.py', role: 'tests' },
        { path: 'docker', role: 'deployment' },
      ],
      entryPoints: [],
      publicApi: [],
      keyComponents: [],
    };
    const out = writeTesting(ctx(a));
    expect(out).toContain(
      'Product directories with source code but no test file beside them: `app/pay` (1 file). `app/logs/tests.py` beside `app/logs` holds no test case. Tests elsewhere may still exercise them.',
    );
    expect(out).not.toMatch(/`docker`/);
  });

  it('states no ratio of test files to source files, which says nothing about coverage', () => {
    const a = analysis(
      [
        code('lib/app.js', 'JavaScript'),
        code('lib/context.js', 'JavaScript'),
        code('examples/demo.js', 'JavaScript'),
        code('docs/theme.css', 'CSS'),
        code('__tests__/app.test.js', 'JavaScript'),
        code('__tests__/context.test.js', 'JavaScript'),
      ],
      {
        frameworks: ['node:test'],
        files: [
          { path: '__tests__/app.test.js', cases: 2 },
          { path: '__tests__/context.test.js', cases: 1 },
        ],
        totalCases: 3,
      },
    );
    const out = writeTesting(ctx(a));
    expect(out).toContain('2 test files hold 3 test cases');
    expect(out).not.toMatch(/test files? per (product )?source file/);
  });

  it('lists the files with the most cases first and says how many the table leaves out', () => {
    const files = Array.from({ length: 27 }, (_, i) =>
      code(`test/t${String(i).padStart(2, '0')}.test.js`, 'JavaScript'),
    );
    const a = analysis([code('lib/a.js', 'JavaScript'), ...files], {
      frameworks: ['Mocha'],
      files: files.map((f, i) => ({ path: f.path, cases: i === 26 ? 50 : 1 })),
      totalCases: 76,
    });
    const out = writeTesting(ctx(a));
    expect(out).toContain(
      'The 25 test files with the most cases hold 74 cases; 2 more files hold the other 2.',
    );
    expect(out.indexOf('t26.test.js')).toBeLessThan(out.indexOf('t00.test.js'));
  });

  it('with inline test modules: their files join the table, the rest adds up, and no file ratio', () => {
    const files = Array.from({ length: 26 }, (_, i) =>
      code(`tests/t${String(i).padStart(2, '0')}.rs`, 'Rust'),
    );
    const a = analysis([code('src/parser.rs', 'Rust'), code('src/lexer.rs', 'Rust'), ...files], {
      frameworks: ['cargo test'],
      files: files.map((f) => ({ path: f.path, cases: 2 })),
      inline: [
        { path: 'src/parser.rs', cases: 40 },
        { path: 'src/lexer.rs', cases: 1 },
      ],
      totalCases: 93,
    });
    const out = writeTesting(ctx(a));
    // 28 files hold cases; the 25 listed hold 40 + 24 × 2, the other 3 hold 2 + 2 + 1
    expect(out).toContain('The 25 files with the most cases hold 88 cases; 3 more files hold the other 5.');
    expect(out).toMatch(/\| `src\/parser\.rs` \| 40 \|/);
    expect(out).not.toContain('test files per product source file');
  });

  it('names as test commands only the scripts that run tests, and a banner recipe by its name', () => {
    const a = analysis([code('src/a.py', 'Python'), code('tests/test_a.py', 'Python')], {
      frameworks: ['pytest'],
      files: [{ path: 'tests/test_a.py', cases: 1 }],
      totalCases: 1,
    });
    a.entryPoints = [
      script('test', 'python -m pytest tests', 'Makefile', 4),
      script('test-readme', 'python setup.py check --restructuredtext --strict', 'Makefile', 10),
      script('richtest', '$(info ******** running tests ********)', 'Makefile', 26),
    ];
    const out = writeTesting(ctx(a));
    expect(out).toContain('`test` → `python -m pytest tests`');
    expect(out).toMatch(/`richtest` \(/);
    expect(out).not.toContain('test-readme');
    expect(out).not.toContain('running tests');
  });

  it('a test recipe that reruns the tests in a watch loop is not how tests run', () => {
    const a = analysis([code('src/a.rs', 'Rust'), code('tests/a.rs', 'Rust')], {
      frameworks: ['cargo test'],
      files: [{ path: 'tests/a.rs', cases: 1 }],
      totalCases: 1,
    });
    a.entryPoints = [
      { ...script('test', '', 'justfile', 16), command: undefined, prerequisites: ["watch 'test --all'"] },
      script('test-watch', 'cargo watch -x test', 'justfile', 20),
    ];
    expect(writeTesting(ctx(a))).not.toContain('Tests run with');
  });

  it('finds static checks in CI jobs, pre-commit and build plugins, not in a docs link check', () => {
    const a = analysis([code('src/a.py', 'Python'), code('tests/test_a.py', 'Python')], {
      frameworks: ['pytest'],
      files: [{ path: 'tests/test_a.py', cases: 1 }],
      totalCases: 1,
    });
    a.entryPoints = [script('linkcheck', '$(SPHINXBUILD) -b linkcheck . _build', 'docs/Makefile', 188)];
    a.ci = [
      { provider: 'GitHub Actions', path: '.github/workflows/lint.yml', jobs: ['lint'] },
      { provider: 'GitHub Actions', path: '.github/workflows/typecheck.yml', jobs: ['typecheck'] },
      { provider: 'GitHub Actions', path: '.github/workflows/ci.yml', jobs: ['test', 'ensure_cargo_fmt'] },
      // static analysis of the code for security: a check too, named by its workflow
      { provider: 'GitHub Actions', path: '.github/workflows/codeql.yml', jobs: ['analyze'] },
    ];
    a.staticChecks = [
      { tool: 'check-yaml', path: '.pre-commit-config.yaml', line: 7, via: 'pre-commit' },
      { tool: 'ruff-check', path: '.pre-commit-config.yaml', line: 18, via: 'pre-commit' },
    ];
    const out = writeTesting(ctx(a));
    expect(out).not.toContain('linkcheck');
    expect(out).toMatch(
      /Static checks: CI jobs `lint` .*`typecheck` .*`ensure_cargo_fmt` .*`analyze` \(`\.github\/workflows\/codeql\.yml`\)/,
    );
    expect(out).toMatch(/pre-commit hooks `ruff-check` .* and `check-yaml`/);
  });

  it('says no static check was found only when none of the places holds one', () => {
    const a = analysis([code('src/a.go', 'Go'), code('src/a_test.go', 'Go')], {
      frameworks: ['go test'],
      files: [{ path: 'src/a_test.go', cases: 1 }],
      totalCases: 1,
    });
    expect(writeTesting(ctx(a))).toMatch(
      /No lint, format or type-check script, CI job, pre-commit hook, build plugin/,
    );
    a.staticChecks = [{ tool: 'maven-checkstyle-plugin', path: 'pom.xml', line: 200, via: 'build-plugin' }];
    expect(writeTesting(ctx(a))).toMatch(/Static checks: build plugins `maven-checkstyle-plugin`/);
  });
});

describe('the CI and TODO sentences', () => {
  it('says a workflow runs the checks only when its steps test or lint, naming the commands', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      {
        kind: 'make-target',
        name: 'ci',
        command: 'python -m pytest tests',
        path: 'Makefile',
        line: 7,
        area: 'product',
      },
    ];
    a.ci = [
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/node.yml',
        jobs: ['build'],
        commands: ['npm ci', 'npm run lint'],
      },
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/tests.yml',
        jobs: ['build'],
        commands: ['pip install pre-commit', 'make ci'],
      },
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/publish.yml',
        jobs: ['publish'],
        commands: ['npm ci', 'npm publish'],
        publishes: true,
      },
    ];
    const said = ciRuns(a);
    expect(said).toMatch(/node\.yml.*tests\.yml.* run the checks in CI \(`npm run lint` and `make ci`\)/);
    expect(said).not.toMatch(/publish|pre-commit/);
  });

  it('names the jobs that run the tests and their matrix, a command read past the variables it sets', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      { path: 'Makefile', line: 3, kind: 'make-target', name: 'richtest', command: 'richgo test ./...' },
    ] as Analysis['entryPoints'];
    a.ci = [
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/test.yml',
        jobs: ['lint', 'unit'],
        commands: ['golangci/golangci-lint-action', 'COLOR=1 PATH=$HOME/bin:$PATH make richtest'],
        jobRuns: [
          { job: 'lint', commands: ['golangci/golangci-lint-action'] },
          {
            job: 'unit',
            commands: ['COLOR=1 PATH=$HOME/bin:$PATH make richtest'],
            matrix: [
              { name: 'platform', values: ['ubuntu', 'macOS'] },
              { name: 'go', values: ['22', '23'] },
            ],
          },
        ],
      },
    ];
    expect(ciRuns(a)).toBe(
      '`.github/workflows/test.yml` runs the checks in CI (`golangci/golangci-lint-action` and `make richtest`). The tests run in the job `unit` (platform ubuntu and macOS × go 22 and 23).',
    );
  });

  it("a tool named in a message, a branch name or an argument line runs nothing; a repository's test script runs the tests", () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [];
    a.files = [
      ...a.files,
      {
        path: 'scripts/test-cov.sh',
        size: 10,
        language: 'Bourne Shell',
        code: 2,
        comment: 0,
        blank: 0,
        role: 'other',
      },
      {
        path: 'scripts/check',
        size: 10,
        language: 'Bourne Shell',
        code: 2,
        comment: 0,
        blank: 0,
        role: 'other',
      },
    ] as Analysis['files'];
    a.ci = [
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/bump-hooks.yml',
        jobs: ['bump'],
        commands: [
          'uv run prek auto-update --freeze',
          'echo "No pre-commit hook updates available"',
          'branch="bump-pre-commit-hooks"',
          'git commit -m "Bump pre-commit hooks"',
          '--label pre-commit',
        ],
      },
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/test.yml',
        jobs: ['test'],
        commands: [
          'uv sync --group tests',
          'uv run --no-sync bash scripts/test-cov.sh $OPTS',
          'scripts/check',
        ],
        jobRuns: [
          { job: 'test', commands: ['uv run --no-sync bash scripts/test-cov.sh $OPTS', 'scripts/check'] },
        ],
      },
    ];
    expect(ciRuns(a)).toBe(
      '`.github/workflows/test.yml` runs the checks in CI (`uv run --no-sync bash scripts/test-cov.sh $OPTS` and `scripts/check`). The tests run in the job `test`.',
    );
  });

  it('counts the runs of a matrix its include or exclude entries make other than the product of its axes', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [];
    a.ci = [
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/test.yml',
        jobs: ['test'],
        commands: ['pytest'],
        jobRuns: [
          {
            job: 'test',
            commands: ['pytest'],
            matrix: [
              { name: 'os', values: ['ubuntu', 'macos'] },
              { name: 'go', values: ['24', '22'] },
            ],
            combinations: 3,
          },
        ],
      },
    ];
    expect(ciRuns(a)).toContain(
      'The tests run in the job `test` (os ubuntu and macos × go 24 and 22: 3 combinations).',
    );
  });

  it('gives a long matrix axis by its count', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [];
    const targets = Array.from({ length: 14 }, (_, i) => `t${i}`);
    a.ci = [
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/ci.yml',
        jobs: ['msrv', 'build'],
        commands: ['cargo test --locked'],
        jobRuns: [
          { job: 'msrv', commands: ['cargo test --locked'] },
          {
            job: 'build',
            commands: ['cargo test --target=x'],
            matrix: [{ name: 'target', values: targets, entries: true }],
          },
        ],
      },
    ];
    expect(ciRuns(a)).toContain(
      'The tests run in the jobs `msrv` and `build` (14 configurations by target).',
    );
  });

  it('counts Gradle build and Maven verify as running the tests, unless they are skipped', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [];
    a.ci = [
      {
        provider: 'GitHub Actions',
        path: 'g.yml',
        jobs: [],
        commands: ['./gradlew build', './mvnw -B verify', 'mvn package -DskipTests'],
      },
    ];
    expect(ciRuns(a)).toMatch(/\(`.\/gradlew build` and `.\/mvnw -B verify`\)/);
  });

  it('counts only the product code TODOs under Code Quality, as the other chapters do', () => {
    const a = analysis([code('src/app.ts', 'TypeScript'), code('tests/app.test.ts', 'TypeScript')], {
      frameworks: [],
      files: [{ path: 'tests/app.test.ts', cases: 1 }],
      totalCases: 1,
    } as unknown as Analysis['tests']);
    a.todos = [
      { tag: 'TODO', text: 'a', file: 'src/app.ts', line: 1 },
      { tag: 'TODO', text: 'b', file: 'tests/app.test.ts', line: 1 },
    ];
    const c = ctx(a);
    c.plan = { ...c.plan, focus: 'quality' };
    expect(writeTesting(c)).toMatch(/1 TODO\/FIXME marker remains in the product code/);
  });

  it("takes the comment share over the product's files, not generated ones beside them", () => {
    const own = { ...code('src/app.ts', 'TypeScript', 60), comment: 40 };
    const css = { ...code('static/css/site.css', 'CSS', 8000), role: 'generated' as const };
    const a = analysis([own, css, code('tests/app.test.ts', 'TypeScript')], {
      frameworks: [],
      files: [{ path: 'tests/app.test.ts', cases: 1 }],
      totalCases: 1,
    } as unknown as Analysis['tests']);
    a.project = { ...a.project, lines: { code: 8080, comment: 40, blank: 0 } };
    const c = ctx(a);
    c.plan = { ...c.plan, focus: 'quality' };
    expect(writeTesting(c)).toContain('Comments make up 40.0% of the non-blank lines of the product');
  });
});

describe('the size of a test or benchmark folder', () => {
  it('is the one the directory layout gives, not a second count of its code files', () => {
    const a = analysis(
      [
        code('lib/app.js', 'JavaScript'),
        code('benchmarks/run.js', 'JavaScript', 30),
        code('benchmarks/data.json', 'JSON', 50),
        code('__tests__/app.test.js', 'JavaScript'),
      ],
      { frameworks: ['node:test'], files: [{ path: '__tests__/app.test.js', cases: 2 }], totalCases: 2 },
    );
    const node = (name: string, files: number, lines: number) => ({
      name,
      path: name,
      files,
      bytes: 0,
      lines,
      children: [],
    });
    a.tree.children = [node('benchmarks', 2, 80), node('__tests__', 1, 20), node('lib', 1, 20)];
    const out = writeTesting(ctx(a));
    expect(out).toContain('Benchmarks live in `benchmarks` (2 files, 80 lines of code).');
  });
});

describe('the comment share in Code Quality', () => {
  it('is measured over the product, beside the product figures, not over tests and data', () => {
    const a = analysis(
      [
        { ...code('lib/app.js', 'JavaScript', 80), comment: 20 },
        { ...code('__tests__/app.test.js', 'JavaScript', 900), comment: 0 },
      ],
      { frameworks: ['node:test'], files: [{ path: '__tests__/app.test.js', cases: 2 }], totalCases: 2 },
    );
    a.project.lines = { code: 980, comment: 20, blank: 0 };
    const out = writeTesting({
      ...ctx(a),
      plan: {
        id: '8.2',
        level: 2,
        title: 'Code Quality',
        kind: 'testing',
        focus: 'quality',
        evidence: [],
        hasChildren: false,
      },
    });
    expect(out).toContain('Comments make up 20.0% of the non-blank lines of the product');
  });
});

describe('the CI sentence of the test suites', () => {
  it('is left out when there is neither a test nor a static check for a CI workflow to run', () => {
    const a = analysis([code('src/app.ts', 'TypeScript')], { frameworks: [], files: [], totalCases: 0 });
    expect(writeTesting(ctx(a))).not.toMatch(/No CI workflow/);
  });

  it('is left out of a test-suites section when the only checks are told in a quality section', () => {
    const a = analysis([code('src/app.ts', 'TypeScript')], { frameworks: [], files: [], totalCases: 0 });
    a.entryPoints = [{ ...script('lint', 'eslint .', 'package.json', 7), kind: 'npm-script' }];
    a.staticChecks = [{ tool: 'ESLint', path: '.eslintrc.json', via: 'config' }];
    const suites = writeTesting({ ...ctx(a), plan: { ...ctx(a).plan, focus: 'suites' } });
    expect(suites).not.toMatch(/No CI workflow/);
    expect(writeTesting(ctx(a))).toMatch(/No CI workflow runs these checks automatically/);
  });

  it('says no CI runs the tests when there are tests', () => {
    const a = analysis([code('src/app.ts', 'TypeScript'), code('src/app.test.ts', 'TypeScript')], {
      frameworks: ['vitest'],
      files: [{ path: 'src/app.test.ts', cases: 2 }],
      totalCases: 2,
    });
    expect(writeTesting(ctx(a))).toMatch(/No CI workflow runs these checks automatically/);
  });
});

describe('static checks among the package scripts', () => {
  it('counts a format check but not a formatter that rewrites the files', () => {
    const a = analysis([code('src/app.ts', 'TypeScript')], { frameworks: [], files: [], totalCases: 0 });
    const npm = (name: string, command: string, line: number): EntryPoint => ({
      ...script(name, command, 'package.json', line),
      kind: 'npm-script',
    });
    a.entryPoints = [
      npm('lint', 'eslint .', 7),
      npm('format', 'prettier --write .', 8),
      npm('format:check', 'prettier --check .', 9),
    ];
    a.staticChecks = [{ tool: 'ESLint', path: 'eslint.config.js', via: 'config' }];
    const quality = writeTesting({ ...ctx(a), plan: { ...ctx(a).plan, focus: 'quality' } });
    expect(quality).toMatch(
      /Static checks: scripts `lint` → `eslint \.` .* and `format:check` → `prettier --check \.`/,
    );
    expect(quality).not.toMatch(/--write/);
  });

  it('counts a script by the program it runs: a test-named check, not a tool named in an argument', () => {
    const a = analysis([code('src/app.ts', 'TypeScript')], { frameworks: [], files: [], totalCases: 0 });
    const npm = (name: string, command: string, line: number): EntryPoint => ({
      ...script(name, command, 'package.json', line),
      kind: 'npm-script',
    });
    a.entryPoints = [
      npm('test:types', 'tsc --noEmit', 7),
      npm('test:spec', 'vitest run', 8),
      npm('copy', `json -I -f dist/package.json -e "this.prettier=undefined;"`, 9),
      npm('bench-formatters', 'node benchmarks/utils/runbench formatters', 10),
    ];
    const quality = writeTesting({ ...ctx(a), plan: { ...ctx(a).plan, focus: 'quality' } });
    expect(quality).toMatch(/Static checks: scripts `test:types` → `tsc --noEmit` \(`package\.json:7`\)\.$/m);
  });

  it('tells a lint script whose linter has no configuration apart from the checks', () => {
    const a = analysis([code('src/app.ts', 'TypeScript')], { frameworks: [], files: [], totalCases: 0 });
    a.entryPoints = [{ ...script('lint', 'next lint', 'package.json', 7), kind: 'npm-script' }];
    a.staticChecks = [];
    const quality = writeTesting({ ...ctx(a), plan: { ...ctx(a).plan, focus: 'quality' } });
    expect(quality).not.toMatch(/Static checks:/);
    expect(quality).not.toMatch(/No lint, format or type-check script/);
    expect(quality).toContain(
      'The script `lint` (`next lint`, `package.json:7`) runs ESLint, but no ESLint configuration is committed',
    );
  });
});

describe('test folders', () => {
  it('names where the test code lives, and says nothing of how the report treats the folders', () => {
    const files = [
      code('src/app.ts', 'TypeScript'),
      code('src/db/pool.ts', 'TypeScript'),
      code('test/app.test.ts', 'TypeScript'),
    ];
    const tests = { frameworks: ['vitest'], files: [{ path: 'test/app.test.ts', cases: 2 }], totalCases: 2 };
    const one = analysis(files, tests as Analysis['tests']);
    one.moduleGraph = { nodes: [{ id: 'src', files: 1, lines: 20 }], edges: [] };
    expect(writeTesting(ctx(one))).toMatch(
      /^Test code outside the product sources lives in `test`[^\n]*\.$/m,
    );
    expect(writeTesting(ctx(one))).not.toMatch(/left out of/);
    const two = analysis(files, tests as Analysis['tests']);
    two.moduleGraph = {
      nodes: [
        { id: 'src', files: 1, lines: 20 },
        { id: 'src/db', files: 1, lines: 20 },
      ],
      edges: [{ from: 'src', to: 'src/db', weight: 1 }],
    };
    expect(writeTesting(ctx(two))).not.toMatch(/left out of|module graph/);
  });
});
