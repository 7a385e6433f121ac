// Scripts are described by a verb that fits them all: they "drive the build" only when each builds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { Analysis, EntryPoint } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  buildDeploy,
  ciByWeight,
  kubernetesObjects,
  publishedTo,
  readmeImageBuilds,
  releaseSteps,
  writeBuildDeploy,
  builds,
} from './build-deploy.ts';

const scriptsFinding = (a: ReturnType<typeof sampleAppAnalysis>) =>
  buildDeploy.analyst(a).find((x) => x.aspect === 'scripts')?.statement ?? '';

describe('build scripts', () => {
  it('a check that runs the compiler builds nothing; a build script does', () => {
    expect(builds('check:type:ts', 'tsd && tsc -p tsconfig.ts.json')).toBe(false);
    expect(builds('typecheck', 'tsc')).toBe(false);
    expect(builds('types', 'tsc --noEmit')).toBe(false);
    expect(builds('prepare', 'tsc -p tsconfig.build.json')).toBe(true);
    expect(builds('build', 'node scripts/build.js')).toBe(true);
    const a = sampleAppAnalysis();
    a.entryPoints = [
      {
        kind: 'npm-script',
        name: 'check:type',
        command: 'tsc -p tsconfig.js.json',
        path: 'package.json',
        line: 5,
      },
      { kind: 'npm-script', name: 'test', command: 'node --test', path: 'package.json', line: 6 },
    ];
    expect(scriptsFinding(a)).toBe('2 package scripts automate project tasks: check:type and test.');
  });

  it('automate project tasks, the build included, when only some of them build', () => {
    const said = scriptsFinding(sampleAppAnalysis());
    expect(said).toMatch(
      /make targets automate project tasks, the build included, under \d+ distinct names: build, start/,
    );
    expect(said).not.toMatch(/drive the build/);
  });

  it('drive the build only when every one compiles or bundles the product', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      { kind: 'npm-script', name: 'build', command: 'tsc -p .', path: 'package.json', line: 5 },
      { kind: 'npm-script', name: 'bundle', command: 'esbuild src/index.ts', path: 'package.json', line: 6 },
    ];
    expect(scriptsFinding(a)).toBe('2 package scripts drive the build: build and bundle.');
  });

  it('automate project tasks when none builds (completions, tests, a dev server)', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = a.entryPoints.filter((e) => e.name !== 'build');
    a.entryPoints.push({
      kind: 'make-target',
      name: 'completions',
      command: 'cargo run -- --gen-completions',
      path: 'Makefile',
      line: 3,
    });
    const said = scriptsFinding(a);
    expect(said).toMatch(/make targets automate project tasks, under \d+ distinct names: start, dev/);
    expect(said).not.toMatch(/drive the build/);
  });
});

describe('no task runner', () => {
  it('says builds use the toolchain directly only when no product image or shell script has steps of its own', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = a.entryPoints.filter((e) => e.kind !== 'make-target' && e.kind !== 'npm-script');
    a.containers = [];
    const said = (x: Analysis) =>
      writeBuildDeploy({
        a: x,
        fx: factsOf(x),
        plan: { id: '7', level: 1, title: 'Build', kind: 'build-deploy', evidence: [], hasChildren: false },
        findings: [],
        allFindings: {},
        projectName: 'p',
        workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
      });
    expect(said(a)).toContain('builds use the language toolchain directly.');
    a.containers = [
      { path: 'docker/Dockerfile', kind: 'dockerfile', baseImages: ['python:3'], exposedPorts: [] },
    ];
    expect(said(a)).toContain('No package scripts, Makefile targets or justfile recipes were found.');
    expect(said(a)).not.toContain('toolchain directly');
    // one script per task in scripts/: the project's tasks, not the toolchain used directly
    a.containers = [];
    a.files = [
      ...a.files,
      ...['scripts/install', 'scripts/test', 'scripts/build', 'scripts/README.md'].map((p) => ({
        ...a.files[0]!,
        path: p,
        role: 'other' as const,
      })),
    ];
    expect(said(a)).toContain(
      "No package scripts, Makefile targets or justfile recipes were found; the project's tasks are scripts in `scripts/`: `install`, `test` and `build`.",
    );
  });
});

