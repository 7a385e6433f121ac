import { describe, expect, it } from 'vitest';
import {
  dependenciesPass,
  frozenRequirements,
  isProductOwned,
  isUnbounded,
  lockfileOf,
  manifestArea,
  openVersionRisks,
  setDependencyAreas,
  versionConstraint,
} from './dependencies.ts';
import { frameworksPass } from './frameworks.ts';
import { dependencyRole, importsPackage, isToolingRole, packageInfo } from './package-roles.ts';
import type { Analysis, Dependency } from './types.ts';
import { sourcesFromMap } from './sources.ts';

const FILES: Record<string, string> = {
  'package.json': JSON.stringify(
    { name: 'mono', workspaces: ['packages/*'], devDependencies: { vitest: '4.1.0' } },
    null,
    2,
  ),
  'packages/api/package.json':
    '{\n  "name": "@x/api",\n  "version": "1.2.0",\n  "dependencies": {\n    "fastify": "^5.1.0",\n    "zod": "4.0.0"\n  },\n  "peerDependencies": {\n    "react": ">=18"\n  }\n}\n',
  'svc/requirements.txt':
    '# web\nflask==3.0.0\nrequests[security] >= 2.31 ; python_version > "3.8"\n-r base.txt\n',
  'svc/pyproject.toml':
    '[project]\nname = "svc"\ndependencies = [\n  "fastapi>=0.110",\n  "pydantic",\n]\n\n[project.optional-dependencies]\ndev = ["pytest>=8"]\n\n[tool.poetry.dependencies]\npython = "^3.11"\ndjango = { version = "^5.0", extras = ["argon2"] }\n',
  'go/go.mod':
    'module example.com/shop\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n\tgolang.org/x/text v0.14.0 // indirect\n)\nrequire github.com/google/uuid v1.6.0\n',
  'rs/Cargo.toml':
    '[package]\nname = "tool"\nversion = "0.3.0"\n\n[dependencies]\nserde = { version = "1.0", features = ["derive"] }\naxum = "0.7"\n\n[dev-dependencies]\ninsta = "1"\n\n[dependencies.tokio]\nversion = "1.36"\n',
  'jvm/pom.xml':
    '<project>\n  <artifactId>shop</artifactId>\n  <version>2.0.0</version>\n  <properties><boot.version>3.2.0</boot.version></properties>\n  <dependencies>\n    <dependency>\n      <groupId>org.springframework.boot</groupId>\n      <artifactId>spring-boot-starter-web</artifactId>\n      <version>${boot.version}</version>\n    </dependency>\n    <dependency>\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      <scope>test</scope>\n    </dependency>\n  </dependencies>\n</project>\n',
  'jvm/build.gradle.kts':
    'dependencies {\n    implementation("com.squareup.okhttp3:okhttp:4.12.0")\n    testImplementation("io.kotest:kotest-runner-junit5:5.8.0")\n}\n',
  'php/composer.json':
    '{\n  "name": "acme/site",\n  "require": {\n    "php": ">=8.1",\n    "laravel/framework": "^11.0"\n  }\n}\n',
  'rb/Gemfile': "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\ngroup :test do\n  gem 'rspec'\nend\n",
  'cs/Api.csproj':
    '<Project Sdk="Microsoft.NET.Sdk.Web">\n  <ItemGroup>\n    <PackageReference Include="Serilog" Version="3.1.1" />\n  </ItemGroup>\n</Project>\n',
  'manage.py': 'import django\n',
};

describe('dependenciesPass', () => {
  const { manifests, dependencies } = dependenciesPass(sourcesFromMap(FILES));
  const dep = (name: string) => dependencies.find((d) => d.name === name);

  it('reads every ecosystem with the declaring line', () => {
    expect(dep('fastify')).toMatchObject({
      ecosystem: 'npm',
      version: '^5.1.0',
      scope: 'runtime',
      manifest: 'packages/api/package.json',
      line: 5,
    });
    expect(dep('react')).toMatchObject({ scope: 'peer', line: 9 });
    expect(dep('vitest')).toMatchObject({ scope: 'dev' });
    expect(dep('flask')).toMatchObject({ ecosystem: 'pip', version: '==3.0.0', line: 2 });
    expect(dep('requests')).toMatchObject({ version: '>= 2.31', line: 3 });
    expect(dep('fastapi')).toMatchObject({ manifest: 'svc/pyproject.toml', line: 4, version: '>=0.110' });
    expect(dep('pydantic')).toMatchObject({ line: 5, version: '*' });
    expect(dep('pytest')).toMatchObject({ scope: 'dev', line: 9 });
    expect(dep('django')).toMatchObject({ version: '^5.0', line: 13 });
    expect(dep('python')).toBeUndefined();
    expect(dep('github.com/gin-gonic/gin')).toMatchObject({ ecosystem: 'go', version: 'v1.9.1', line: 6 });
    expect(dep('github.com/google/uuid')).toMatchObject({ line: 9 });
    expect(dep('serde')).toMatchObject({ ecosystem: 'cargo', version: '1.0', line: 6 });
    expect(dep('insta')).toMatchObject({ scope: 'dev', line: 10 });
    expect(dep('tokio')).toMatchObject({ version: '1.36', line: 12 });
    expect(dep('org.springframework.boot:spring-boot-starter-web')).toMatchObject({
      ecosystem: 'maven',
      version: '3.2.0',
      line: 8,
    });
    expect(dep('junit:junit')).toMatchObject({ scope: 'test' });
    expect(dep('com.squareup.okhttp3:okhttp')).toMatchObject({
      ecosystem: 'gradle',
      version: '4.12.0',
      line: 2,
    });
    expect(dep('io.kotest:kotest-runner-junit5')).toMatchObject({ scope: 'test', line: 3 });
    expect(dep('laravel/framework')).toMatchObject({ ecosystem: 'composer', line: 5 });
    expect(dep('php')).toBeUndefined();
    expect(dep('rails')).toMatchObject({ ecosystem: 'bundler', version: '~> 7.1', line: 2 });
    expect(dep('rspec')).toMatchObject({ scope: 'test', line: 4 });
    expect(dep('Serilog')).toMatchObject({ ecosystem: 'nuget', version: '3.1.1', line: 3 });
  });

  it('names the manifests', () => {
    expect(manifests.find((m) => m.path === 'packages/api/package.json')).toMatchObject({
      name: '@x/api',
      version: '1.2.0',
    });
    expect(manifests.find((m) => m.ecosystem === 'go')?.name).toBe('example.com/shop');
    expect(manifests.find((m) => m.ecosystem === 'cargo')).toMatchObject({ name: 'tool', version: '0.3.0' });
    expect(manifests.find((m) => m.ecosystem === 'maven')).toMatchObject({ name: 'shop', version: '2.0.0' });
  });

  it('derives frameworks from dependencies, citing the manifest line', () => {
    const fw = frameworksPass(dependencies);
    const names = fw.map((f) => f.name);
    for (const n of [
      'Fastify',
      'React',
      'Flask',
      'FastAPI',
      'Django',
      'Gin',
      'Axum',
      'Spring Boot',
      'Laravel',
      'Ruby on Rails',
      'Vitest',
    ])
      expect(names).toContain(n);
    expect(fw.find((f) => f.name === 'Fastify')!.evidence).toBe('packages/api/package.json:5');
  });
});

