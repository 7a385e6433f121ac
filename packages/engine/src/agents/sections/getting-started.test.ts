// Getting started speaks to the product's users: the published package's install line, the
// product's manifests only, and only the settings whose absence stops the code.
import { describe, expect, it } from 'vitest';
import type { Analysis, EnvVar, Manifest, ProjectKind } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  installLine,
  installsRelease,
  readmeClis,
  readmeInstalls,
  readmeScriptSteps,
  writeGettingStarted,
} from './getting-started.ts';

const ctx = (a: Analysis): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: {
    id: '1',
    level: 1,
    title: 'Getting Started',
    kind: 'getting-started',
    evidence: [],
    hasChildren: false,
  },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
});

function project(kind: ProjectKind, manifests: Manifest[], envVars: EnvVar[] = []): Analysis {
  const a = sampleAppAnalysis();
  a.identity = { ...a.identity!, kind };
  a.manifests = manifests;
  a.envVars = envVars;
  a.containers = [];
  return a;
}

describe('the install line of a published package', () => {
  it('comes from the root manifest name, by ecosystem and kind', () => {
    const one = (kind: ProjectKind, m: Omit<Manifest, 'area'>) =>
      installLine(project(kind, [{ ...m, area: 'product' }]));
    expect(one('framework', { path: 'package.json', ecosystem: 'npm', name: 'koa' })).toBe('npm install koa');
    expect(one('library', { path: 'pyproject.toml', ecosystem: 'pip', name: 'requests' })).toBe(
      'python -m pip install requests',
    );
    expect(one('library', { path: 'go.mod', ecosystem: 'go', name: 'github.com/x/y/v5' })).toBe(
      'go get github.com/x/y/v5',
    );
    expect(one('cli', { path: 'Cargo.toml', ecosystem: 'cargo', name: 'fd-find' })).toBe(
      'cargo install fd-find',
    );
    expect(one('library', { path: 'Cargo.toml', ecosystem: 'cargo', name: 'serde' })).toBe('cargo add serde');
    // an application is run from the repository, not installed as a package
    expect(one('web-application', { path: 'package.json', ecosystem: 'npm', name: 'shop' })).toBeNull();
  });

  it("never builds an example's, the docs' or a tool crate's manifest", () => {
    const a = project('library', [
      { path: 'docs/requirements.txt', ecosystem: 'pip', area: 'docs' },
      { path: 'examples/demo/pyproject.toml', ecosystem: 'pip', name: 'demo', area: 'examples' },
      { path: 'pyproject.toml', ecosystem: 'pip', name: 'lib', area: 'product' },
    ]);
    const md = writeGettingStarted(ctx(a));
    expect(md).toContain('python -m pip install lib');
    expect(md).not.toMatch(/docs\/requirements|examples\/demo/);
  });
});

describe('settings to set before the first run', () => {
  it('lists only reads that fail when unset, not optional lookups', () => {
    const v = (name: string, extra: Partial<EnvVar> = {}): EnvVar => ({
      name,
      file: 'src/a.ts',
      line: 1,
      class: 'config',
      area: 'product',
      ...extra,
    });
    const a = project(
      'web-application',
      [{ path: 'package.json', ecosystem: 'npm', area: 'product' }],
      [
        v('SUPABASE_URL', { required: true }),
        v('WEBHOOK_SECRET', { sensitive: true }),
        v('NETRC'),
        // `createClient(url, process.env.SERVICE_KEY || '')`: the empty key fails in the client
        v('SERVICE_KEY', { sensitive: true, emptyFallback: true, unusableEmpty: true }),
        v('OPTIONAL_TOKEN', { sensitive: true, emptyFallback: true }),
      ],
    );
    a.docs.readme = { path: 'README.md', headings: [] } as unknown as Analysis['docs']['readme'];
    a.docs.envVarMentions = [{ name: 'SUPABASE_URL', file: 'README.md', line: 12 }];
    const md = writeGettingStarted(ctx(a));
    expect(md).toContain(
      "The code cannot run without these settings, so set them before the first run: `SUPABASE_URL` and `SERVICE_KEY`; the README's setup (`README.md:12`) names all but `SERVICE_KEY`.",
    );
    expect(md).not.toMatch(/WEBHOOK_SECRET|NETRC|OPTIONAL_TOKEN/);
  });
});