describe('a target on a path the repository lacks', () => {
  it('automates nothing, and the build table says the path is missing; a Go package pattern is no path', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      { kind: 'make-target', name: 'test', command: 'go test ./...', path: 'Makefile', line: 1 },
      {
        kind: 'make-target',
        name: 'docs',
        command: 'npx docsify-cli serve ./docs',
        path: 'Makefile',
        line: 4,
      },
      { kind: 'make-target', name: 'seed', command: 'node ./src/app.ts', path: 'Makefile', line: 7 },
      {
        kind: 'make-target',
        name: 'esm',
        command: 'gen-esm-wrapper . ./dist/app.mjs',
        path: 'Makefile',
        line: 9,
      },
    ];
    expect(a.files.some((f) => f.path.startsWith('src/'))).toBe(true);
    // counted apart, so the finding adds up to the table's rows
    expect(scriptsFinding(a)).toMatch(
      /3 make targets automate project tasks: test, seed and esm; 1 more works on a path the repository lacks \(docs\)/,
    );
    const md = writeBuildDeploy({
      a,
      fx: factsOf(a),
      plan: { id: '7', level: 1, title: 'Build', kind: 'build-deploy', evidence: [], hasChildren: false },
      findings: [],
      allFindings: {},
      projectName: 'p',
      workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
    });
    expect(md).toContain('`npx docsify-cli serve ./docs` (`./docs` is not in the repository)');
    expect(md).not.toMatch(/\.\/\.\.\.` is not|\.\/src\/app\.ts` is not/);
  });
});