describe('npm peers marked optional', () => {
  it('are peers the manifest leaves to the user, the others plain peers', () => {
    const { dependencies } = dependenciesPass(
      sourcesFromMap({
        'package.json': JSON.stringify(
          {
            name: 'store',
            peerDependencies: { react: '>=18.0.0', immer: '>=9.0.6', scheduler: '*' },
            peerDependenciesMeta: { react: { optional: true }, immer: { optional: true }, scheduler: {} },
            devDependencies: { react: '^19.2.8' },
          },
          null,
          2,
        ),
      }),
    );
    const at = (name: string, scope: string) =>
      dependencies.find((d) => d.name === name && d.scope === scope);
    expect(at('react', 'peer')).toMatchObject({ optionalPeer: true, line: 4 });
    expect(at('immer', 'peer')).toMatchObject({ optionalPeer: true });
    expect(at('scheduler', 'peer')?.optionalPeer).toBeUndefined();
    // the same package for development is no peer
    expect(at('react', 'dev')?.optionalPeer).toBeUndefined();
  });
});

describe('dependency scope: the product is what its own manifests declare', () => {
  it("reads a gem's runtime needs from its gemspec: its Gemfile's other gems are for development, its own gems are no dependency", () => {
    const { dependencies } = dependenciesPass(
      sourcesFromMap({
        'tune.gemspec': [
          "Gem::Specification.new 'tune', version do |s|",
          "  s.add_dependency 'rack', '>= 3.0.0', '< 4'",
          "  s.add_development_dependency 'rspec'",
          'end',
        ].join('\n'),
        Gemfile: [
          "source 'https://rubygems.org'",
          'gemspec',
          "gem 'puma'",
          "gem 'tune-contrib', path: 'tune-contrib'",
          'group :production do',
          "  gem 'redis'",
          'end',
        ].join('\n'),
        'tune-contrib/tune-contrib.gemspec': [
          'Gem::Specification.new do |s|',
          "  s.name = 'tune-contrib'",
          "  s.add_runtime_dependency 'tune'",
          "  s.add_dependency('tilt', '~> 2.0')",
          'end',
        ].join('\n'),
      }),
    );
    const rows = dependencies.map((d) => `${d.name}:${d.scope}:${d.manifest}`).sort();
    expect(rows).toEqual([
      'puma:dev:Gemfile',
      'rack:runtime:tune.gemspec',
      'redis:runtime:Gemfile',
      'rspec:dev:tune.gemspec',
      'tilt:runtime:tune-contrib/tune-contrib.gemspec',
    ]);
    // every constraint of a requirement is read, not only the first
    expect(dependencies.find((d) => d.name === 'rack')?.version).toBe('>= 3.0.0, < 4');
    expect(dependencies.find((d) => d.name === 'tilt')?.version).toBe('~> 2.0');
    expect(dependencies.find((d) => d.name === 'puma')?.version).toBe('*');
    // an application's Gemfile, without a gemspec, declares what it runs with
    const app = dependenciesPass(sourcesFromMap({ Gemfile: "gem 'puma'\n" }));
    expect(app.dependencies[0]?.scope).toBe('runtime');
  });

  it('takes a Go module only test files import for a test dependency', () => {
    const { dependencies } = dependenciesPass(
      sourcesFromMap({
        'go.mod':
          'module example.com/web\n\ngo 1.22\n\nrequire (\n\tgithub.com/acme/assert v1.0.0\n\tgithub.com/acme/codec v1.2.0\n)\n',
        'web.go':
          'package web\n\nimport (\n\t"net/http"\n\n\tcodec "github.com/acme/codec/json"\n)\n\nfunc Serve() {}\n',
        'web_test.go':
          'package web\n\nimport (\n\t"testing"\n\n\t"github.com/acme/assert/require"\n\t"github.com/acme/codec"\n)\n\nfunc TestServe(t *testing.T) {}\n',
      }),
    );
    const scope = (name: string) => dependencies.find((d) => d.name === name)?.scope;
    expect(scope('github.com/acme/assert')).toBe('dev');
    // the code imports one of its packages: the build needs it
    expect(scope('github.com/acme/codec')).toBe('runtime');
  });

  it('marks every manifest, dependency, lockfile and package manager with the area of its file', () => {
    const r = dependenciesPass(
      sourcesFromMap({
        'package.json': '{\n  "name": "lib",\n  "devDependencies": {\n    "zod": "^4.0.0"\n  }\n}\n',
        'examples/app/package.json': '{\n  "dependencies": {\n    "express": "^5.0.0"\n  }\n}\n',
      }),
      ['examples/app/yarn.lock'],
    );
    setDependencyAreas(r, (p) => (p.startsWith('examples/') ? 'examples' : 'product'));
    expect(r.manifests.map((m) => [m.path, m.area])).toEqual([
      ['package.json', 'product'],
      ['examples/app/package.json', 'examples'],
    ]);
    expect(r.lockfiles).toEqual([
      { path: 'examples/app/yarn.lock', manager: 'Yarn', ecosystem: 'npm', area: 'examples' },
    ]);
    expect(r.packageManagers![0]).toMatchObject({ name: 'Yarn', area: 'examples' });
    expect(r.dependencies.filter(isProductOwned).map((d) => d.name)).toEqual(['zod']);
  });

  it('a root build file is the product’s even when the identity layer calls it build', () => {
    expect(manifestArea('build.gradle', () => 'build')).toBe('product');
    expect(manifestArea('tools/gen/build.gradle', () => 'build')).toBe('build');
    // a sibling package's own manifest declares what that package needs: it is its folder's
    const areaOf = (p: string) => (p.endsWith('.gemspec') || p.startsWith('tools/') ? 'build' : 'product');
    expect(manifestArea('tune-contrib/tune-contrib.gemspec', areaOf)).toBe('product');
  });

  it('cites the root package’s manifest for a framework a sibling package declares too', () => {
    const gem = (manifest: string, name: string, line: number): Dependency => ({
      ecosystem: 'bundler',
      name,
      version: '>= 3.0',
      scope: 'runtime',
      manifest,
      line,
    });
    const fw = frameworksPass([
      gem('guard/guard.gemspec', 'rack', 44),
      gem('tune.gemspec', 'mustermann', 50),
      gem('tune.gemspec', 'rack', 51),
    ]);
    expect(fw.find((f) => f.name === 'Rack')).toMatchObject({
      role: 'web-interface',
      evidence: 'tune.gemspec:51',
    });
    expect(fw.find((f) => f.name === 'Mustermann')?.role).toBe('router');
  });

  it('gives a development dependency no runtime role: only a test or build tool role', () => {
    const dev = { ecosystem: 'npm' as const, version: '^4', manifest: 'package.json', scope: 'dev' as const };
    expect(dependencyRole({ ...dev, name: 'zod' })).toBeUndefined();
    expect(dependencyRole({ ...dev, name: 'jsonwebtoken' })).toBeUndefined();
    expect(dependencyRole({ ...dev, name: 'vitest' })).toBe('test-runner');
    expect(dependencyRole({ ...dev, name: 'zod', scope: 'runtime' })).toBe('validation');
    const fw = frameworksPass([
      { ...dev, name: 'zod' },
      { ...dev, name: 'vitest' },
    ]);
    expect(fw.map((f) => f.name)).toEqual(['Vitest']);
  });
});

