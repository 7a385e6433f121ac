// Static checks set up outside scripts and CI job names: pre-commit, build plugins, tool configs.
import { describe, expect, it } from 'vitest';
import { ciPass, githubJobRuns, staticChecksPass, withToolVariable } from './ci.ts';
import { sourcesFromMap } from './sources.ts';

describe('staticChecksPass()', () => {
  it('reads pre-commit hooks, Maven and Gradle lint plugins and linter configs', () => {
    const src = sourcesFromMap({
      '.pre-commit-config.yaml':
        'repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    hooks:\n      - id: ruff-check\n',
      'pom.xml': [
        '<build><plugins>',
        '  <plugin>',
        '    <groupId>org.apache.maven.plugins</groupId>',
        '    <artifactId>maven-checkstyle-plugin</artifactId>',
        '    <dependencies><dependency>',
        '      <groupId>com.puppycrawl.tools</groupId>',
        '      <artifactId>checkstyle</artifactId>',
        '    </dependency></dependencies>',
        '  </plugin>',
        '  <plugin><artifactId>maven-surefire-plugin</artifactId></plugin>',
        '</plugins></build>',
      ].join('\n'),
      'build.gradle': "plugins {\n  id 'java'\n  id 'checkstyle'\n}\ncheckstyle {\n  toolVersion = '10'\n}\n",
      '.golangci.yml': 'linters:\n  enable: [govet]\n',
      'pyproject.toml': '[project]\nname = "x"\n\n[tool.mypy]\nstrict = true\n',
      'tests/fixtures/app/.eslintrc.json': '{}',
      'examples/demo/.golangci.yml': 'linters: {}\n',
    });
    const found = staticChecksPass(src);
    expect(found).toHaveLength(5);
    expect(found).toEqual(
      expect.arrayContaining([
        { tool: 'ruff-check', path: '.pre-commit-config.yaml', line: 4, via: 'pre-commit' },
        { tool: 'golangci-lint', path: '.golangci.yml', via: 'config' },
        { tool: 'checkstyle', path: 'build.gradle', line: 3, via: 'build-plugin' },
        { tool: 'maven-checkstyle-plugin', path: 'pom.xml', line: 2, via: 'build-plugin' },
        { tool: 'mypy', path: 'pyproject.toml', line: 4, via: 'config' },
      ]),
    );
  });

  it("reads ESLint's configuration from package.json's eslintConfig", () => {
    const src = sourcesFromMap({
      'package.json': '{\n  "name": "x",\n  "eslintConfig": {\n    "extends": "next"\n  }\n}\n',
      'web/package.json': '{ "name": "y" }',
    });
    expect(staticChecksPass(src)).toEqual([{ tool: 'ESLint', path: 'package.json', line: 3, via: 'config' }]);
  });
});

describe('what a CI workflow runs', () => {
  const workflow = (yaml: string) => ciPass(sourcesFromMap({ '.github/workflows/w.yml': yaml }))[0]!;

  it('reads the commands of its steps, not the names of its jobs', () => {
    const w = workflow(
      'jobs:\n  build:\n    steps:\n      - uses: actions/checkout@v4\n      - name: Lint\n        run: |\n          npm ci\n          npm run lint # style\n',
    );
    expect(w.commands).toEqual(['actions/checkout', 'npm ci', 'npm run lint']);
    expect(w.publishes).toBe(false);
  });

  it('names the registries its steps publish to, as the root manifests name the package; a dry run publishes nothing', () => {
    const [release, dry] = ciPass(
      sourcesFromMap({
        '.github/workflows/release.yml':
          'jobs:\n  npm:\n    steps:\n      - run: npm stage publish --provenance\n  jsr:\n    steps:\n      - run: deno run -A jsr:@david/publish-on-tag@0.1.4\n',
        '.github/workflows/ci.yml':
          'jobs:\n  jsr-dry-run:\n    steps:\n      - run: npx jsr publish --dry-run\n',
        'package.json': '{\n  "name": "web",\n  "dependencies": { "x": { "name": "no" } }\n}\n',
        'jsr.json': '{\n  "name": "@web/web",\n  "version": "0.0.0"\n}\n',
      }),
    );
    expect(release!.registries).toEqual([
      { registry: 'npm', name: 'web', path: 'package.json', line: 2 },
      { registry: 'JSR', name: '@web/web', path: 'jsr.json', line: 2 },
    ]);
    expect(dry!.registries).toBeUndefined();
    expect(workflow('jobs:\n  p:\n    steps:\n      - run: cargo publish\n').registries).toEqual([
      { registry: 'crates.io' },
    ]);
  });

  it('publishes when a step uploads a package, an image or a GitHub release', () => {
    expect(workflow('jobs:\n  p:\n    steps:\n      - run: npm publish\n').publishes).toBe(true);
    expect(
      workflow('jobs:\n  p:\n    steps:\n      - uses: pypa/gh-action-pypi-publish@v1\n').publishes,
    ).toBe(true);
    expect(
      workflow(
        'jobs:\n  p:\n    steps:\n      - uses: docker/build-push-action@v6\n        with:\n          push: true\n',
      ).publishes,
    ).toBe(true);
  });

  it('does not publish for a dry run, an image built without push, or a deploy to a test cluster', () => {
    expect(workflow('jobs:\n  p:\n    steps:\n      - run: bunx jsr publish --dry-run\n').publishes).toBe(
      false,
    );
    expect(workflow('jobs:\n  p:\n    steps:\n      - uses: docker/build-push-action@v6\n').publishes).toBe(
      false,
    );
    expect(
      workflow(
        'name: Deploy and Test Cluster\njobs:\n  d:\n    steps:\n      - uses: helm/kind-action@v1\n      - run: kubectl apply -f k8s/\n',
      ).publishes,
    ).toBe(false);
  });

  it('finds a publish step past the commands the analysis keeps', () => {
    const steps = Array.from({ length: 70 }, (_, i) => `      - run: echo step ${i}\n`).join('');
    const w = workflow(`jobs:\n  r:\n    steps:\n${steps}      - uses: softprops/action-gh-release@v2\n`);
    expect(w.publishes).toBe(true);
    expect(w.commands!.length).toBeLessThanOrEqual(60);
  });
});

