// The technology and dependencies chapters speak of the product's own manifests: an example's or a
// benchmark's stack is named apart, and pinning follows each ecosystem's version rules.

import { describe, expect, it } from 'vitest';
import type { Analysis, Dependency, Framework } from '../../analyse/types.ts';
import { packageInfo } from '../../analyse/package-roles.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { recommendations } from '../recommendations.ts';
import { openRuntime, writeDependencies } from './dependencies.ts';
import { writeKnownIssues } from './known-issues.ts';
import { technology, writeTechnology } from './technology.ts';
import { runsOnFrameworks } from './overview.ts';

const ctx = (a: Analysis) => ({ a, fx: factsOf(a), plan: {} }) as unknown as WriterContext;

const crate = (name: string, version: string): Dependency => ({
  ecosystem: 'cargo',
  name,
  version,
  scope: 'runtime',
  manifest: 'Cargo.toml',
  line: 3,
  area: 'product',
});

describe('technology findings', () => {
  it("names the product's languages, not a docs build's Makefile or batch file, as the code", () => {
    const a = sampleAppAnalysis();
    const extra = (path: string, language: string) => ({
      path,
      size: 300,
      language,
      code: 5000,
      comment: 0,
      blank: 0,
      role: 'docs' as const,
    });
    a.files = [...a.files, extra('docs/Makefile', 'make'), extra('docs/make.bat', 'DOS Batch')];
    a.languages = [
      ...a.languages,
      { language: 'make', files: 1, code: 5000, comment: 0, blank: 0 },
      { language: 'DOS Batch', files: 1, code: 5000, comment: 0, blank: 0 },
    ];
    const line = technology.analyst(a).find((x) => /up the/.test(x.statement))!.statement;
    expect(line).toMatch(/^TypeScript \(\d+ files?, [\d,]+ lines?\).* up the product's code\.$/);
    expect(line).not.toMatch(/5,000|Batch/);
  });
});

describe('technology and dependencies chapters', () => {
  it("lists the product's frameworks and names the benchmarks' stack apart", () => {
    const fw = (name: string, area: Framework['area']): Framework => ({
      name,
      category: 'web',
      role: 'web-framework',
      evidence: area === 'product' ? 'package.json:5' : 'benchmarks/x/package.json:4',
      area,
    });
    const a = { ...sampleAppAnalysis(), frameworks: [fw('Fastify', 'product'), fw('Express', 'benchmarks')] };
    const out = writeTechnology(ctx(a));
    // one framework is told in a sentence, not as a table of one row under a sentence announcing it
    expect(out).toContain('The product builds on Fastify (web framework), declared at `package.json:5`.');
    expect(out).not.toMatch(/\| Framework \||\| Express \||each with what it is for/);
    // two or more are a table, led by their names
    const two = {
      ...a,
      frameworks: [...a.frameworks, { ...fw('Pino', 'product'), role: 'logging' as const }],
    };
    const both = writeTechnology(ctx(two));
    expect(both).toContain('The product builds on Fastify and Pino:');
    expect(both).toMatch(/\| Fastify \| web framework \|/);
    expect(out).toContain('Outside the product, the benchmarks use Express; none of these ships with it.');
  });

  it('reads Cargo’s bare versions as ranges, not as exact pins', () => {
    const a = {
      ...sampleAppAnalysis(),
      dependencies: [crate('clap', '4.0.0'), crate('serde', '1.0.130'), crate('clap_complete', '=4.6.8')],
    };
    const out = writeDependencies(ctx(a));
    expect(out).toContain('Pinned exactly: 1 of 3 versions; of the others, 2 are ranges');
  });

  it('says what a lockfile left out by decision changes: what users resolve for an app, CI for a library', () => {
    const npm = (name: string): Dependency => ({
      ecosystem: 'npm',
      name,
      version: '^1.0.0',
      scope: 'runtime',
      manifest: 'package.json',
      line: 3,
      area: 'product',
    });
    const app = {
      ...sampleAppAnalysis(),
      dependencies: [npm('accepts')],
      lockfiles: [],
      lockfileOptOuts: [{ path: '.npmrc', line: 1, ecosystem: 'npm' as const }],
    };
    expect(writeDependencies(ctx(app))).toContain('so the declared ranges are what users resolve.');
    const lib = { ...app, identity: { ...app.identity!, kind: 'library' as const } };
    expect(writeDependencies(ctx(lib))).toContain(
      'so development and CI resolve the declared ranges afresh, as the projects that install it do.',
    );
  });

  it("counts a build script's crates apart, but a Maven plugin's own dependency with development", () => {
    const maven = (name: string, scope: Dependency['scope']): Dependency => ({
      ...crate(name, '1.0'),
      ecosystem: 'maven',
      manifest: 'pom.xml',
      scope,
    });
    const a = {
      ...sampleAppAnalysis(),
      dependencies: [
        crate('clap', '4.0.0'),
        { ...crate('cc', '1.0'), scope: 'build' as const },
        { ...crate('tempfile', '3.0'), scope: 'dev' as const },
        maven('com.puppycrawl.tools:checkstyle', 'build'),
      ],
    };
    const out = writeDependencies(ctx(a));
    // the checkstyle rules on the checkstyle plugin are a tool's, as in a Gradle `checkstyle` block
    expect(out).toContain('1 needed at run time, 2 for development or tests and 1 for the build script');
    expect(out).toMatch(/\*\*Build dependencies\*\* \(for the build script\)[\s\S]*`cc`/);
  });

  it("counts the examples' dependencies apart from the product's", () => {
    const a = {
      ...sampleAppAnalysis(),
      dependencies: [
        crate('clap', '4.0.0'),
        { ...crate('axum', '0.7'), manifest: 'examples/web/Cargo.toml', area: 'examples' as const },
      ],
    };
    const out = writeDependencies(ctx(a));
    expect(out).toContain('1 dependency is declared');
    expect(out).toContain(
      'Outside the product, the examples declare 1 dependency, in 1 manifest of their own',
    );
  });

  it('says once that the product declares none: the technology chapter says it, this one what the examples declare', () => {
    const a = {
      ...sampleAppAnalysis(),
      dependencies: [
        { ...crate('axum', '0.7'), manifest: 'examples/web/Cargo.toml', area: 'examples' as const },
      ],
    };
    const alone = writeDependencies(ctx(a));
    expect(alone).toMatch(/declares? no third-party dependencies/);
    const report = [{ id: '2.2', kind: 'technology', hasChildren: false }];
    const beside = writeDependencies({ ...ctx(a), plan: { id: '2.3' }, report } as unknown as WriterContext);
    expect(beside).not.toMatch(/no third-party dependencies/);
    expect(beside).toContain('Outside the product, the examples declare 1 dependency');
  });

  it("names the unpublished modules' dependencies as theirs", () => {
    const a = {
      ...sampleAppAnalysis(),
      dependencies: [
        crate('clap', '4.0.0'),
        { ...crate('prost', '0.12'), manifest: 'proto/Cargo.toml', area: 'unpublished' as const },
      ],
    };
    expect(writeDependencies(ctx(a))).toContain(
      'Outside the product, the unpublished modules declare 1 dependency',
    );
  });
});

const pip = (
  name: string,
  version: string,
  scope: Dependency['scope'],
  line: number,
  manifest = 'pyproject.toml',
): Dependency => ({
  ecosystem: 'pip',
  name,
  version,
  scope,
  manifest,
  line,
  area: 'product',
});

/** A Python library like requests: four runtime requirements, one extra, groups of tools. */
function pythonLibrary(kind: string): Analysis {
  return {
    ...sampleAppAnalysis(),
    identity: { kind, productPaths: ['src'] } as unknown as Analysis['identity'],
    lockfiles: [],
    dependencies: [
      pip('urllib3', '>=1.26,<3', 'runtime', 19),
      pip('certifi', '>=2023.5.7', 'runtime', 22),
      pip('PySocks', '>=1.5.6', 'optional', 55),
      pip('pytest', '>=3', 'test', 66),
      pip('chardet', '>=3.0.2,<8', 'optional', 56),
      pip('chardet', '*', 'dev', 72),
      pip('pytest', '>=2.8.0,<10', 'dev', 2, 'requirements-dev.txt'),
    ],
  };
}

describe('a runtime requirement left open above', () => {
  const pip = (
    name: string,
    version: string,
    line: number,
    scope: Dependency['scope'] = 'runtime',
  ): Dependency => ({
    ecosystem: 'pip',
    name,
    version,
    scope,
    manifest: 'pyproject.toml',
    line,
    area: 'product',
  });

  it('is named beside the capped ones, and only when some are capped', () => {
    const runtime = [
      pip('idna', '>=2.5,<4', 20),
      pip('urllib3', '>=1.26,<3', 21),
      pip('certifi', '>=2023.5.7', 22),
    ];
    expect(openRuntime(runtime)).toBe(
      'Of the runtime requirements, `certifi` (`>=2023.5.7`, `pyproject.toml:22`) sets no upper bound, while `idna` and `urllib3` have one.',
    );
    expect(openRuntime([pip('certifi', '>=2023.5.7', 22), pip('click', '>=8', 23)])).toBeNull();
    // Go's requirements are minimums by design
    expect(
      openRuntime([{ ...crate('a', '1'), ecosystem: 'go', version: 'v1.2.0' }, pip('idna', '>=2.5,<4', 20)]),
    ).toBeNull();
  });
});

describe('dependencies told by what they are', () => {
  it('counts optional extras apart within the runtime dependencies', () => {
    const out = writeDependencies(ctx(pythonLibrary('library')));
    // chardet, an extra and in a dev group too, counts once: where it is needed most
    expect(out).toContain('4 needed at run time (2 of them optional extras) and 2 for development');
  });

  it('calls a Go requirement marked indirect indirect, in the table as in the count', () => {
    const a = pythonLibrary('library');
    const go = (name: string, scope: Dependency['scope'], line: number): Dependency => ({
      ecosystem: 'go',
      name,
      version: 'v1.0.0',
      scope,
      manifest: 'go.mod',
      line,
      area: 'product',
    });
    const out = writeDependencies(
      ctx({
        ...a,
        dependencies: [go('github.com/a/direct', 'runtime', 5), go('golang.org/x/net', 'optional', 9)],
      }),
    );
    expect(out).toContain('(1 of them indirect)');
    expect(out).toMatch(/\| `golang\.org\/x\/net` \| `v1\.0\.0` \| go \| indirect \|/);
    expect(out).not.toMatch(/\| go \| optional \|/);
  });

  it("tells a Cargo build script's crates apart from development ones, and a platform's crates as such", () => {
    const a = pythonLibrary('library');
    const dep = (name: string, scope: Dependency['scope'], line: number, platform?: string): Dependency => ({
      ...crate(name, '1.0'),
      scope,
      line,
      ...(platform ? { platform } : {}),
    });
    const out = writeDependencies(
      ctx({
        ...a,
        dependencies: [
          dep('console', 'runtime', 5),
          dep('plist', 'runtime', 9, 'cfg(target_os = "macos")'),
          dep('tikv-jemallocator', 'optional', 10, 'cfg(all(not(windows), not(target_os = "android")))'),
          dep('assert_cmd', 'dev', 12),
          dep('nix', 'dev', 14, 'cfg(unix)'),
          dep('syn', 'build', 16),
          dep('quote', 'build', 17),
        ],
      }),
    );
    expect(out).toContain(
      '3 needed at run time (1 of them behind a feature), 2 for development or tests and 2 for the build script',
    );
    expect(out).toMatch(/\*\*Development and test dependencies\*\*\s+\|[^*]*`nix`[^*]*\| dev, unix only \|/);
    expect(out).toMatch(/\*\*Build dependencies\*\* \(for the build script\)\s+\|[^*]*`syn`/);
    expect(out).not.toMatch(/Development and test dependencies[^*]*`syn`/);
    expect(out).toMatch(/\| `plist` \| `1\.0` \| cargo \| runtime, macos only \|/);
    expect(out).toMatch(/\| `tikv-jemallocator` \| `1\.0` \| cargo \| optional, some platforms only \|/);
  });

  it("calls a requirements file's optional packages optional, not extras it has none of", () => {
    const a = pythonLibrary('library');
    const out = writeDependencies(
      ctx({
        ...a,
        dependencies: [...a.dependencies, pip('minio', '==7', 'optional', 3, 'requirements-dev.txt')],
      }),
    );
    expect(out).toContain('5 needed at run time (3 of them optional) and 2 for development');
  });

  it('counts manifest files, not groups, for a package declared twice, and shows differing versions', () => {
    const out = writeDependencies(ctx(pythonLibrary('library')));
    // chardet twice in one pyproject.toml is one manifest; pytest is in two files
    expect(out).toContain(
      '1 package is declared in more than one manifest: `pytest`; 1 of them with different versions',
    );
    expect(out).not.toMatch(/duplicate installs/);
  });

  it('a library’s open ranges are no risk: not in the chapter, the known issues or the advice', () => {
    const a = pythonLibrary('library');
    expect(writeDependencies(ctx(a))).not.toMatch(/Unbounded|can change under the project/);
    expect(writeKnownIssues(ctx(a))).not.toMatch(/upper version bound/);
    expect(
      recommendations(a)
        .map((r) => r.text)
        .join(' '),
    ).not.toMatch(/Pin the/);
  });

  it('a dev tool declared `<optional>` in Maven and `developmentOnly` in Gradle is one development dependency', () => {
    const tool = (
      ecosystem: 'maven' | 'gradle',
      manifest: string,
      scope: Dependency['scope'],
    ): Dependency => ({
      ecosystem,
      name: 'org.springframework.boot:spring-boot-devtools',
      version: '*',
      scope,
      manifest,
      line: 9,
      area: 'product',
    });
    const a = {
      ...sampleAppAnalysis(),
      identity: { kind: 'application', productPaths: ['src'] } as unknown as Analysis['identity'],
      lockfiles: [],
      dependencies: [tool('maven', 'pom.xml', 'optional'), tool('gradle', 'build.gradle', 'dev')],
    };
    const fx = factsOf(a);
    expect(fx.runtimeDeps.map((d) => d.name)).toEqual([]);
    expect(fx.devDeps.map((d) => [d.name, d.manifest])).toEqual([
      ['org.springframework.boot:spring-boot-devtools', 'build.gradle'],
    ]);
  });

  it('go.sum records checksums: it is never said to pin the tree, and Go minimums are told as such', () => {
    const go = (name: string, line: number): Dependency => ({
      ecosystem: 'go',
      name,
      version: 'v1.2.0',
      scope: 'runtime',
      manifest: 'go.mod',
      line,
      area: 'product',
    });
    const a: Analysis = {
      ...sampleAppAnalysis(),
      identity: { kind: 'library', productPaths: ['.'] } as unknown as Analysis['identity'],
      lockfiles: [{ path: 'go.sum', manager: 'Go modules', ecosystem: 'go' }],
      dependencies: [go('github.com/spf13/pflag', 5), go('gopkg.in/yaml.v3', 6)],
    };
    const out = writeDependencies(ctx(a));
    expect(out).not.toMatch(/Lockfiles pin|go\.sum locks/);
    expect(out).toContain('records the checksums of the modules the build uses');
    expect(out).toContain('minimal version selection');
  });

  it('says when CI installs with the lockfile as committed, and not for a tool installed by its own lockfile', () => {
    const base = sampleAppAnalysis();
    const ci = (path: string, commands: string[]) => ({
      provider: 'GitHub Actions',
      path,
      jobs: ['test'],
      commands,
    });
    const a: Analysis = {
      ...base,
      lockfiles: [{ path: 'bun.lock', manager: 'Bun', ecosystem: 'npm' }],
      ci: [
        ci('.github/workflows/autofix.yml', ['bun install --frozen-lockfile', 'bun run lint:fix']),
        ci('.github/workflows/ci.yml', ['actions/checkout', 'bun install --frozen-lockfile', 'bun run test']),
      ],
    };
    expect(writeDependencies(ctx(a))).toContain(
      'CI runs with the lockfile as committed: `bun install --frozen-lockfile` (`.github/workflows/autofix.yml` and `.github/workflows/ci.yml`).',
    );
    const tool: Analysis = {
      ...a,
      ci: [ci('.github/workflows/ci.yml', ['cargo install --locked mdbook', 'cargo test'])],
    };
    expect(writeDependencies(ctx(tool))).not.toContain('as committed');
  });

  it('an application without a lockfile is told about its shipped open requirements only', () => {
    const a = pythonLibrary('application');
    // certifi and the PySocks extra ship; the pytest and chardet entries are the developers' own
    expect(writeKnownIssues(ctx(a))).toContain('2 dependencies have no upper version bound.');
    expect(writeDependencies(ctx(a))).toMatch(/Unbounded versions \(`certifi` `>=2023.5.7`/);
  });

  it('says which build sets a managed version, and that Maven and Gradle keep no lockfile by convention', () => {
    const jvm = (ecosystem: 'maven' | 'gradle', manifest: string, managedBy: string): Dependency => ({
      ecosystem,
      name: 'org.springframework.boot:spring-boot-starter-web',
      version: '*',
      scope: 'runtime',
      manifest,
      line: 3,
      area: 'product',
      managedBy,
    });
    const a = {
      ...sampleAppAnalysis(),
      identity: { kind: 'application', productPaths: ['src'] } as unknown as Analysis['identity'],
      lockfiles: [],
      dependencies: [
        jvm('maven', 'pom.xml', 'the parent POM spring-boot-starter-parent 4.0.3'),
        jvm('gradle', 'build.gradle', 'the Spring Boot plugin 4.0.3'),
      ],
    };
    const out = writeDependencies(ctx(a));
    // one package both builds declare is one dependency of the product
    expect(out).toContain('1 dependency is declared');
    expect(out).toContain('1 takes its version from the parent POM spring-boot-starter-parent 4.0.3');
    expect(out).toContain('the 1 package both declare is counted once above');
    expect(out).toContain('Maven and Gradle keep none by convention');
    expect(out).toContain('are two builds of the same project (Maven and Gradle)');
    expect(out).not.toMatch(/Unbounded|two installs may resolve/);
    expect(writeKnownIssues(ctx(a))).not.toMatch(/upper version bound/);
  });
});

describe('technology: what the product runs on, and the tools it is developed with', () => {
  const fw = (name: string, role: Framework['role'], evidence: string): Framework => ({
    name,
    category: role === 'test-runner' ? 'test' : 'other',
    role,
    evidence,
    area: 'product',
  });

  it('keeps test runners and linters out of the frameworks table and names them apart', () => {
    const a = {
      ...sampleAppAnalysis(),
      frameworks: [
        fw('urllib3', 'http-client', 'pyproject.toml:21'),
        fw('pytest', 'test-runner', 'pyproject.toml:66'),
        fw('mypy', packageInfo({ name: 'mypy', ecosystem: 'pip' })!.role, 'pyproject.toml:57'),
        fw('ruff', packageInfo({ name: 'ruff', ecosystem: 'pip' })!.role, 'pyproject.toml:58'),
        fw('black', packageInfo({ name: 'black', ecosystem: 'pip' })!.role, 'pyproject.toml:59'),
      ],
    };
    const out = writeTechnology(ctx(a));
    expect(out).toMatch(/builds on urllib3 \(HTTP client\)/);
    expect(out).not.toMatch(/\| pytest \|/);
    // each tool by what it does: mypy checks types, Ruff lints, Black formats
    expect(out).toMatch(
      /Development tools, which do not ship with the product: pytest \(test runner, .*\), mypy \(type checker, .*\), ruff \(linter, .*\) and black \(formatter, /,
    );
  });

  it('says where a library is used when one product file alone imports it', () => {
    const base = sampleAppAnalysis();
    const a = {
      ...base,
      dependencies: [{ ...pip('PyJWT', '==2.13.0', 'runtime', 11, 'requirements.txt') }],
      frameworks: [fw('PyJWT', 'auth', 'requirements.txt:11')],
      imports: [...base.imports, { from: 'src/app.ts', specifier: 'jwt', line: 4 }],
    };
    expect(writeTechnology(ctx(a))).toMatch(/PyJWT \(authentication, only in .*src\/app\.ts.*\)/);
  });
});

describe('a framework that is only an optional peer', () => {
  // a state library: its core runs alone; React is an optional peer its bindings import
  const store = (): Analysis => {
    const base = sampleAppAnalysis();
    const dep = (
      name: string,
      scope: Dependency['scope'],
      line: number,
      optionalPeer?: true,
    ): Dependency => ({
      ecosystem: 'npm',
      name,
      version: scope === 'dev' ? '^19.2.8' : '>=18.0.0',
      scope,
      manifest: 'package.json',
      line,
      area: 'product',
      ...(optionalPeer ? { optionalPeer } : {}),
    });
    return {
      ...base,
      dependencies: [
        dep('@types/react', 'peer', 3, true),
        dep('react', 'peer', 4, true),
        dep('react', 'dev', 8),
        dep('vitest', 'dev', 9),
      ],
      frameworks: [
        {
          name: 'React',
          category: 'frontend',
          role: 'ui-framework',
          evidence: 'package.json:4',
          area: 'product',
        },
      ],
      imports: [
        ...base.imports,
        { from: 'src/routes/books.ts', specifier: 'react', line: 1 },
        { from: 'src/app.ts', specifier: 'react', line: 1 },
      ],
    };
  };

  it('is counted as an optional peer, once, and told by the files that import it', () => {
    const out = writeDependencies(ctx(store()));
    expect(out).toContain(
      '3 distinct packages (1 of them listed as both a development and a peer dependency) are declared: 0 needed at run time, 2 optional peer dependencies and 1 for development, tests or builds.',
    );
    expect(out).toMatch(/\| `react` \| `>=18\.0\.0` \| npm \| optional peer \|/);
    expect(out).toContain(
      'users add one to use the product files that import it: `react` (`src/app.ts` and `src/routes/books.ts`); `@types/react` holds type declarations only.',
    );
    expect(out).not.toContain('Runtime dependencies');
  });

  it('is not what the product builds on', () => {
    const a = store();
    const out = writeTechnology(ctx(a));
    expect(out).not.toContain('builds on React');
    // nor does it need nothing beyond its language: the parts that import a peer need it
    expect(out).not.toContain('needs nothing beyond its language');
    expect(out).toContain(
      'The product declares no required runtime dependency: its 2 optional peer dependencies are installed by the users of the parts that import them.',
    );
    expect(out).toContain(
      'React, an optional peer dependency (`package.json:4`), is imported by `src/app.ts` and `src/routes/books.ts`.',
    );
    expect(runsOnFrameworks(a)).toEqual([]);
  });
});

describe('a Python extra', () => {
  it('is not what the product builds on: it is told by the files that import it', () => {
    const base = sampleAppAnalysis();
    const a: Analysis = {
      ...base,
      dependencies: [
        {
          ecosystem: 'pip',
          name: 'httpcore',
          version: '==1.*',
          scope: 'runtime',
          manifest: 'pyproject.toml',
          line: 30,
          area: 'product',
        },
        {
          ecosystem: 'pip',
          name: 'click',
          version: '==8.*',
          scope: 'optional',
          manifest: 'pyproject.toml',
          line: 44,
          area: 'product',
        },
      ],
      frameworks: [
        {
          name: 'Click',
          category: 'cli',
          role: 'cli-parsing',
          evidence: 'pyproject.toml:44',
          area: 'product',
        },
      ],
      imports: [...base.imports, { from: factsOf(base).productFiles[0]!.path, specifier: 'click', line: 1 }],
    };
    const out = writeTechnology(ctx(a));
    expect(out).not.toContain('builds on Click');
    expect(out).toContain(
      `Click, an optional dependency (\`pyproject.toml:44\`), is imported by \`${factsOf(base).productFiles[0]!.path}\`.`,
    );
  });
});

describe('a Python library no product file imports', () => {
  it('is not what the product builds on when it plays its role only through imports; a database driver may be', () => {
    const base = sampleAppAnalysis();
    const pip = (name: string, line: number): Dependency => ({
      ecosystem: 'pip',
      name,
      version: '>=1',
      scope: 'runtime',
      manifest: 'pyproject.toml',
      line,
      area: 'product',
    });
    const a: Analysis = {
      ...base,
      dependencies: [pip('httpx', 10), pip('psycopg', 11), pip('fastapi', 12)],
      frameworks: [
        {
          name: 'HTTPX',
          category: 'other',
          role: 'http-client',
          evidence: 'pyproject.toml:10',
          area: 'product',
        },
        {
          name: 'psycopg',
          category: 'orm',
          role: 'database-client',
          evidence: 'pyproject.toml:11',
          area: 'product',
        },
        {
          name: 'FastAPI',
          category: 'web',
          role: 'web-framework',
          evidence: 'pyproject.toml:12',
          area: 'product',
        },
      ],
      imports: [...base.imports, { from: 'tests/test_api.py', specifier: 'httpx', line: 1 }],
    };
    const out = writeTechnology(ctx(a));
    expect(out).not.toMatch(/HTTPX/);
    expect(out).toContain('psycopg');
    expect(out).toContain('FastAPI');
  });
});