describe('package-role table', () => {
  it('reads names the way each registry compares them', () => {
    const role = (ecosystem: Dependency['ecosystem'], name: string) => packageInfo({ ecosystem, name });
    expect(role('pip', 'Django')).toEqual({ display: 'Django', role: 'web-framework' });
    expect(role('pip', 'PyJWT')?.role).toBe('auth');
    expect(role('pip', 'Werkzeug')).toEqual({ display: 'Werkzeug', role: 'web-interface' });
    expect(role('pip', 'scikit_learn')?.display).toBe('scikit-learn');
    expect(role('cargo', 'actix_web')?.display).toBe('Actix Web');
    expect(role('go', 'github.com/go-chi/chi/v5')?.role).toBe('router');
    expect(role('maven', 'org.springframework.boot:spring-boot-starter-actuator')?.display).toBe(
      'Spring Boot',
    );
    expect(role('nuget', 'Serilog')?.role).toBe('logging');
    expect(role('npm', 'left-pad')).toBeUndefined();
  });

  it('finds no framework in files: a manage.py or a conftest.py alone is no evidence', () => {
    const r = dependenciesPass(sourcesFromMap({ 'manage.py': 'import django\n', 'conftest.py': '' }));
    expect(frameworksPass(r.dependencies)).toEqual([]);
  });
});

