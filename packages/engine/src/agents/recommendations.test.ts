// Recommendations fit the kind of project: no lockfile advice for a library, no route protection for
// routes that belong to examples, no advice to split a generated file.

import { describe, expect, it } from 'vitest';
import type { Analysis, Identity } from '../analyse/types.ts';
import { recommendations } from './recommendations.ts';
import { sampleAppAnalysis } from './test-fixtures.ts';

const identity = (kind: Identity['kind'], productPaths = ['src']): Identity => ({
  kind,
  kinds: [],
  purpose: null,
  productPaths,
  nonProduct: [],
  entryPoints: [],
  publicApi: [],
  keyComponents: [],
});

function without(a: Analysis, lockfiles: RegExp): Analysis {
  return { ...a, files: a.files.filter((f) => !lockfiles.test(f.path)) };
}

const texts = (a: Analysis) => recommendations(a).map((r) => r.text);

const functionsIn = (path: string, n: number): Analysis['symbols'] =>
  Array.from({ length: n }, (_, i) => ({
    path,
    name: `f${i}`,
    kind: 'function',
    line: i * 50 + 1,
    exported: true,
  }));

describe('recommendations by kind of project', () => {
  const base = without(sampleAppAnalysis(), /lock|yarn\.lock|pnpm-lock/);

  it('asks an application, never a library, to commit a lockfile', () => {
    expect(
      texts({ ...base, identity: identity('application') }).some((t) => t.startsWith('Commit a lockfile')),
    ).toBe(true);
    expect(
      texts({ ...base, identity: identity('library') }).some((t) => t.startsWith('Commit a lockfile')),
    ).toBe(false);
    expect(
      texts({ ...base, identity: identity('framework') }).some((t) => t.startsWith('Commit a lockfile')),
    ).toBe(false);
  });

  it('never asks to protect routes for want of an authentication library: that names no risk', () => {
    const app = { ...base, dependencies: [], identity: identity('application') };
    expect(app.routes.length).toBeGreaterThan(0);
    expect(texts(app).some((t) => /^Protect the|HTTP route/.test(t))).toBe(false);
    const examples = { ...app, routes: app.routes.map((r) => ({ ...r, area: 'examples' as const })) };
    expect(texts(examples).some((t) => /^Protect the|HTTP route/.test(t))).toBe(false);
  });

  it('never asks to split a generated file or one outside the product', () => {
    const big = (path: string) => ({ ...base.files[0]!, path, code: 1200, language: 'TypeScript' });
    const withFile = (path: string): Analysis => ({
      ...base,
      identity: identity('application', ['src']),
      files: [...base.files, big(path)],
      symbols: [...base.symbols, ...functionsIn(path, 12)],
    });
    // size alone is no defect: no file, the product's own included, is recommended for splitting
    expect(texts(withFile('src/huge.ts')).some((t) => t.startsWith('Split the'))).toBe(false);
    expect(texts(withFile('src/generated/api.ts')).some((t) => t.startsWith('Split the'))).toBe(false);
    expect(texts(withFile('examples/demo.ts')).some((t) => t.startsWith('Split the'))).toBe(false);
  });

  it('never asks to split a data table: a file the analysis found to be mostly literals', () => {
    const table = {
      ...base.files[0]!,
      path: 'src/unicode_tables.rs',
      code: 4000,
      language: 'Rust',
      literalData: true,
    };
    const a: Analysis = {
      ...base,
      identity: identity('application', ['src']),
      files: [...base.files, table],
      symbols: [...base.symbols, ...functionsIn(table.path, 2)],
    };
    expect(texts(a).some((t) => t.startsWith('Split the'))).toBe(false);
  });
});