describe("an application's own run steps", () => {
  const file = (path: string) =>
    ({ path, language: null, lines: 1, bytes: 1 }) as unknown as Analysis['files'][0];

  it("builds a Cargo workspace's member crates from the root, and a crate with a lock of its own apart", () => {
    const a = project('cli', [
      { path: 'Cargo.toml', ecosystem: 'cargo', name: 'tool', area: 'product' },
      { path: 'crates/core/Cargo.toml', ecosystem: 'cargo', name: 'tool-core', area: 'product' },
      { path: 'crates/walk/Cargo.toml', ecosystem: 'cargo', name: 'tool-walk', area: 'product' },
      { path: 'site/Cargo.toml', ecosystem: 'cargo', name: 'site', area: 'product' },
    ]);
    a.files = [file('Cargo.toml')];
    a.lockfiles = [
      { path: 'Cargo.lock', ecosystem: 'cargo', manager: 'Cargo', area: 'product' },
      { path: 'site/Cargo.lock', ecosystem: 'cargo', manager: 'Cargo', area: 'product' },
    ];
    const md = writeGettingStarted(ctx(a));
    expect(md).toContain('cargo build --workspace\ncd site && cargo build');
    expect(md).not.toContain('cd crates/');
  });

  it('works on a Python project with a committed uv.lock through uv, its groups included', () => {
    const lib = (lockfiles: Analysis['lockfiles']) => {
      const a = project('library', [
        { path: 'pyproject.toml', ecosystem: 'pip', name: 'lib', area: 'product' },
      ]);
      a.files = [file('pyproject.toml')];
      a.lockfiles = lockfiles;
      return writeGettingStarted(ctx(a));
    };
    expect(lib([])).toContain('pip install .');
    const md = lib([{ path: 'uv.lock', ecosystem: 'pip', manager: 'uv', area: 'product' }]);
    expect(md).toContain('uv sync');
    expect(md).not.toContain('pip install .');
  });

  it('Django: runtime requirements first, then migrate and runserver; a compose template goes with compose', () => {
    const a = project('web-application', [
      { path: 'requirements-dev.txt', ecosystem: 'pip', area: 'product' },
      { path: 'requirements.txt', ecosystem: 'pip', area: 'product' },
    ]);
    a.frameworks = [{ name: 'Django', category: 'web', evidence: 'requirements.txt' }];
    a.files = [file('manage.py'), file('docker/.env.example'), file('.env.local.example')];
    a.containers = [
      {
        path: 'docker/docker-compose.yml',
        kind: 'compose',
        baseImages: [],
        exposedPorts: [],
        services: ['db', 'web'],
      },
    ];
    const md = writeGettingStarted(ctx(a));
    expect(md).toContain(
      [
        'pip install -r requirements.txt',
        'pip install -r requirements-dev.txt',
        'cp .env.local.example .env.local',
        'python manage.py migrate',
        'python manage.py runserver',
      ].join('\n'),
    );
    expect(md).toContain(
      'To start the services of `docker/docker-compose.yml` (`db` and `web`) in containers: `cp docker/.env.example docker/.env`, then `docker compose -f docker/docker-compose.yml up`.',
    );
    // the lead says what the steps do, each kind of step once; no step builds
    expect(md).toContain(
      'Install its dependencies, copy the settings template, create the database tables, start the development server and run the tests:',
    );
    expect(md).not.toMatch(/To (?:build|set it up) and run it:|build it/i);
  });

  it('Spring Boot with both build files: one build through the wrapper, Gradle named as the alternative', () => {
    const a = project('web-application', [
      { path: 'build.gradle', ecosystem: 'gradle', area: 'product' },
      { path: 'pom.xml', ecosystem: 'maven', area: 'product' },
    ]);
    a.frameworks = [{ name: 'Spring Boot', category: 'web', evidence: 'pom.xml' }];
    a.files = [file('mvnw'), file('gradlew')];
    const md = writeGettingStarted(ctx(a));
    expect(md).toContain('Build it, start the application, start the development server and run the tests:');
    expect(md).toContain('./mvnw package\n./mvnw spring-boot:run');
    expect(md).not.toContain('./gradlew build');
    expect(md).toContain('Gradle (`build.gradle`) builds the same project as an alternative to Maven.');
  });
});