describe('lockfiles and package managers', () => {
  it('knows every ecosystem’s lockfile and the tool that writes it', () => {
    const paths = [
      'package-lock.json',
      'yarn.lock',
      'pnpm-lock.yaml',
      'bun.lock',
      'bun.lockb',
      'uv.lock',
      'poetry.lock',
      'Pipfile.lock',
      'Cargo.lock',
      'go.sum',
      'Gemfile.lock',
      'composer.lock',
    ];
    expect(paths.map((p) => lockfileOf(`app/${p}`)?.manager)).toEqual([
      'npm',
      'Yarn',
      'pnpm',
      'Bun',
      'Bun',
      'uv',
      'Poetry',
      'Pipenv',
      'Cargo',
      'Go modules',
      'Bundler',
      'Composer',
    ]);
    expect(lockfileOf('src/lock.ts')).toBeUndefined();
  });

  it('takes .npmrc package-lock=false as a decision and Corepack’s packageManager as the tool', () => {
    const r = dependenciesPass(
      sourcesFromMap({
        '.npmrc': 'save-exact=false\npackage-lock=false\n',
        'package.json': '{\n  "packageManager": "pnpm@9.1.0",\n  "dependencies": { "koa": "^2" }\n}\n',
      }),
    );
    expect(r.lockfileOptOuts).toEqual([{ path: '.npmrc', line: 2, ecosystem: 'npm' }]);
    expect(r.packageManagers).toEqual([{ name: 'pnpm', ecosystem: 'npm', evidence: 'package.json' }]);
  });

  it('counts a requirements file exported from a lock as a lockfile, not as a manifest', () => {
    const r = dependenciesPass(
      sourcesFromMap({
        'pyproject.toml': '[project]\nname = "app"\ndependencies = ["flask>=3"]\n',
        'requirements.txt':
          '# This file was autogenerated by uv via the following command:\n#    uv export\nflask==3.0.3\nwerkzeug==3.0.4\n',
        'requirements-dev.txt':
          'pytest==8.3.2 \\\n    --hash=sha256:4ba08f9ae7dcf84ded419494d229b48d0903ea6407b030eaec46df5e6a73bba5\n',
      }),
    );
    expect(r.manifests.map((m) => m.path)).toEqual(['pyproject.toml']);
    expect(r.lockfiles!.map((l) => [l.path, l.manager])).toEqual([
      ['requirements.txt', 'uv'],
      ['requirements-dev.txt', 'pip'],
    ]);
    expect(r.dependencies.map((d) => d.name)).toEqual(['flask']);
  });
});

describe('a requirements file that installs the project itself', () => {
  it("is the package's development environment: its other packages are development dependencies", () => {
    const r = dependenciesPass(
      sourcesFromMap({
        'pyproject.toml': '[project]\nname = "fetcher"\ndependencies = ["certifi", "idna"]\n',
        'requirements.txt':
          '# Reference: extras of the package\n-e .[cli,http2]\n\n# Documentation\nmkdocs==1.6.1\n\n# Tests\npytest==8.4.1\nuvicorn==0.35.0\n',
        'svc/requirements.txt': 'flask==3.0.3\n',
      }),
    );
    const scope = (name: string) => r.dependencies.find((d) => d.name === name)?.scope;
    expect([scope('certifi'), scope('mkdocs'), scope('pytest'), scope('uvicorn')]).toEqual([
      'runtime',
      'dev',
      'dev',
      'dev',
    ]);
    // an application's requirements (no line installs the project) stay what it runs with
    expect(scope('flask')).toBe('runtime');
  });
});

describe('packages a production image installs', () => {
  it('counts a development requirement the Dockerfile installs by name as an optional runtime one', () => {
    const r = dependenciesPass(
      sourcesFromMap({
        'requirements.txt': 'Django==5.0\n',
        'requirements-dev.txt': 'apprise==1.9\nmypy==1.0\nMySQL_Client==2.2\n',
        'docker/Dockerfile':
          'FROM python:3.12\nRUN apt-get install -y gcc && \\\n    pip wheel --wheel-dir /wheels apprise "mysql-client[c]" -r /tmp/requirements.txt\n' +
          '# pip install mypy\nRUN pip install --no-cache /wheels/*\n',
      }),
    );
    const scope = (name: string) => r.dependencies.find((d) => d.name === name)?.scope;
    expect([scope('Django'), scope('apprise'), scope('MySQL_Client'), scope('mypy')]).toEqual([
      'runtime',
      'optional',
      'optional',
      'dev',
    ]);
  });
});

describe('version semantics per ecosystem', () => {
  const c = (ecosystem: Dependency['ecosystem'], version: string) =>
    versionConstraint({ ecosystem, version });
  it('reads Cargo’s bare version as a caret range; only =x.y.z is exact', () => {
    expect(c('cargo', '1.0.75')).toBe('range');
    expect(c('cargo', '=1.0.75')).toBe('exact');
    expect(c('cargo', '>=1.0')).toBe('minimum');
  });
  it('reads npm and Composer bare versions as exact, ^ ~ and partial versions as ranges', () => {
    expect(c('npm', '1.2.3')).toBe('exact');
    expect(c('npm', '^1.2.3')).toBe('range');
    expect(c('npm', '~1.2.3')).toBe('range');
    expect(c('npm', '1.2')).toBe('range');
    expect(c('npm', '>=18')).toBe('minimum');
    expect(c('npm', 'workspace:*')).toBe('source');
    expect(c('composer', '^11.0')).toBe('range');
  });
  it('reads PyPI == as exact, ~= and bounded sets as ranges, >= alone as a minimum', () => {
    expect(c('pip', '==2.31.0')).toBe('exact');
    expect(c('pip', '==2.*')).toBe('range');
    expect(c('pip', '~=0.10.0')).toBe('range');
    expect(c('pip', '>=1.26,<3')).toBe('range');
    expect(c('pip', '>=2023.5.7')).toBe('minimum');
    expect(c('pip', '*')).toBe('any');
  });
  it('reads Go requirements as minimums that never count as unbounded (MVS, go.sum)', () => {
    expect(c('go', 'v1.9.1')).toBe('minimum');
    expect(isUnbounded({ ecosystem: 'go', version: 'v1.9.1' })).toBe(false);
    expect(isUnbounded({ ecosystem: 'pip', version: '>=2023.5.7' })).toBe(true);
    expect(isUnbounded({ ecosystem: 'cargo', version: '1.0.75' })).toBe(false);
  });
  it('finds a requirements file that pins every runtime requirement exactly', () => {
    const dep = (name: string, version: string, manifest = 'requirements.txt'): Dependency => ({
      ecosystem: 'pip',
      name,
      version,
      scope: 'runtime',
      manifest,
    });
    expect(frozenRequirements([dep('Django', '==6.1'), dep('psycopg', '==3.3.4')])).toEqual([
      'requirements.txt',
    ]);
    expect(frozenRequirements([dep('Django', '==6.1'), dep('psycopg', '>=3')])).toEqual([]);
  });
});