describe('GitHub Actions jobs', () => {
  it("reads each job's commands and the matrix it runs over, not one given by an expression", () => {
    const runs = githubJobRuns({
      lint: { steps: [{ uses: 'golangci/golangci-lint-action@v8' }] },
      test: {
        strategy: { matrix: { os: ['ubuntu', 'macos'], go: [21, 22], include: [{ os: 'windows' }] } },
        steps: [{ uses: 'actions/checkout@v4' }, { run: 'make test' }],
      },
      other: { strategy: { matrix: '${{ fromJSON(needs.x.outputs.m) }}' }, steps: [{ run: 'echo hi' }] },
    });
    expect(runs).toEqual([
      { job: 'lint', commands: ['golangci/golangci-lint-action'] },
      {
        job: 'test',
        commands: ['actions/checkout', 'make test'],
        // the `include` entry fits no combination: it is a fifth run, on Windows
        matrix: [
          { name: 'os', values: ['ubuntu', 'macos', 'windows'] },
          { name: 'go', values: ['21', '22'] },
        ],
        combinations: 5,
      },
      { job: 'other', commands: ['echo hi'] },
    ]);
  });

  it('leaves out a step whose `if:` no combination of the matrix meets', () => {
    const [test] = githubJobRuns({
      test: {
        strategy: { matrix: { db: ['sqlite', 'postgres'], include: [{ db: 'postgres', user: 'runner' }] } },
        steps: [
          { if: "matrix.db == 'mysql'", run: 'sudo systemctl start mysql.service' },
          { if: "matrix.db == 'postgres'", run: 'sudo systemctl start postgresql.service' },
          { run: 'pytest' },
        ],
      },
    });
    expect(test!.commands).toEqual(['sudo systemctl start postgresql.service', 'pytest']);
    expect(test!.matrix).toEqual([{ name: 'db', values: ['sqlite', 'postgres'] }]);
    const [w] = ciPass(
      sourcesFromMap({
        '.github/workflows/ci.yml':
          "jobs:\n  t:\n    strategy:\n      matrix:\n        os: [ubuntu]\n    steps:\n      - if: matrix.os == 'windows'\n        run: ruff check\n      - run: pytest\n",
      }),
    );
    expect(w!.commands).toEqual(['pytest']);
  });

  it('reads a command run through a job variable with its default program, and a matrix of entries by its key', () => {
    const [build] = githubJobRuns({
      build: {
        strategy: {
          matrix: {
            job: [
              { target: 'x86_64-unknown-linux-gnu', os: 'ubuntu', 'use-cross': true },
              { target: 'x86_64-pc-windows-msvc', os: 'windows' },
              { target: 'aarch64-pc-windows-msvc', os: 'windows' },
            ],
          },
        },
        env: { BUILD_CMD: "${{ matrix.job.use-cross && 'cross' || 'cargo' }}" },
        steps: [{ run: '$BUILD_CMD test --locked --target="${target}"' }],
      },
    });
    expect(build).toEqual({
      job: 'build',
      commands: ['cargo test --locked --target="${target}"'],
      // `os` repeats across entries; `target` tells them apart
      matrix: [
        {
          name: 'target',
          values: ['x86_64-unknown-linux-gnu', 'x86_64-pc-windows-msvc', 'aarch64-pc-windows-msvc'],
          entries: true,
        },
      ],
    });
    expect(withToolVariable('${RUNNER} test', { RUNNER: 'pytest' })).toBe('pytest test');
    // a variable the job does not set, or one set from elsewhere, is left as written
    expect(withToolVariable('$CMD test', {})).toBe('$CMD test');
    expect(withToolVariable('$CMD test', { CMD: '${{ inputs.cmd }}' })).toBe('$CMD test');
  });
});

describe('CircleCI jobs', () => {
  it('runs a job once per combination of its workflow matrix; a shell branch no run takes runs nothing', () => {
    const config = [
      'version: 2.1',
      'jobs:',
      '  test:',
      '    parameters:',
      '      version: { type: string, default: latest }',
      '    steps:',
      '      - checkout',
      '      - run:',
      '          name: vet',
      '          command: >',
      '            if [[ << parameters.version >> = "latest" ]]; then',
      '              go vet ./...',
      '            fi',
      '      - run: go test ./...',
      'workflows:',
      '  tests:',
      '    jobs:',
      '      - test:',
      '          matrix:',
      '            parameters:',
      '              version: ["1.22", "1.21", "1.20"]',
      '',
    ].join('\n');
    const [c] = ciPass(sourcesFromMap({ '.circleci/config.yml': config }));
    expect(c!.commands).not.toContain('go vet ./...');
    expect(c!.commands).toContain('go test ./...');
    expect(c!.jobRuns).toEqual([
      {
        job: 'test',
        commands: ['if [[ << parameters.version >> = "latest" ]]; then', 'fi', 'go test ./...'],
        matrix: [{ name: 'version', values: ['1.22', '1.21', '1.20'] }],
        runs: 3,
      },
    ]);
    // run on `latest` as well, the check runs
    const latest = config.replace('["1.22", "1.21", "1.20"]', '["latest", "1.21"]');
    expect(ciPass(sourcesFromMap({ '.circleci/config.yml': latest }))[0]!.commands).toContain('go vet ./...');
  });
});