describe('the build and deployment chapter', () => {
  const write = (a: Analysis) =>
    writeBuildDeploy({
      a,
      fx: factsOf(a),
      plan: { id: '7', level: 1, title: 'Build', kind: 'build-deploy', evidence: [], hasChildren: false },
      findings: [],
      allFindings: {},
      projectName: 'p',
      workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
    });

  it('a package with no container files reaches its users through their builds, an application ships no image', () => {
    const app = sampleAppAnalysis();
    app.containers = [];
    app.files = app.files.filter((f) => !/Dockerfile|compose/i.test(f.path));
    app.entryPoints = app.entryPoints.filter((e) => e.kind !== 'dockerfile' && e.kind !== 'compose-service');
    expect(write(app)).toContain(
      'There is no Dockerfile or compose file, so the project ships no container image.',
    );
    const lib = { ...app, identity: { ...app.identity!, kind: 'library' as const } };
    expect(write(lib)).toContain(
      'There is no Dockerfile or compose file: as a package, it reaches its users through their package manager, not as a container image.',
    );
  });
  it('names a declared task runner as where the tasks live when there are no scripts or targets', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = a.entryPoints.filter((e) => e.kind !== 'npm-script' && e.kind !== 'make-target');
    // no image whose RUN steps could build either
    a.containers = [];
    const none = write(a);
    expect(none).toContain('builds use the language toolchain directly');
    a.dependencies = [
      ...a.dependencies,
      { ecosystem: 'pip', name: 'tox', version: '*', scope: 'dev', manifest: 'pyproject.toml', line: 28 },
    ];
    const md = write(a);
    expect(md).toContain("the project's tasks run through tox (`pyproject.toml:28`).");
    expect(md).not.toMatch(/toolchain directly/);
  });

  const target = (name: string, path: string, area: EntryPoint['area']): EntryPoint => ({
    kind: 'make-target',
    name,
    path,
    line: 1,
    area,
  });

  it("counts the product's own make targets and puts the docs' apart", () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      target('test', 'Makefile', 'product'),
      target('publish', 'Makefile', 'product'),
      target('html', 'docs/Makefile', 'docs'),
      target('latex', 'docs/Makefile', 'docs'),
    ];
    const said = write(a);
    expect(said).toMatch(/`Makefile` offers 2 targets:[\s\S]*\| `test` \|[\s\S]*\| `publish` \|/);
    expect(said).toMatch(/Another 2 make targets belong to the docs\./);
    expect(said).not.toMatch(/`html`/);
  });

  it('tells each target by what it runs, the default goal first; a banner is no task', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      {
        kind: 'make-target',
        name: 'all',
        path: 'Makefile',
        line: 2,
        printsOnly: true,
        defaultGoal: true,
        area: 'product',
      },
      {
        kind: 'make-target',
        name: 'test',
        command: 'go test -race ./...',
        path: 'Makefile',
        line: 9,
        area: 'product',
      },
      {
        kind: 'make-target',
        name: 'ci',
        prerequisites: ['test'],
        path: 'Makefile',
        line: 12,
        area: 'product',
      },
    ];
    const said = write(a);
    expect(said).toContain('offers 3 targets; a bare `make` runs `all`:');
    expect(said).toMatch(/\| `all` \| prints a banner only \|/);
    expect(said).toMatch(/\| `test` \| `go test -race \.\/\.\.\.` \|/);
    expect(said).toMatch(/\| `ci` \| its prerequisites `test` \|/);
    const finding = buildDeploy.analyst(a).find((x) => x.aspect === 'scripts')!.statement;
    expect(finding).toMatch(/automate project tasks: test and ci/);
  });

  it('names the targets past the table rather than describing how the table was cut', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = Array.from({ length: 28 }, (_, i) => ({
      kind: 'make-target' as const,
      name: `t${i + 1}`,
      command: `echo ${i + 1}`,
      path: 'Makefile',
      line: i + 1,
      area: 'product' as const,
    }));
    const said = write(a);
    expect(said).toContain('3 more targets follow: `t26`, `t27` and `t28`.');
    expect(said).not.toMatch(/The table shows/);
  });

  it('counts the same targets as the table, naming those that only print apart', () => {
    const a = sampleAppAnalysis();
    const t = (name: string, line: number, extra: object) =>
      ({ kind: 'make-target', name, path: 'Makefile', line, area: 'product', ...extra }) as const;
    a.entryPoints = [
      t('build', 1, { command: 'go build ./...' }),
      t('test', 2, { command: 'go test ./...' }),
      t('pwd', 3, { printsOnly: true }),
    ];
    expect(write(a)).toContain('offers 3 targets');
    const finding = buildDeploy.analyst(a).find((x) => x.aspect === 'scripts')!.statement;
    expect(finding).toBe(
      '2 make targets automate project tasks, the build included: build and test; 1 more only prints text.',
    );
  });

  it("tells a justfile's demonstrations apart from its project tasks, the private recipes they run with them", () => {
    const a = sampleAppAnalysis();
    const t = (name: string, line: number, extra: object) =>
      ({ kind: 'make-target', name, path: 'justfile', line, area: 'product', ...extra }) as const;
    a.entryPoints = [
      t('build', 1, { command: 'cargo build' }),
      t('test', 2, { command: 'cargo test' }),
      t('pwd', 3, { printsOnly: true, group: 'demo' }),
      t('polyglot', 4, { prerequisites: ['_python', '_ruby'], group: 'demo' }),
      t('_python', 5, { command: "#!/usr/bin/env python3; print('Hello')" }),
      t('_ruby', 6, { command: '#!/usr/bin/env ruby; puts "Hello"' }),
      t('banner', 7, { printsOnly: true }),
      // private, and run by no recipe: not a task of the project; one another recipe runs is
      t('_nu', 8, { command: '#!/usr/bin/env nu; print "Howdy"' }),
      t('_fmt', 9, { command: 'cargo fmt' }),
      t('lint', 10, { command: 'cargo clippy && just _fmt' }),
    ];
    expect(buildDeploy.analyst(a).find((x) => x.aspect === 'scripts')!.statement).toBe(
      '4 just recipes automate project tasks, the build included: build, test, \\_fmt and lint; 1 more only prints text; 4 more are demonstrations (the `demo` group and the private recipes they run); the private recipe \\_nu is run by no other recipe.',
    );
  });

  it("a justfile's recipes are build scripts too, run with just", () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      {
        kind: 'make-target',
        name: 'build',
        command: 'cargo build',
        path: 'justfile',
        line: 3,
        defaultGoal: true,
        area: 'product',
      },
    ];
    const said = write(a);
    expect(said).toContain('offers 1 recipe; a bare `just` runs `build`, which runs `cargo build`:');
    expect(buildDeploy.analyst(a).find((x) => x.aspect === 'scripts')!.statement).toMatch(
      /1 just recipe drives the build/,
    );
  });

  it('calls only publishing workflows release steps, whatever their name', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [];
    a.ci = [
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/deploy.yml',
        jobs: ['d'],
        commands: [],
        publishes: false,
      },
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/cicd.yml',
        jobs: ['b'],
        commands: [],
        publishes: true,
      },
    ];
    expect(releaseSteps(a)).toEqual(['`.github/workflows/cicd.yml`']);
  });

  it('says in words which registries the release workflows publish to, and under which name', () => {
    const a = sampleAppAnalysis();
    a.ci = [
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/release.yml',
        jobs: ['npm', 'jsr'],
        commands: [],
        publishes: true,
        registries: [
          { registry: 'npm', name: 'web', path: 'package.json', line: 2 },
          { registry: 'JSR', name: '@web/web', path: 'jsr.json', line: 2 },
        ],
      },
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/ci.yml',
        jobs: ['t'],
        commands: [],
        publishes: false,
      },
    ];
    expect(publishedTo(a)).toBe(
      'Releases are published to npm as `web` (`package.json:2`) and to JSR as `@web/web` (`jsr.json:2`), from `.github/workflows/release.yml`.',
    );
    a.ci = a.ci.slice(1);
    expect(publishedTo(a)).toBeUndefined();
  });

  it('says multi-stage only of a Dockerfile, and labels a dev container as a development environment', () => {
    const a = sampleAppAnalysis();
    a.containers = [
      {
        path: 'docker-compose.yml',
        kind: 'compose',
        baseImages: ['mysql:9', 'postgres:18'],
        exposedPorts: [],
        services: ['mysql', 'postgres'],
      },
      {
        path: '.devcontainer/Dockerfile',
        kind: 'dockerfile',
        baseImages: ['node:20', 'debian'],
        exposedPorts: [],
      },
    ];
    const said = write(a);
    expect(said).not.toMatch(/multi-stage/);
    expect(said).toMatch(/development environment \(dockerfile\)/);
    a.containers.push({
      path: 'Dockerfile',
      kind: 'dockerfile',
      baseImages: ['golang:1', 'scratch'],
      exposedPorts: [],
    });
    expect(write(a)).toMatch(/`Dockerfile`.* uses a multi-stage build/);
  });
});