describe('what a declaration is for: run time, an extra, or the developers’ tools', () => {
  const parse = (files: Record<string, string>) => dependenciesPass(sourcesFromMap(files)).dependencies;
  const scopes = (ds: Dependency[]) => ds.map((d) => `${d.name}:${d.scope}`);

  it('takes PEP 735 dependency groups as development tooling and extras as optional runtime', () => {
    const ds = parse({
      'pyproject.toml': [
        '[project]',
        'name = "requests"',
        'dependencies = ["urllib3>=1.26,<3"]',
        '[project.optional-dependencies]',
        'socks = ["PySocks>=1.5.6"]',
        'docs = ["sphinx"]',
        '[dependency-groups]',
        'tests = ["requests[socks]", "pytest>=3"]',
        'typecheck = ["pyright", "cryptography"]',
        'docs = ["myst-parser", { include-group = "typecheck" }]',
      ].join('\n'),
    });
    expect(scopes(ds)).toEqual([
      'urllib3:runtime',
      'PySocks:optional',
      'sphinx:dev',
      // `requests[socks]` is the project itself with an extra, not a package it depends on
      'pytest:test',
      'pyright:dev',
      'cryptography:dev',
      'myst-parser:dev',
    ]);
  });

  it('takes a PEP 735 group named for production as what the deployed application runs with', () => {
    const ds = parse({
      'pyproject.toml': [
        '[project]',
        'name = "site"',
        'dependencies = ["django==6.1"]',
        '[dependency-groups]',
        'dev = ["ruff==0.1"]',
        'prod = ["gunicorn==26.0.0", "psycopg[c]==3.3.4"]',
        'tests = ["coverage==7"]',
      ].join('\n'),
    });
    expect(scopes(ds)).toEqual([
      'django:runtime',
      'ruff:dev',
      'gunicorn:runtime',
      'psycopg:runtime',
      'coverage:test',
    ]);
  });

  it('takes Maven plugin dependencies as build tooling and leaves dependencyManagement out', () => {
    const ds = parse({
      'pom.xml': [
        '<project>',
        '  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>4.0.3</version></parent>',
        '  <artifactId>app</artifactId>',
        '  <dependencyManagement><dependencies><dependency>',
        '    <groupId>com.acme</groupId><artifactId>acme-bom</artifactId><version>2.1</version><type>pom</type><scope>import</scope>',
        '  </dependency></dependencies></dependencyManagement>',
        '  <dependencies>',
        '    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency>',
        '    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-devtools</artifactId><optional>true</optional></dependency>',
        '  </dependencies>',
        '  <build><plugins><plugin>',
        '    <artifactId>maven-checkstyle-plugin</artifactId>',
        '    <dependencies><dependency><groupId>com.puppycrawl.tools</groupId><artifactId>checkstyle</artifactId><version>12.3.1</version></dependency></dependencies>',
        '  </plugin></plugins></build>',
        '</project>',
      ].join('\n'),
    });
    expect(scopes(ds)).toEqual([
      'org.springframework.boot:spring-boot-starter-web:runtime',
      'org.springframework.boot:spring-boot-devtools:optional',
      'com.puppycrawl.tools:checkstyle:build',
    ]);
    expect(ds[0]).toMatchObject({
      version: '*',
      managedBy: 'the parent POM spring-boot-starter-parent 4.0.3 or the BOM acme-bom 2.1',
      managedVersion: '4.0.3',
    });
    expect(versionConstraint(ds[0]!)).toBe('managed');
    expect(isUnbounded(ds[0]!)).toBe(false);
  });

  it('reads Gradle versions set by a plugin, a platform or a variable, and developmentOnly and a code-quality tool as dev', () => {
    const ds = parse({
      'build.gradle': [
        'plugins {',
        "  id 'org.springframework.boot' version '4.0.3'",
        "  id 'io.spring.dependency-management' version '1.1.7'",
        '}',
        'ext.bootstrapVersion = "5.3.8"',
        'dependencies {',
        "  implementation 'org.springframework.boot:spring-boot-starter-web'",
        '  runtimeOnly "org.webjars.npm:bootstrap:${bootstrapVersion}"',
        "  developmentOnly 'org.springframework.boot:spring-boot-devtools'",
        '  checkstyle "com.puppycrawl.tools:checkstyle:${bootstrapVersion}"',
        '}',
      ].join('\n'),
      'lib/build.gradle.kts':
        'dependencies {\n  implementation(platform("io.netty:netty-bom:4.1.100"))\n  implementation("io.netty:netty-handler")\n}\n',
    });
    expect(scopes(ds)).toEqual([
      'org.springframework.boot:spring-boot-starter-web:runtime',
      'org.webjars.npm:bootstrap:runtime',
      'org.springframework.boot:spring-boot-devtools:dev',
      'com.puppycrawl.tools:checkstyle:dev',
      'io.netty:netty-handler:runtime',
    ]);
    expect(ds[0]).toMatchObject({ managedVersion: '4.0.3' });
    expect(ds[0]!.managedBy).toContain('Spring Boot plugin 4.0.3');
    expect(ds[1]!.version).toBe('5.3.8');
    expect(ds[4]).toMatchObject({ managedBy: 'the BOM netty-bom 4.1.100', managedVersion: '4.1.100' });
  });

  it('reads `optional = true` entries of Cargo and Poetry as optional runtime dependencies', () => {
    const ds = parse({
      'Cargo.toml': '[dependencies]\nlibc = "0.2"\nserde = { version = "1", optional = true }\n',
      'py/pyproject.toml': '[tool.poetry.dependencies]\nboto3 = { version = "^1.34", optional = true }\n',
    });
    expect(scopes(ds)).toEqual(['libc:runtime', 'serde:optional', 'boto3:optional']);
  });

  it('reads Cargo dependencies declared key by key like inline ones, each in its own group and target', () => {
    const ds = parse({
      'Cargo.toml': [
        '[dependencies]', //                       1
        'console = "0.16"',
        'serde.workspace = true',
        '',
        '[dependencies.gix]', //                   5
        'version = "0.86"',
        'optional = true',
        'features = ["sha1"]',
        '',
        '[dependencies.syntect]', //               10
        'git = "https://github.com/trishume/syntect"',
        '',
        '[target.\'cfg(target_os = "macos")\'.dependencies]',
        'plist = "1.9.0"',
        '', //                                     15
        "[target.'cfg(unix)'.dev-dependencies]",
        'nix = { version = "0.31" }',
        '',
        '[build-dependencies]',
        'syn = "2.0"', //                          20
        '',
        '[build-dependencies.gix]',
        'version = "0.86"',
        'optional = true',
        '', //                                     25
        '[target.x86_64-pc-windows-gnu.dependencies.winapi]',
        'version = "0.3"',
      ].join('\n'),
    });
    expect(ds.map((d) => [d.name, d.version, d.scope, d.line, d.platform ?? ''])).toEqual([
      ['console', '0.16', 'runtime', 2, ''],
      ['serde', '*', 'runtime', 3, ''],
      ['gix', '0.86', 'optional', 5, ''],
      ['syntect', 'git:https://github.com/trishume/syntect', 'runtime', 10, ''],
      ['plist', '1.9.0', 'runtime', 14, 'cfg(target_os = "macos")'],
      ['nix', '0.31', 'dev', 17, 'cfg(unix)'],
      ['syn', '2.0', 'build', 20, ''],
      ['gix', '0.86', 'build', 22, ''],
      ['winapi', '0.3', 'runtime', 26, 'x86_64-pc-windows-gnu'],
    ]);
    expect(ds[1]).toMatchObject({ managedBy: 'the workspace' });
  });

  it('marks the optional crates the default features turn on, through the features they name', () => {
    const ds = parse({
      'Cargo.toml': [
        '[features]',
        'default = ["application", "git"]',
        'application = ["minimal", "syntect/yaml-load"]',
        'minimal = ["clap", "dep:wild", "minus?/search"]',
        'git = ["gix"]',
        'lessopen = ["execute"]',
        '[dependencies]',
        'clap = { version = "4", optional = true }',
        'wild = { version = "2", optional = true }',
        'minus = { version = "5", optional = true }',
        'execute = { version = "0.3", optional = true }',
        'syntect = { version = "5", optional = true }',
        '[dependencies.gix]',
        'version = "0.86"',
        'optional = true',
      ].join('\n'),
    });
    expect(ds.filter((d) => d.inDefaultBuild).map((d) => d.name)).toEqual(['clap', 'wild', 'syntect', 'gix']);
    expect(ds.every((d) => d.scope === 'optional')).toBe(true);
  });

  it('reads a Cargo `workspace = true` dependency as set by the workspace, not as open', () => {
    const [d] = parse({ 'crates/a/Cargo.toml': '[dependencies]\nserde = { workspace = true }\n' });
    expect(d).toMatchObject({ managedBy: 'the workspace' });
    expect(isUnbounded(d!)).toBe(false);
  });
});