describe("a command-line tool's steps on the working tree", () => {
  it("takes recipes from the project's own build file, never an example's, and not one that installs the release", () => {
    const a = project('cli', [{ path: 'Cargo.toml', ecosystem: 'cargo', name: 'tool', area: 'product' }]);
    const recipe = (name: string, path: string, command: string, area: 'product' | 'examples') => ({
      kind: 'make-target' as const,
      name,
      path,
      line: 1,
      command,
      area,
    });
    a.entryPoints = [
      recipe('test', 'justfile', 'cargo test', 'product'),
      recipe('install', 'justfile', 'cargo install -f tool', 'product'),
      recipe('setup', 'examples/hooks.just', 'pre-commit install', 'examples'),
      recipe('build', 'justfile', 'cargo build --release', 'product'),
    ];
    const md = writeGettingStarted(ctx(a));
    expect(md).toMatch(/just test\njust build\n```/);
    expect(md).not.toContain('just setup');
    expect(md).not.toContain('just install');
  });

  it("runs the build file's tool setup first when a recipe needs a tool it installs", () => {
    const a = project('cli', [{ path: 'Cargo.toml', ecosystem: 'cargo', name: 'tool', area: 'product' }]);
    const recipe = (name: string, command?: string, prerequisites?: string[]) => ({
      kind: 'make-target' as const,
      name,
      path: 'justfile',
      line: 1,
      ...(command ? { command } : {}),
      ...(prerequisites ? { prerequisites } : {}),
      area: 'product' as const,
    });
    a.entryPoints = [
      recipe('watch', "cargo watch --clear --exec '{{ args }}'"),
      recipe('test', undefined, ["watch 'ltest --all'"]),
      recipe('run', 'cargo lrun'),
      recipe(
        'install-dev-deps',
        'rustup install nightly; cargo install cargo-limit; cargo install cargo-watch',
      ),
    ];
    expect(writeGettingStarted(ctx(a))).toMatch(/just install-dev-deps\njust test\njust run\n```/);
    // recipes that need nothing beyond cargo run as they are
    a.entryPoints = [recipe('test', 'cargo test'), recipe('install-dev-deps', 'cargo install cargo-watch')];
    expect(writeGettingStarted(ctx(a))).not.toContain('install-dev-deps');
  });

  it('tells an install of the released package from an install of the working tree', () => {
    expect(installsRelease('cargo install -f tool', 'tool')).toBe(true);
    expect(installsRelease('npm install -g tool@latest', 'tool')).toBe(true);
    expect(installsRelease('cargo install --path . tool', 'tool')).toBe(false);
    expect(installsRelease('cargo install cargo-watch', 'tool')).toBe(false);
    expect(installsRelease('pip install -e .', 'tool')).toBe(false);
  });
});

describe('further documentation', () => {
  it('leads with the guides and the user manual, puts project pages and benchmark READMEs last, and counts the rest', () => {
    const a = sampleAppAnalysis();
    a.docs = {
      readme: { path: 'README.md', headings: ['A Simple Example', 'Donate'] } as NonNullable<
        Analysis['docs']['readme']
      >,
      files: [
        'AUTHORS.rst',
        'CODE_OF_CONDUCT.md',
        'HISTORY.md',
        'benchmarks/jsx/README.md',
        'docs/advanced.md',
        'docs/api.md',
        'docs/community/faq.md',
        'docs/community/support.md',
        'docs/index.md',
        'docs/quickstart.md',
        'docs/troubleshooting.md',
        'docs/user/install.md',
      ],
    };
    a.files.push({ ...a.files[0]!, path: 'benchmarks/jsx/README.md', role: 'benchmarks' });
    const out = writeGettingStarted(ctx(a));
    const listed = [...out.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]);
    expect(listed).toEqual([
      'docs/index.md',
      'docs/quickstart.md',
      'docs/troubleshooting.md',
      'docs/user/install.md',
      'docs/advanced.md',
      'docs/api.md',
      'AUTHORS.rst',
      'CODE_OF_CONDUCT.md',
    ]);
    expect(out).toContain('and 4 more files.');
    // a README's example section is its usage section
    expect(out).not.toContain('has no installation or usage section');
  });
});