describe('the order of CI workflows', () => {
  it('leads with the workflow that runs the tests and puts issue bots last', () => {
    const a = sampleAppAnalysis();
    a.ci = [
      { provider: 'GitHub Actions', path: '.github/workflows/close-issues.yml', jobs: ['close'] },
      { provider: 'GitHub Actions', path: '.github/workflows/codeql.yml', jobs: ['analyze'] },
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/lint.yml',
        jobs: ['lint'],
        commands: ['npx eslint .'],
      },
      { provider: 'GitHub Actions', path: '.github/workflows/lock.yml', jobs: ['lock'] },
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/publish.yml',
        jobs: ['publish'],
        publishes: true,
      },
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/run-tests.yml',
        jobs: ['build'],
        commands: ['python -m pytest tests'],
      },
    ];
    expect(ciByWeight(a).map((c) => c.path.replace('.github/workflows/', ''))).toEqual([
      'run-tests.yml',
      'lint.yml',
      'publish.yml',
      'codeql.yml',
      'close-issues.yml',
      'lock.yml',
    ]);
    const ci = buildDeploy.analyst(a).find((x) => x.aspect === 'ci');
    expect(ci?.citations[0]).toContain('run-tests.yml');
  });

  it("counts a CircleCI job's runs over its workflow matrix where the jobs are counted", () => {
    const a = sampleAppAnalysis();
    a.ci = [
      {
        provider: 'CircleCI',
        path: '.circleci/config.yml',
        jobs: ['test'],
        commands: ['go test ./...'],
        jobRuns: [
          {
            job: 'test',
            commands: ['go test ./...'],
            matrix: [{ name: 'version', values: ['1.22', '1.21', '1.20'] }],
            runs: 3,
          },
        ],
      },
    ];
    expect(buildDeploy.analyst(a).find((x) => x.aspect === 'ci')?.statement).toBe(
      'CI runs on CircleCI with 1 job, `test` running 3 times over its matrix.',
    );
    const md = writeBuildDeploy({
      a,
      fx: factsOf(a),
      plan: { id: '7', level: 1, title: 'Build', kind: 'build-deploy', evidence: [], hasChildren: false },
      findings: [],
      allFindings: {},
      projectName: 'p',
      workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
    });
    expect(md).toContain(
      'CircleCI in `.circleci/config.yml` with 1 job (`test` run 3 times over its matrix)',
    );
  });
});