describe('open versions are a risk only where nothing fixes them', () => {
  const dep = (name: string, version: string, scope: Dependency['scope'] = 'runtime'): Dependency => ({
    ecosystem: 'pip',
    name,
    version,
    scope,
    manifest: 'pyproject.toml',
  });
  const own = [dep('certifi', '>=2023.5.7'), dep('idna', '>=2.5,<4'), dep('ruff', '*', 'dev')];
  const analysis = (kind: string, lockfiles: Analysis['lockfiles'] = []) =>
    ({ identity: { kind }, lockfiles }) as unknown as Analysis;

  it('a library or framework keeps ranges on purpose: no risk', () => {
    expect(openVersionRisks(analysis('library'), own, [])).toEqual([]);
    expect(openVersionRisks(analysis('framework'), own, [])).toEqual([]);
  });
  it('an application with a lockfile is fixed; without one, only shipped open requirements count', () => {
    const lock = [{ path: 'uv.lock', manager: 'uv', ecosystem: 'pip' as const }];
    expect(openVersionRisks(analysis('application', lock), own, ['uv.lock'])).toEqual([]);
    expect(openVersionRisks(analysis('application'), own, []).map((d) => d.name)).toEqual(['certifi']);
  });
});

describe('frameworks: what does the work, and what the product only develops with', () => {
  const npm = (name: string, version: string, line: number): Dependency => ({
    ecosystem: 'npm',
    name,
    version,
    scope: 'runtime',
    manifest: 'package.json',
    line,
  });

  it('takes the package named for the framework (the server SDK), listed where the framework first appears', () => {
    const fw = frameworksPass([
      npm('@stripe/stripe-js', '2.4.0', 26),
      npm('next', '14.2.3', 33),
      npm('stripe', '^14.25.0', 37),
    ]);
    expect(fw.map((f) => [f.name, f.version, f.evidence])).toEqual([
      ['Stripe', '^14.25.0', 'package.json:37'],
      ['Next.js', '14.2.3', 'package.json:33'],
    ]);
  });

  it('gives a managed framework the version of its own group’s release only', () => {
    const boot = (artifact: string): Dependency => ({
      ecosystem: 'gradle',
      name: `org.springframework.boot:${artifact}`,
      version: '*',
      scope: 'runtime',
      manifest: 'build.gradle',
      managedBy: 'the Spring Boot plugin 4.0.3',
      managedVersion: '4.0.3',
    });
    const fw = frameworksPass([boot('spring-boot-starter-web'), boot('spring-boot-starter-thymeleaf')]);
    expect(fw.map((f) => [f.name, f.version])).toEqual([
      ['Spring Boot', '4.0.3'],
      ['Spring MVC', undefined],
      ['Thymeleaf', undefined],
    ]);
  });

  it('names the web layer a starter brings, and cites Spring Boot where its release is named', () => {
    const starter = (artifact: string, line: number, scope: Dependency['scope'] = 'runtime'): Dependency => ({
      ecosystem: 'gradle',
      name: `org.springframework.boot:${artifact}`,
      version: '*',
      scope,
      manifest: 'build.gradle',
      line,
      managedBy: 'the Spring Boot plugin 4.0.3',
      managedVersion: '4.0.3',
      managedLine: 4,
    });
    const fw = frameworksPass([
      starter('spring-boot-starter-cache', 34),
      starter('spring-boot-starter-webmvc', 37),
    ]);
    expect(fw.map((f) => [f.name, f.evidence])).toEqual([
      ['Spring Boot', 'build.gradle:4'],
      ['Spring MVC', 'build.gradle:37'],
    ]);
    // a test starter brings a test tool, never the framework the product runs on
    expect(frameworksPass([starter('spring-boot-starter-test', 50, 'test')]).map((f) => f.name)).toEqual([
      'Spring Boot Test',
    ]);
  });

  it('records the line that names the managing release: the parent POM version, the Boot plugin', () => {
    const pom = [
      '<project>',
      '  <parent>',
      '    <groupId>org.springframework.boot</groupId>',
      '    <artifactId>spring-boot-starter-parent</artifactId>',
      '    <version>4.0.3</version>',
      '  </parent>',
      '  <dependencies>',
      '    <dependency>',
      '      <groupId>org.springframework.boot</groupId>',
      '      <artifactId>spring-boot-starter-cache</artifactId>',
      '    </dependency>',
      '  </dependencies>',
      '</project>',
    ].join('\n');
    const gradle = [
      'plugins {',
      "  id 'java'",
      "  id 'org.springframework.boot' version '4.0.3'",
      "  id 'io.spring.dependency-management' version '1.1.7'",
      '}',
      'dependencies {',
      "  implementation 'org.springframework.boot:spring-boot-starter-cache'",
      '}',
    ].join('\n');
    const deps = dependenciesPass(sourcesFromMap({ 'pom.xml': pom, 'build.gradle': gradle })).dependencies;
    expect(deps.map((d) => [d.manifest, d.managedVersion, d.managedLine])).toEqual([
      ['pom.xml', '4.0.3', 5],
      ['build.gradle', '4.0.3', 3],
    ]);
  });

  it('knows test runners, linters, type checkers and task runners as tooling', () => {
    for (const [ecosystem, name] of [
      ['pip', 'tox'],
      ['pip', 'mypy'],
      ['pip', 'ruff'],
      ['pip', 'pytest'],
      ['npm', 'eslint'],
      ['npm', 'vitest'],
      ['npm', 'typescript'],
    ] as const)
      expect(isToolingRole(packageInfo({ ecosystem, name })?.role), name).toBe(true);
    expect(isToolingRole(packageInfo({ ecosystem: 'pip', name: 'django' })?.role)).toBe(false);
  });

  it('matches an import to its package by the name code imports it by', () => {
    const pip = (name: string) => ({ ecosystem: 'pip' as const, name });
    expect(importsPackage('jwt', pip('PyJWT'))).toBe(true);
    expect(importsPackage('jwt.algorithms', pip('PyJWT'))).toBe(true);
    expect(importsPackage('jwtx', pip('PyJWT'))).toBe(false);
    expect(importsPackage('charset_normalizer', pip('charset-normalizer'))).toBe(true);
    expect(importsPackage('next/link', { ecosystem: 'npm', name: 'next' })).toBe(true);
    expect(importsPackage('serde_json::Value', { ecosystem: 'cargo', name: 'serde-json' })).toBe(true);
    expect(importsPackage('org.slf4j.Logger', { ecosystem: 'maven', name: 'org.slf4j:slf4j-api' })).toBe(
      false,
    );
  });
});