describe('recommendations say what a maintainer would act on', () => {
  const base = sampleAppAnalysis();

  it("never turns a TODO marker into advice: it is the author's note, with no risk assessed", () => {
    const one = {
      ...base,
      todos: [{ tag: 'TODO' as const, text: 'use a library for this', file: 'lib/is-stream.js', line: 5 }],
    };
    const two = { ...one, todos: [...one.todos, { ...one.todos[0]!, line: 9 }] };
    for (const a of [one, two]) expect(texts(a).some((t) => /TODO|marker/.test(t))).toBe(false);
  });

  it('does not ask to document NODE_ENV, a convention every Node tool knows', () => {
    const envVars = [{ name: 'NODE_ENV', file: 'lib/application.js', line: 79, defaultValue: 'development' }];
    // no .env.example and no docs naming variables: only the code says what it reads
    const files = base.files.filter((f) => !/\.env\./.test(f.path));
    const a = { ...base, files, envVars, docs: { ...base.docs, envVarMentions: [] } };
    expect(texts(a).some((t) => /environment variable/.test(t))).toBe(false);
    const own = {
      ...a,
      envVars: [...envVars, { name: 'REPORTS_DIR', file: 'lib/application.js', line: 80, required: true }],
    };
    expect(texts(own).some((t) => t.startsWith('Document `REPORTS_DIR`'))).toBe(true);
  });
});

describe('dependency advice that is right or absent', () => {
  const base = without(sampleAppAnalysis(), /lock|yarn\.lock|pnpm-lock/);
  const app = { ...base, identity: identity('application', ['src', 'package.json']) };
  const open: Analysis['dependencies'][number] = {
    ecosystem: 'npm',
    name: 'left-pad',
    version: '>=1.0.0',
    scope: 'runtime',
    manifest: 'package.json',
    line: 20,
  };
  const has = (a: Analysis, start: string) => texts(a).some((t) => t.startsWith(start));

  it('never asks a library to pin its ranges or commit a lockfile', () => {
    const lib = { ...app, identity: identity('library'), dependencies: [...app.dependencies, open] };
    expect(has(lib, 'Pin the')).toBe(false);
    expect(has(lib, 'Commit a lockfile')).toBe(false);
    expect(has({ ...lib, identity: identity('application') }, 'Pin the')).toBe(true);
  });

  it('takes .npmrc package-lock=false as a decision, and a committed lockfile as the lock', () => {
    expect(has(app, 'Commit a lockfile')).toBe(true);
    const optOut = { ...app, lockfileOptOuts: [{ path: '.npmrc', line: 1, ecosystem: 'npm' as const }] };
    expect(has(optOut, 'Commit a lockfile')).toBe(false);
    const locked = {
      ...app,
      lockfiles: [{ path: 'bun.lock', manager: 'Bun', ecosystem: 'npm' as const, area: 'product' as const }],
      dependencies: [...app.dependencies, open],
    };
    expect(has(locked, 'Commit a lockfile')).toBe(false);
    expect(has(locked, 'Pin the')).toBe(false);
  });

  it('counts a requirements file pinning every package with == as the pip lock of an application', () => {
    const pip = (name: string, version: string) => ({
      ecosystem: 'pip' as const,
      name,
      version,
      scope: 'runtime' as const,
      manifest: 'requirements.txt',
    });
    const frozen = {
      ...app,
      lockfiles: [],
      dependencies: [pip('Django', '==6.1'), pip('psycopg', '==3.3.4')],
    };
    expect(has(frozen, 'Commit a lockfile')).toBe(false);
    const loose = { ...frozen, dependencies: [pip('Django', '>=6'), pip('psycopg', '==3.3.4')] };
    expect(has(loose, 'Commit a lockfile')).toBe(true);
  });

  it('leaves the dependencies of examples and benchmarks out of the advice', () => {
    const examples = app.dependencies.map((d) => ({ ...d, area: 'examples' as const }));
    expect(has({ ...app, dependencies: examples }, 'Commit a lockfile')).toBe(false);
  });

  it('never asks to document variables that CI, Cargo or a shell completion sets', () => {
    const files = app.files.filter((f) => !/\.env\./.test(f.path));
    const envVars = [
      'GITHUB_TOKEN',
      'CARGO_CFG_TARGET_OS',
      'CARGO_PKG_VERSION',
      'COMP_CWORD',
      'TARGETARCH',
    ].map((name, i) => ({ name, file: 'src/main.ts', line: i + 1 }));
    const a = { ...app, files, envVars, docs: { ...app.docs, envVarMentions: [] } };
    expect(texts(a).some((t) => /environment variable/.test(t))).toBe(false);
  });

  it('never asks to document a variable the Configuration chapter classes as build, CI, platform or completion', () => {
    const files = app.files.filter((f) => !/\.env\./.test(f.path));
    const classed = [
      ['SOURCE_DATE_EPOCH', 'build'],
      ['MY_TOOL_BUILD_ID', 'ci'],
      ['HOSTNAME', 'platform'],
      ['_MYTOOL_COMPLETE', 'completion'],
    ] as const;
    const envVars = classed.map(([name, cls], i) => ({ name, file: 'src/main.ts', line: i + 1, class: cls }));
    const docs = { ...app.docs, envVarMentions: [{ name: 'APP_PORT', file: 'README.md', line: 3 }] };
    expect(texts({ ...app, files, envVars, docs }).some((t) => /environment variable/.test(t))).toBe(false);
    const own = [
      ...envVars,
      { name: 'APP_MODE', file: 'src/main.ts', line: 9, class: 'config' as const, required: true },
    ];
    const advice = texts({ ...app, files, envVars: own, docs }).find((t) => t.startsWith('Document'));
    expect(advice).toMatch(/^Document `APP_MODE`: the product cannot run without it/);
  });
});