describe("a tool's manual page and a documentation site", () => {
  it('lists the man page and the user guide first and a bare CONDUCT.md with the project pages', () => {
    const a = sampleAppAnalysis();
    a.docs = {
      readme: { path: 'README.md', headings: ['Usage'] } as NonNullable<Analysis['docs']['readme']>,
      files: [
        'CONDUCT.md',
        'CONTRIBUTING.md',
        'doc/tool.1',
        'site/content/user_guide.md',
        'site/content/faq.md',
      ],
    };
    const listed = [...writeGettingStarted(ctx(a)).matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]);
    expect(listed).toEqual([
      'doc/tool.1',
      'site/content/user_guide.md',
      'CONTRIBUTING.md',
      'site/content/faq.md',
      'CONDUCT.md',
    ]);
  });

  it('gives the Go and Rust releases the manifests ask for', () => {
    const a = project('library', [
      {
        path: 'go.mod',
        ecosystem: 'go',
        name: 'example.com/kit',
        area: 'product',
        requires: [{ name: 'go', version: '>=1.21', line: 3 }],
      },
    ]);
    expect(writeGettingStarted(ctx(a))).toContain('Prerequisites: Go `>=1.21` (`go.mod:3`).');
  });
});

describe('prerequisites', () => {
  it('give the versions the manifests ask for, each cited at its line', () => {
    const a = project('library', [
      {
        path: 'package.json',
        ecosystem: 'npm',
        name: 'web',
        area: 'product',
        requires: [
          { name: 'node', version: '>=16.9.0', line: 5 },
          { name: 'bun', version: '1.2.20', line: 7 },
        ],
      },
    ]);
    expect(writeGettingStarted(ctx(a))).toContain(
      'Prerequisites: Node.js `>=16.9.0` (`package.json:5`) and Bun `1.2.20` (`package.json:7`).',
    );
  });
});

describe('the prerequisites', () => {
  it("name the package manager a committed lockfile asks for, beside the manifest's runtime", () => {
    const m: Manifest = { path: 'package.json', ecosystem: 'npm', name: 'shop', area: 'product' };
    const a = project('application', [m]);
    a.lockfiles = [{ path: 'pnpm-lock.yaml', ecosystem: 'npm', manager: 'pnpm', area: 'product' }];
    expect(writeGettingStarted(ctx(a))).toContain(
      'Prerequisites: Node.js with pnpm (`package.json` and `pnpm-lock.yaml`).',
    );
    const b = project('application', [m]);
    b.lockfiles = [{ path: 'package-lock.json', ecosystem: 'npm', manager: 'npm', area: 'product' }];
    expect(writeGettingStarted(ctx(b))).toContain('Prerequisites: Node.js (`package.json`).');
  });
});

describe("the README's setup", () => {
  it('is cited whole when it names the required settings on several lines', () => {
    const m: Manifest = { path: 'package.json', ecosystem: 'npm', name: 'shop', area: 'product' };
    const need = (name: string, line: number): EnvVar => ({
      name,
      file: 'src/config.ts',
      line,
      required: true,
      class: 'config',
      area: 'product',
    });
    const a = project('application', [m], [need('API_KEY', 3), need('DB_URL', 4)]);
    a.docs = {
      ...a.docs,
      readme: { ...a.docs.readme!, path: 'README.md' },
      envVarMentions: [
        { name: 'API_KEY', file: 'README.md', line: 32 },
        { name: 'DB_URL', file: 'README.md', line: 79 },
      ],
    };
    const md = writeGettingStarted(ctx(a));
    expect(md).toContain("the README's setup (`README.md`) names every one");
  });
});