describe('the runtimes a manifest requires', () => {
  it('reads requires-python, engines and the pinned package manager, each at its line', () => {
    const { manifests } = dependenciesPass(
      sourcesFromMap({
        'pyproject.toml': '[project]\nname = "fetch"\nrequires-python = ">=3.10"\ndependencies = []\n',
        'package.json': [
          '{',
          '  "name": "web",',
          '  "exports": { ".": { "node": "./a.js" } },',
          '  "engines": {',
          '    "node": ">=16.9.0"',
          '  },',
          '  "packageManager": "bun@1.2.20"',
          '}',
        ].join('\n'),
      }),
    );
    const req = (p: string) => manifests.find((m) => m.path === p)?.requires;
    expect(req('pyproject.toml')).toEqual([{ name: 'python', version: '>=3.10', line: 3 }]);
    expect(req('package.json')).toEqual([
      { name: 'node', version: '>=16.9.0', line: 5 },
      { name: 'bun', version: '1.2.20', line: 7 },
    ]);
  });
});

describe('the toolchain a Go module or a crate asks for', () => {
  it("reads go.mod's `go` directive and Cargo's `rust-version` as the oldest release they build with", () => {
    const { manifests } = dependenciesPass(
      sourcesFromMap({
        'go.mod': 'module example.com/kit\n\ngo 1.21\n\nrequire github.com/spf13/pflag v1.0.5\n',
        'Cargo.toml': '[package]\nname = "finder"\nedition = "2021"\nrust-version = "1.74.0"\n',
        'lib/Cargo.toml': '[package]\nname = "inner"\n',
      }),
    );
    const req = (p: string) => manifests.find((m) => m.path === p)?.requires;
    expect(req('go.mod')).toEqual([{ name: 'go', version: '>=1.21', line: 3 }]);
    expect(req('Cargo.toml')).toEqual([{ name: 'rust', version: '>=1.74.0', line: 4 }]);
    expect(req('lib/Cargo.toml')).toBeUndefined();
  });

  it("reads a workspace root's inherited `rust-version.workspace = true` from [workspace.package]", () => {
    const { manifests } = dependenciesPass(
      sourcesFromMap({
        'Cargo.toml': [
          '[package]',
          'name = "tool"',
          'rust-version.workspace = true',
          '',
          '[workspace]',
          'members = ["crates/core"]',
          '',
          '[workspace.package]',
          'rust-version = "1.96"',
        ].join('\n'),
      }),
    );
    expect(manifests.find((m) => m.path === 'Cargo.toml')?.requires).toEqual([
      { name: 'rust', version: '>=1.96', line: 9 },
    ]);
  });
});