describe('every recommendation comes from a finding with product evidence and a concrete risk', () => {
  const base = sampleAppAnalysis();
  const app = { ...base, identity: identity('application') };

  it('never gives advice that is true of any code base: add tests, raise coverage, add CI, write a README', () => {
    const bare: Analysis = {
      ...app,
      tests: { ...app.tests, files: [], totalCases: 0, inline: [] },
      files: app.files.filter((f) => !/test|\.github/.test(f.path)),
      ci: [],
      docs: { ...app.docs, readme: null },
    };
    expect(texts(bare).filter((t) => /test|coverage|CI workflow|README/i.test(t))).toEqual([]);
  });

  it('asks for a licence only of code others install, never of an application or service', () => {
    const unlicensed = { ...app, license: null };
    const asks = (kind: Identity['kind']) =>
      texts({ ...unlicensed, identity: identity(kind) }).some((t) => t.startsWith('Add a LICENSE'));
    expect(asks('application')).toBe(false);
    expect(asks('service')).toBe(false);
    expect(asks('library')).toBe(true);
    expect(asks('cli')).toBe(true);
  });

  const secret = (
    kind: 'Placeholder fallback secret' | 'Placeholder secret in a sample env file',
    variable: string,
    file: string,
    line: number,
  ): Analysis['secrets'][number] => ({
    kind,
    file,
    line,
    masked: '---',
    variable,
    area: kind === 'Placeholder fallback secret' ? 'product' : 'deployment',
  });

  it('gives one piece of advice for a placeholder key in the code fallback and in the shipped sample file', () => {
    const a: Analysis = {
      ...app,
      secrets: [
        secret('Placeholder fallback secret', 'SECRET_KEY', 'app/settings.py', 68),
        secret('Placeholder secret in a sample env file', 'SECRET_KEY', 'docker/.env.example', 56),
      ],
    };
    const recs = recommendations(a).filter((r) => /SECRET_KEY/.test(r.text));
    expect(recs).toHaveLength(1);
    expect(recs[0]!.text).toBe(
      'Refuse `SECRET_KEY` at start-up outside debug mode while it is unset or still the placeholder: the code falls back to a placeholder value, and the shipped sample env file sets one, so a deployment that forgets it runs on a public key, and anyone who has read the repository can forge the tokens and signed cookies the app signs with it.',
    );
    expect(recs[0]!.citations).toEqual(['app/settings.py:68', 'docker/.env.example:56']);
  });

  it('never makes a finding of a password the product presents to a database, nor of a service API key', () => {
    const a: Analysis = {
      ...app,
      secrets: [
        secret(
          'Placeholder fallback secret',
          'MYSQL_PASS',
          'src/main/resources/application-mysql.properties',
          5,
        ),
        secret('Placeholder secret in a sample env file', 'DB_PASSWORD', 'docker/.env.example', 7),
        secret('Placeholder fallback secret', 'STRIPE_SECRET_KEY', 'src/billing.ts', 3),
      ],
    };
    expect(texts(a).filter((t) => /PASS|STRIPE|placeholder/.test(t))).toEqual([]);
  });

  it("says what a public value of the product's own admin password gives away", () => {
    const a: Analysis = {
      ...app,
      secrets: [secret('Placeholder fallback secret', 'ADMIN_PASSWORD', 'src/config.ts', 4)],
    };
    expect(texts(a).find((t) => t.startsWith('Refuse `ADMIN_PASSWORD`'))).toMatch(
      /the code falls back to a placeholder value, so a deployment that forgets it runs on a public password, and anyone who has read the repository can sign in with it\.$/,
    );
  });

  // no authentication code of its own (the sample app's `requireAuth`) and no leaked secret
  const actuator = (value: string): Analysis => ({
    ...app,
    symbols: app.symbols.filter((x) => x.name !== 'requireAuth'),
    secrets: [],
    dependencies: [
      {
        ecosystem: 'maven',
        name: 'org.springframework.boot:spring-boot-starter-actuator',
        version: '*',
        scope: 'runtime',
        manifest: 'pom.xml',
        line: 40,
      },
    ],
    config: {
      files: [],
      settings: [
        {
          key: 'management.endpoints.web.exposure.include',
          value,
          file: 'src/main/resources/application.properties',
          line: 19,
        },
      ],
    },
  });

  it('asks to narrow an Actuator exposure that serves every endpoint with nothing to guard it', () => {
    const recs = recommendations(actuator('*'));
    expect(recs[0]!.text).toBe(
      'Narrow `management.endpoints.web.exposure.include=*` to the endpoints a deployment needs (such as `health`): as set, every enabled Actuator endpoint, `/actuator/heapdump` and `/actuator/env` among them, is served over HTTP, and no authentication guards them.',
    );
    expect(recs[0]!.citations).toEqual(['src/main/resources/application.properties:19']);
    expect(texts(actuator('health,env'))[0]).toMatch(/as set, `\/actuator\/env` is served over HTTP/);
  });

  it('leaves an Actuator exposure alone when it opens nothing sensitive or a security library guards it', () => {
    expect(texts(actuator('health,info')).some((t) => /Actuator|actuator/.test(t))).toBe(false);
    const guarded = actuator('*');
    guarded.dependencies.push({
      ecosystem: 'maven',
      name: 'org.springframework.boot:spring-boot-starter-security',
      version: '*',
      scope: 'runtime',
      manifest: 'pom.xml',
      line: 44,
    });
    expect(texts(guarded).some((t) => /actuator/.test(t))).toBe(false);
  });

  it('puts the most severe first: a leaked secret, then open endpoints, then a placeholder key', () => {
    const a = actuator('*');
    a.secrets = [
      secret('Placeholder fallback secret', 'SECRET_KEY', 'app/settings.py', 68),
      { kind: 'AWS access key', file: 'src/aws.ts', line: 3, masked: 'AKIA****', area: 'product' },
    ];
    expect(texts(a).map((t) => t.split(' ')[0])).toEqual(['Remove', 'Narrow', 'Refuse']);
  });

  it('asks to document only a variable the product cannot run without, and only where nothing names it', () => {
    const files = app.files.filter((f) => !/\.env\./.test(f.path));
    const docs = { ...app.docs, envVarMentions: [] };
    const read = (extra: Partial<Analysis['envVars'][number]>) => ({
      ...app,
      files,
      docs,
      envVars: [{ name: 'STORE_URL', file: 'src/store.ts', line: 4, class: 'config' as const, ...extra }],
    });
    expect(texts(read({ required: true })).some((t) => t.startsWith('Document `STORE_URL`'))).toBe(true);
    // a default, another variable read in its place, or `--help` naming it: nothing to document
    expect(texts(read({})).some((t) => t.startsWith('Document'))).toBe(false);
    expect(texts(read({ required: true, inHelp: true })).some((t) => t.startsWith('Document'))).toBe(false);
    expect(
      texts(read({ unusableEmpty: true, fallbackVars: ['STORE_URL_FALLBACK'] })).some((t) =>
        t.startsWith('Document'),
      ),
    ).toBe(false);
  });
});