describe("the README's walk through the package scripts", () => {
  const readme = [
    '# Shop',
    'First, you will need to install [Docker](https://docker.com). Use the [Acme CLI](https://acme.dev/cli).',
    'Next, run the following command to start the local database:',
    '```bash',
    'pnpm db:start',
    '```',
    'You can print the URLs at any time with:',
    '```bash',
    'pnpm db:status',
    '```',
    'Next, forward the webhooks:',
    '```bash',
    'pnpm acme:listen',
    '```',
    'In a separate terminal, start the development server:',
    '```bash',
    'pnpm dev',
    'pnpm unknown-script',
    '```',
  ].join('\n');

  it('keeps the scripts the README asks to run, in its order, and leaves out the ones it only offers', () => {
    expect(readmeScriptSteps(readme, ['db:start', 'db:status', 'acme:listen', 'dev', 'build'])).toEqual([
      { name: 'db:start', line: 5 },
      { name: 'acme:listen', line: 13 },
      { name: 'dev', line: 17 },
    ]);
    expect(readmeInstalls(readme)).toEqual([{ name: 'Docker', line: 2 }]);
    expect(readmeClis(readme)).toEqual(['acme']);
  });

  it("follows the README's order and names what it needs installed beyond the manifests", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'gs-'));
    writeFileSync(path.join(root, 'README.md'), readme);
    const a = project('web-application', [{ path: 'package.json', ecosystem: 'npm', area: 'product' }]);
    a.lockfiles = [{ path: 'pnpm-lock.yaml' }] as Analysis['lockfiles'];
    a.dependencies = [
      { name: 'acme', version: '1', ecosystem: 'npm', scope: 'runtime', manifest: 'package.json', line: 3 },
      { name: 'next', version: '1', ecosystem: 'npm', scope: 'runtime', manifest: 'package.json', line: 4 },
    ] as Analysis['dependencies'];
    const npm = (name: string, command: string, line: number) => ({
      kind: 'npm-script' as const,
      name,
      command,
      path: 'package.json',
      line,
    });
    a.entryPoints = [
      npm('dev', 'next dev', 4),
      npm('build', 'next build', 5),
      npm('start', 'next start', 6),
      npm('db:start', 'npx dbtool start', 7),
      npm('db:status', 'npx dbtool status', 8),
      npm('acme:listen', 'acme listen --forward-to=localhost:3000/api/webhooks', 9),
    ];
    a.docs = {
      readme: { path: 'README.md', title: 'Shop', summary: '', headings: [] },
      files: ['README.md'],
    };
    const out = writeGettingStarted({ ...ctx(a), fx: factsOf(a), workspace: { ...ctx(a).workspace, root } });
    expect(out).toMatch(
      /pnpm install\n(?:cp [^\n]*\n)*pnpm run db:start\npnpm run acme:listen\npnpm run dev\n/,
    );
    expect(out).not.toContain('db:status');
    expect(out).toContain(
      'also needs Docker (`README.md:2`) and the `acme` command-line tool, which no manifest installs (run by `acme:listen`).',
    );
  });

  it('without such a walk, gives the development server and the production build as alternatives', () => {
    const a = project('web-application', [{ path: 'package.json', ecosystem: 'npm', area: 'product' }]);
    const out = writeGettingStarted(ctx(a));
    expect(out).toMatch(/npm run dev\nnpm test\n/);
    expect(out).toContain(
      'For a production build instead of the development server: `npm run build`, then `npm start`.',
    );
  });
});

describe('the prerequisites two builds state alike', () => {
  it('names one requirement once, citing both manifests', () => {
    const a = project('web-application', [
      {
        path: 'build.gradle',
        ecosystem: 'gradle',
        area: 'product',
        requires: [{ name: 'java', version: '17', line: 19 }],
      },
      {
        path: 'pom.xml',
        ecosystem: 'maven',
        area: 'product',
        requires: [{ name: 'java', version: '17', line: 19 }],
      },
    ]);
    expect(writeGettingStarted(ctx(a))).toContain(
      'Prerequisites: Java `17` (`build.gradle:19` and `pom.xml:19`).',
    );
  });
});