describe("a README's deploy button", () => {
  it('names the platform it ships to before saying there is no container image', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'atr-deploy-'));
    try {
      writeFileSync(
        path.join(root, 'README.md'),
        '# Shop\n\n[![Deploy with Vercel](https://vercel.com/button)](https://vercel.com/new/clone)\n',
      );
      const a = { ...sampleAppAnalysis(), containers: [] };
      const md = writeBuildDeploy({
        a,
        fx: factsOf(a),
        plan: { id: '7', level: 1, title: 'Build', kind: 'build-deploy', evidence: [], hasChildren: false },
        findings: [],
        allFindings: {},
        projectName: 'p',
        workspace: { root, name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
      });
      expect(md).toMatch(
        /The README deploys it with a one-click button to Vercel \(`README.md:3`\)\.\s+There is no Dockerfile/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('scripts that are mostly helpers for another command-line tool', () => {
  it('are told apart from the product scripts, which alone no longer "drive the build"', () => {
    const a = sampleAppAnalysis();
    const s = (name: string, command: string, line: number): EntryPoint => ({
      kind: 'npm-script',
      name,
      command,
      path: 'package.json',
      line,
    });
    a.entryPoints = [
      s('build', 'next build', 1),
      s('dev', 'next dev', 2),
      s('cloud:login', 'cloud login', 3),
      s('cloud:listen', 'cloud listen --forward-to=localhost:3000', 4),
      s('db:start', 'npx db start', 5),
      s('db:stop', 'npx db stop', 6),
      s('db:restart', 'npm run db:stop && npm run db:start', 7),
    ];
    expect(scriptsFinding(a)).toBe(
      '7 package scripts: build and dev for the product, and 5 helpers that run the `cloud` and `db` command-line tools.',
    );
  });

  it('keep the usual sentence when the product scripts are the majority', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      { kind: 'npm-script', name: 'build', command: 'tsc', path: 'package.json', line: 1 },
      { kind: 'npm-script', name: 'test', command: 'vitest', path: 'package.json', line: 2 },
      { kind: 'npm-script', name: 'lint', command: 'eslint .', path: 'package.json', line: 3 },
      { kind: 'npm-script', name: 'db:start', command: 'db start', path: 'package.json', line: 4 },
      { kind: 'npm-script', name: 'db:stop', command: 'db stop', path: 'package.json', line: 5 },
    ];
    expect(scriptsFinding(a)).toMatch(
      /^5 package scripts automate project tasks, the build included: build, test, lint/,
    );
  });
});

describe('how the product is shipped beyond its container files', () => {
  it('reads the objects of a Kubernetes manifest, with the image a Deployment runs and a Service type', () => {
    const text = [
      'apiVersion: v1',
      'kind: Service',
      'metadata:',
      '  name: shop',
      'spec:',
      '  type: NodePort',
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: shop',
      '  labels:',
      '    app: shop',
      'spec:',
      '  template:',
      '    spec:',
      '      containers:',
      '        - name: web',
      '          image: acme/shop:1.2',
    ].join('\n');
    expect(kubernetesObjects(text)).toEqual([
      { kind: 'Service', name: 'shop', serviceType: 'NodePort', line: 2 },
      { kind: 'Deployment', name: 'shop', image: 'acme/shop:1.2', line: 9 },
    ]);
    // a YAML file of another tool has no kind and apiVersion at its top
    expect(kubernetesObjects('name: CI\non: push\njobs:\n  build: {}\n')).toEqual([]);
  });

  it("finds the README's commands that build an image, only inside code blocks", () => {
    const readme = [
      'Build an image with spring-boot:build-image if you like.',
      '```bash',
      './mvnw spring-boot:build-image',
      '```',
      '```',
      '$ docker build -t shop .',
      'docker compose up',
      '```',
    ].join('\n');
    expect(readmeImageBuilds(readme)).toEqual([
      { command: './mvnw spring-boot:build-image', line: 3 },
      { command: 'docker build -t shop .', line: 6 },
    ]);
  });
});