describe('a Gemfile beside no Ruby product', () => {
  it('installs the tools that test and lint the project: its gems are for development', () => {
    const files = {
      'go.mod': 'module example.com/find\n\ngo 1.23\n',
      'main.go': 'package main\n',
      Gemfile: "source 'https://rubygems.org'\n\ngem 'minitest', '5.25.4'\ngem 'rubocop', '1.71.0'\n",
      'test/test_core.rb': "require 'minitest/autorun'\n",
    };
    expect(dependenciesPass(sourcesFromMap(files)).dependencies.map((d) => `${d.name}:${d.scope}`)).toEqual([
      'minitest:dev',
      'rubocop:dev',
    ]);
    // beside a Ruby app's own code they are what it runs on
    const app = { ...files, 'app/models/user.rb': 'class User\nend\n' };
    expect(dependenciesPass(sourcesFromMap(app)).dependencies.map((d) => d.scope)).toEqual([
      'runtime',
      'runtime',
    ]);
  });
});

describe('the Rust toolchain a virtual workspace asks for', () => {
  it("takes a package-less root's [workspace.package] rust-version; a member's `{ workspace = true }` is no version", () => {
    const { manifests } = dependenciesPass(
      sourcesFromMap({
        'Cargo.toml': [
          '[workspace]',
          'members = ["web"]',
          '',
          '[workspace.package]',
          'rust-version = "1.80"',
        ].join('\n'),
        'web/Cargo.toml': ['[package]', 'name = "web"', 'rust-version = { workspace = true }'].join('\n'),
      }),
    );
    expect(manifests.find((m) => m.path === 'Cargo.toml')?.requires).toEqual([
      { name: 'rust', version: '>=1.80', line: 5 },
    ]);
    expect(manifests.find((m) => m.path === 'web/Cargo.toml')?.requires).toBeUndefined();
  });
});

describe('the Java release a JVM build asks for', () => {
  it("reads Maven's java.version property and Gradle's toolchain as the build's Java requirement", () => {
    const { manifests } = dependenciesPass(
      sourcesFromMap({
        'pom.xml':
          '<project>\n  <artifactId>shop</artifactId>\n  <properties>\n    <java.version>17</java.version>\n  </properties>\n</project>\n',
        'build.gradle':
          "plugins { id 'java' }\njava {\n  toolchain {\n    languageVersion = JavaLanguageVersion.of(21)\n  }\n}\n",
      }),
    );
    expect(manifests.find((m) => m.path === 'pom.xml')?.requires).toEqual([
      { name: 'java', version: '17', line: 4 },
    ]);
    expect(manifests.find((m) => m.path === 'build.gradle')?.requires).toEqual([
      { name: 'java', version: '21', line: 4 },
    ]);
  });
});
