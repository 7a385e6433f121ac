// Each fact once, in the section that owns it: entries in Entry Points, the key components in
// Components, the central types with the mechanism; the overview says each once, short.
import { describe, expect, it } from 'vitest';
import type { Analysis, Dependency, Flow, Framework } from '../../analyse/types.ts';
import { codeSplit, factsOf } from '../facts.ts';
import { languageChartSvg } from '../../figures/language-chart.ts';
import { writeTechnology } from './technology.ts';
import { bareLibraryAnalysis, sampleAppAnalysis } from '../test-fixtures.ts';
import type { SectionPlan } from '../types.ts';
import type { WriterContext } from '../writers/context.ts';
import { loopSentences, writeArchitecture } from './architecture.ts';
import { writeComponents } from './components.ts';
import { writeOverview } from './overview.ts';

const section = (id: string, title: string, kind: SectionPlan['kind'], focus?: string): SectionPlan => ({
  id,
  level: 2,
  title,
  kind,
  evidence: [],
  hasChildren: false,
  ...(focus ? { focus } : {}),
});

const MODULES = section('4.2', 'Module Dependencies', 'architecture', 'modules');
const ENTRIES = section('4.3', 'Entry Points', 'architecture', 'entry-points');
const COMPONENTS = section('4.1', 'Components and Modules', 'components');
const REPORT = [COMPONENTS, MODULES, ENTRIES];

const ctx = (a: Analysis, plan: SectionPlan, report?: SectionPlan[]): WriterContext => ({
  a,
  fx: factsOf(a),
  plan,
  findings: [],
  allFindings: {},
  projectName: 'tinylib',
  workspace: {
    root: '/nowhere',
    name: 'tinylib',
    files: [],
    skipped: [],
  } as unknown as WriterContext['workspace'],
  ...(report ? { report } : {}),
});

function library(exports = 0): Analysis {
  const a = bareLibraryAnalysis();
  a.identity = {
    kind: 'library',
    kinds: [],
    purpose: null,
    productPaths: ['lib'],
    nonProduct: [],
    entryPoints: [
      {
        path: 'lib/strings.js',
        line: 1,
        how: 'package.json "main"',
        call: 'slugify()',
        importPath: 'tinylib',
      },
      ...Array.from({ length: exports }, (_, i) => ({
        path: `lib/part${i}.js`,
        line: 1,
        how: 'package.json "exports"',
      })),
    ],
    publicApi: [{ name: 'slugify', kind: 'function', path: 'lib/strings.js', line: 12 }],
    keyComponents: [
      { path: 'lib/strings.js', rank: 1, summary: 'Turns titles into slugs.' },
      { path: 'lib/numbers.js', rank: 2 },
    ],
  };
  a.flow = {
    abstractions: [{ name: 'Slugger', path: 'lib/strings.js', line: 20, methods: 3 }],
    steps: [],
    concurrency: [],
    handlers: [],
    defines: [],
  } as unknown as Flow;
  return a;
}

describe('each fact in the section that owns it', () => {
  it('leaves the entry sentence and the key components out of Module Dependencies when the report has their sections', () => {
    const md = writeArchitecture(ctx(library(), MODULES, REPORT));
    expect(md).not.toMatch(/Use of the library begins/);
    expect(md).not.toMatch(/carry the most weight/);
    expect(md).toMatch(/Its central type is `Slugger`/);
  });

  it('calls two sibling modules using each other tight coupling, never a folder and its own sub-folder', () => {
    const a = sampleAppAnalysis();
    a.moduleGraph.edges.push(
      { from: 'src/routes', to: 'src', weight: 1 },
      { from: 'src/services', to: 'src/routes', weight: 1 },
    );
    const md = writeArchitecture(ctx(a, MODULES));
    expect(md).toContain(
      'Two-way dependencies: `src/routes` ↔ `src/services` (2 and 1 import). A folder and its own sub-folder importing each other (`src` ↔ `src/routes`) is layering, not a cycle.',
    );
    // JVM packages do not nest: `org.acme` and `org.acme.web` using each other is a cycle
    const jvm = sampleAppAnalysis();
    jvm.files = jvm.files.map((f) => (f.language === 'TypeScript' ? { ...f, language: 'Java' } : f));
    jvm.moduleGraph.edges.push(
      { from: 'src/routes', to: 'src', weight: 1 },
      { from: 'src/services', to: 'src/routes', weight: 1 },
    );
    const flat = writeArchitecture(ctx(jvm, MODULES));
    expect(flat).toContain(
      'Two-way dependencies: `src` ↔ `src/routes` (3 and 1 import) and `src/routes` ↔ `src/services` (2 and 1 import).',
    );
    expect(flat).not.toContain('layering');
    // most pairs tight: the loose ones are named, not a long list of the tight
    const most = sampleAppAnalysis();
    most.moduleGraph.edges = [
      { from: 'src/routes', to: 'src/services', weight: 4 },
      { from: 'src/services', to: 'src/routes', weight: 4 },
      { from: 'src/routes', to: 'src/middleware', weight: 3 },
      { from: 'src/middleware', to: 'src/routes', weight: 3 },
      { from: 'src/services', to: 'src/middleware', weight: 1 },
      { from: 'src/middleware', to: 'src/services', weight: 1 },
    ];
    expect(writeArchitecture(ctx(most, MODULES))).toContain(
      '; all but `src/middleware` ↔ `src/services` have several imports each way.',
    );
    // the pair's own counts say how loose it is: no bound repeats them
    expect(md).not.toContain('at most 2 imports');
    // several imports each way is a tight coupling
    const b = sampleAppAnalysis();
    b.moduleGraph.edges = [
      ...b.moduleGraph.edges.map((e) => (e.to === 'src/services' ? { ...e, weight: 4 } : e)),
      { from: 'src/services', to: 'src/routes', weight: 4 },
    ];
    expect(writeArchitecture(ctx(b, MODULES))).toContain(
      'Two-way dependencies, which couple modules tightly: `src/routes` ↔ `src/services` (4 and 4 imports).',
    );
  });

  it('declares no container start for a Dockerfile without CMD or ENTRYPOINT', () => {
    const a = library();
    a.entryPoints = [
      { kind: 'dockerfile', name: 'etc/Dockerfile', path: 'etc/Dockerfile' },
      { kind: 'dockerfile', name: 'Dockerfile', path: 'Dockerfile', command: 'CMD ["app"]', line: 9 },
    ];
    const md = writeArchitecture(ctx(a, ENTRIES, REPORT));
    expect(md).toContain('`Dockerfile`');
    expect(md).not.toContain('etc/Dockerfile');
  });

  it('keeps them in an architecture section that stands alone', () => {
    const md = writeArchitecture(ctx(library(), MODULES));
    expect(md).toMatch(/Use of the library begins with `slugify\(\)`/);
    expect(md).toMatch(/^The product's key file(?:, on the main path)?:$/m);
    expect(md).not.toMatch(/carry the most weight/);
  });

  it('tells the key components in full in Components, and the central types there only without an architecture section', () => {
    const withArch = writeComponents(ctx(library(), COMPONENTS, REPORT));
    expect(withArch).toMatch(/^The product's key file(?:, on the main path)?:$/m);
    expect(withArch).toMatch(/Turns titles into slugs\./);
    expect(withArch).not.toMatch(/central type/);
    expect(writeComponents(ctx(library(), COMPONENTS, [COMPONENTS]))).toMatch(
      /Its central type is `Slugger`/,
    );
  });

  it("leaves out the entry points a benchmark's or an example's own manifest declares", () => {
    const a = library();
    a.identity!.nonProduct = [{ path: 'benchmarks', role: 'benchmarks' }];
    a.entryPoints = [
      { name: 'index.js', kind: 'main', path: 'benchmarks/jsx/package.json', line: 4 },
      { name: 'tinylib', kind: 'bin', path: 'package.json', line: 9, command: 'bin/tinylib.js' },
    ] as Analysis['entryPoints'];
    const md = writeArchitecture(ctx(a, ENTRIES, REPORT));
    expect(md).toMatch(/command `tinylib`/);
    expect(md).not.toMatch(/benchmarks\/jsx/);
  });

  it("gives a single module's paragraph no second count of the public names the summary counts", () => {
    const a = library();
    a.identity!.publicApi.push({
      name: 'run',
      kind: 'method',
      owner: 'Slugger',
      path: 'lib/strings.js',
      line: 30,
    });
    const md = writeComponents(ctx(a, COMPONENTS, REPORT));
    expect(md).not.toMatch(/It exports/);
    expect(md).not.toMatch(/symbol/);
  });

  it('names the strongest dependencies only when there is more than the one the table shows', () => {
    const many = sampleAppAnalysis();
    expect(writeArchitecture(ctx(many, MODULES, REPORT))).toMatch(/Strongest dependencies: /);
    const one = sampleAppAnalysis();
    one.moduleGraph.edges = one.moduleGraph.edges.slice(0, 1);
    const md = writeArchitecture(ctx(one, MODULES, REPORT));
    expect(md).toMatch(/connected by 1 internal dependency/);
    expect(md).not.toMatch(/Strongest dependencies/);
  });

  it('says what two modules import of each other instead of ranking them', () => {
    const a = sampleAppAnalysis();
    const keep = new Set(['src', 'src/routes']);
    a.moduleGraph = {
      nodes: a.moduleGraph.nodes.filter((n) => keep.has(n.id)),
      edges: [{ from: 'src', to: 'src/routes', weight: 3 }],
    };
    a.files = a.files.filter((f) => !/^(src\/(services|middleware)|scripts)\//.test(f.path));
    const md = writeArchitecture(ctx(a, MODULES, REPORT));
    expect(md).toContain('forms 2 modules connected by 1 internal dependency.');
    expect(md).toContain('`src` imports `src/routes` (3 imports); `src/routes` imports nothing from `src`.');
    expect(md).not.toMatch(/most depended-on|reaches out the most/);
  });

  it('groups many entries of one kind into one line with a few examples', () => {
    const md = writeArchitecture(ctx(library(5), ENTRIES, REPORT));
    expect(md).toMatch(/`slugify\(\)`, package\.json "main"/);
    expect(md).toMatch(/5 files, one per package\.json "exports" entry, such as `lib\/part0\.js:1`/);
    expect(md).not.toMatch(/`lib\/part4\.js:1`/);
    // three of a kind are still listed one by one
    expect(writeArchitecture(ctx(library(3), ENTRIES, REPORT))).toMatch(
      /`lib\/part2\.js:1`: package\.json "exports"/,
    );
  });

  it('never calls a CI workflow a way into the product', () => {
    const a = library();
    a.identity!.entryPoints = [];
    a.entryPoints = [{ kind: 'ci-workflow', name: 'Testing', path: '.github/workflows/test.yml', line: 1 }];
    const md = writeArchitecture(ctx(a, ENTRIES, REPORT));
    expect(md).not.toMatch(/Testing/);
    expect(md).toMatch(/its code is loaded by the programs that use it/);
  });

  it('names commands of one kind by their own names when each entry carries one', () => {
    const a = library();
    a.identity!.entryPoints = ['a', 'b', 'c', 'd'].map((n) => ({
      path: `cmd/${n}.py`,
      line: 3,
      how: `Django management command (manage.py ${n})`,
    }));
    expect(writeArchitecture(ctx(a, ENTRIES, REPORT))).toMatch(
      /4 Django management commands: `manage\.py a`, `manage\.py b`, `manage\.py c` and `manage\.py d`/,
    );
  });

  it('gives the overview the short form: the first entry with a count, the central types by name', () => {
    const md = writeOverview(ctx(library(5), section('1.1', 'Purpose and Scope', 'overview'), REPORT));
    expect(md).toMatch(
      /It is entered through `slugify\(\)` \(`lib\/strings\.js:1`\), imported as `tinylib`, one of 6 entry points\./,
    );
    expect(md).not.toMatch(/part0/);
  });

  it("counts a build script's crates as build dependencies, not development ones", () => {
    const a = library();
    const dep = (name: string, scope: Dependency['scope']): Dependency => ({
      ecosystem: 'cargo',
      name,
      version: '1.0',
      scope,
      manifest: 'Cargo.toml',
      area: 'product',
    });
    a.manifests = [{ path: 'Cargo.toml', ecosystem: 'cargo' }];
    a.dependencies = [
      dep('console', 'runtime'),
      dep('tempfile', 'dev'),
      dep('syn', 'build'),
      dep('quote', 'build'),
    ];
    const md = writeOverview(ctx(a, section('1.1', 'Purpose and Scope', 'overview'), REPORT));
    expect(md).toContain('**Dependencies:** 1 runtime, 1 development, 2 build, from `Cargo.toml`');
  });

  it("tells the languages' share of the code apart from documentation and data that swell the total", () => {
    const a = library();
    const lang = (language: string, files: number, code: number) => ({
      language,
      files,
      code,
      comment: 0,
      blank: 0,
    });
    a.languages = [
      lang('Python', 50, 6_000),
      lang('Markdown', 20, 3_000),
      lang('Shell', 2, 40),
      lang('YAML', 3, 500),
    ];
    a.project = { ...a.project, files: 75, lines: { code: 9_540, comment: 0, blank: 0 } };
    const md = writeOverview(ctx(a, section('1.1', 'Purpose and Scope', 'overview'), REPORT));
    expect(md).toContain(
      'The code base spans 75 files and 9,540 lines of code: 6,040 in programming languages, all but 40 of them Python, and 3,500 of documentation and data (Markdown and YAML).',
    );
    // settings files are data beside the code
    a.languages = [lang('Java', 30, 3_000), lang('Properties', 5, 600)];
    a.project = { ...a.project, lines: { code: 3_600, comment: 0, blank: 0 } };
    expect(writeOverview(ctx(a, section('1.1', 'Purpose and Scope', 'overview'), REPORT))).toContain(
      '3,000 in programming languages, all of them Java, and 600 of documentation and data (Properties)',
    );
    // documentation that weighs little leaves the share of the whole
    a.languages = [lang('Python', 50, 6_000), lang('Markdown', 2, 300)];
    a.project = { ...a.project, lines: { code: 6_300, comment: 0, blank: 0 } };
    expect(writeOverview(ctx(a, section('1.1', 'Purpose and Scope', 'overview'), REPORT))).toContain(
      'The code base spans 75 files and 6,300 lines of code, 95% of them Python.',
    );
  });

  it("counts the build tool's wrapper scripts apart from the programming languages", () => {
    const a = library();
    const lang = (language: string, files: number, code: number) => ({
      language,
      files,
      code,
      comment: 0,
      blank: 0,
    });
    a.languages = [lang('Java', 30, 2_000), lang('Bourne Shell', 2, 300), lang('XML', 2, 500)];
    a.project = { ...a.project, files: 34, lines: { code: 2_800, comment: 0, blank: 0 } };
    const file = (path: string, language: string, code: number) => ({
      path,
      size: code * 30,
      language,
      code,
      comment: 0,
      blank: 0,
      role: 'other' as const,
    });
    a.files.push(file('mvnw', 'Bourne Shell', 200), file('gradlew', 'Bourne Shell', 100));
    const md = writeOverview(ctx(a, section('1.1', 'Purpose and Scope', 'overview'), REPORT));
    expect(md).toContain(
      '2,000 in programming languages, all of them Java, 500 of documentation and data (XML) and 300 in build-tool wrapper scripts (`mvnw` and `gradlew`)',
    );
    // the technology chapter splits the same lines the same way, without telling the numbers again
    const tech = writeTechnology(ctx(a, section('2.1', 'Languages', 'technology')));
    expect(tech).toContain(
      'Java is the only programming language; the other lines are documentation and data (XML) and build-tool wrapper scripts (`mvnw` and `gradlew`).',
    );
    expect(tech).not.toContain('2,000 lines');
    expect(tech).toMatch(/\| Bourne Shell \| 2 \| 300 \| 0 \| 0 \| — \|/);
  });

  it('gives one language one share in the summary, the technology chapter and its table', () => {
    const a = library();
    const lang = (language: string, files: number, code: number) => ({
      language,
      files,
      code,
      comment: 0,
      blank: 0,
    });
    a.languages = [lang('Python', 50, 6_000), lang('Markdown', 20, 3_000), lang('HTML', 9, 2_000)];
    a.project = { ...a.project, files: 79, lines: { code: 11_000, comment: 0, blank: 0 } };
    const summary = writeOverview(ctx(a, section('1.1', 'Purpose and Scope', 'overview'), REPORT));
    expect(summary).toContain('8,000 in programming languages, 75% of them Python');
    const tech = writeTechnology(ctx(a, section('2.1', 'Languages', 'technology')));
    // the share of the whole (55%) is a second figure for the same fact
    expect(tech).toContain(
      'Of the 8,000 lines in programming languages, Python has 75.0%, ahead of HTML; the other lines are documentation and data (Markdown).',
    );
    // the share is of the programming languages' lines, named with it; never of the whole (55%)
    expect(tech).not.toContain('55');
    // a share that rounds to a whole is told by the lines it leaves
    // generated files' lines are told as the code's, not as what the table leaves out
    const g = library();
    g.files = [
      ...g.files,
      {
        path: 'static/bootstrap.css',
        language: 'CSS',
        role: 'generated',
        code: 900,
      } as (typeof g.files)[number],
    ];
    expect(writeTechnology(ctx(g, section('2.1', 'Languages', 'technology')))).toContain(
      'Another 900 lines are in 1 generated or vendored file, which a build wrote or which was copied in: `static/bootstrap.css`.',
    );
    const b = library();
    b.languages = [lang('Python', 50, 19_990), lang('Markdown', 20, 3_000), lang('HTML', 1, 7)];
    b.project = { ...b.project, files: 71, lines: { code: 22_997, comment: 0, blank: 0 } };
    expect(writeTechnology(ctx(b, section('2.1', 'Languages', 'technology')))).toContain(
      'Python has all but 7, in HTML;',
    );
    b.languages = [lang('Python', 50, 19_990), lang('HTML', 1, 7)];
    b.project = { ...b.project, files: 51, lines: { code: 19_997, comment: 0, blank: 0 } };
    expect(writeTechnology(ctx(b, section('2.1', 'Languages', 'technology')))).toContain(
      'Python carries all but 7 of the 19,997 lines of code, alongside HTML.',
    );
    expect(tech).toMatch(/\| Python \| 50 \| 6,000 \| 0 \| 0 \| 75\.0% \|/);
    expect(tech).toMatch(/\| Markdown \| 20 \| 3,000 \| 0 \| 0 \| — \|/);
    // the figure shows the same shares
    const svg = languageChartSvg(a.languages, codeSplit(a.languages).base);
    expect(svg).toContain('6,000 lines · 75.0%');
    // and names what they are shares of
    expect(svg).toContain('11,000 lines in total; shares of the 8,000 in programming languages');
    expect(svg).not.toContain('54.5%');
  });

  it('counts the source files with inline tests beside the test files, never all cases in the test files', () => {
    const a = library(5);
    a.tests = {
      frameworks: ['cargo test'],
      files: [{ path: 'tests/cli.rs', cases: 3 }],
      inline: [
        { path: 'lib/a.rs', cases: 2 },
        { path: 'lib/b.rs', cases: 1 },
      ],
      totalCases: 6,
    };
    const md = writeOverview(ctx(a, section('1.1', 'Purpose and Scope', 'overview'), REPORT));
    expect(md).toContain('**Tests:** 1 test file and 2 source files with inline tests, 6 cases (cargo test)');
  });
});

describe('the runtime shape', () => {
  it('is set by the frameworks that run the product, not by its template engine', () => {
    const a = library();
    a.frameworks = [
      { name: 'Spring Boot', category: 'web', role: 'web-framework', evidence: 'build.gradle:4' },
      { name: 'Thymeleaf', category: 'web', role: 'templating', evidence: 'build.gradle:36' },
    ] as Analysis['frameworks'];
    const md = writeArchitecture(ctx(a, MODULES));
    expect(md).toMatch(/The runtime shape is set by Spring Boot \([^)]*\)\./);
    expect(md).not.toContain('Thymeleaf');
    // a template engine alone sets none
    a.frameworks = a.frameworks.filter((f) => f.role === 'templating');
    expect(writeArchitecture(ctx(a, MODULES))).not.toContain('runtime shape');
  });

  it('is not set by a framework only some files use as an optional peer', () => {
    const a = library();
    a.frameworks = [
      { name: 'React', category: 'frontend', role: 'ui-framework', evidence: 'package.json:4' },
    ] as Analysis['frameworks'];
    a.dependencies = [
      { ecosystem: 'npm', name: 'react', version: '>=18', scope: 'peer', manifest: 'package.json', line: 4 },
    ];
    expect(writeArchitecture(ctx(a, MODULES))).toMatch(/The runtime shape is set by React/);
    a.dependencies[0]!.optionalPeer = true;
    expect(writeArchitecture(ctx(a, MODULES))).not.toContain('runtime shape');
  });

  it('names the web framework and the interface it runs on before a router', () => {
    const a = library();
    a.frameworks = [
      { name: 'Mustermann', category: 'web', role: 'router', evidence: 'tune.gemspec:50' },
      { name: 'Rack', category: 'web', role: 'web-interface', evidence: 'tune.gemspec:51' },
    ] as Analysis['frameworks'];
    expect(writeArchitecture(ctx(a, MODULES))).toMatch(
      /The runtime shape is set by Rack \([^)]*\) and Mustermann/,
    );
  });

  it('names the processes a process manager keeps running beside the server, with what each is for', () => {
    const a = library();
    a.frameworks = [
      { name: 'Django', category: 'web', evidence: 'requirements.txt:3' },
    ] as Analysis['frameworks'];
    a.entryPoints = [
      {
        kind: 'daemon',
        name: 'uWSGI',
        command: './manage.py sendalerts --skip-checks',
        path: 'deploy/uwsgi.ini',
        line: 35,
        role: 'Sends alerts',
      },
      {
        kind: 'daemon',
        name: 'uWSGI',
        command: './manage.py smtpd --port %(_)',
        path: 'deploy/uwsgi.ini',
        line: 39,
        condition: 'when `SMTPD_PORT` is set',
      },
    ];
    const md = writeArchitecture(ctx(a, MODULES));
    expect(md).toContain(
      'beside it, uWSGI runs 2 long-running processes (`deploy/uwsgi.ini:35`): `manage.py sendalerts` (“Sends alerts”) and `manage.py smtpd` (only when `SMTPD_PORT` is set).',
    );
    expect(writeArchitecture(ctx(a, ENTRIES))).toContain(
      'process attached by uWSGI: `./manage.py smtpd --port %(_)`, only when `SMTPD_PORT` is set (`deploy/uwsgi.ini:39`)',
    );
    // none attached: the sentence stops at the framework
    a.entryPoints = [];
    expect(writeArchitecture(ctx(a, MODULES))).toMatch(/The runtime shape is set by Django \([^)]*\)\./);
  });
});

describe('module exports in Components', () => {
  const COMPONENTS_ONLY = section('4.1', 'Components and Modules', 'components');
  it('never samples names from a private module or with a leading underscore', () => {
    const a = sampleAppAnalysis();
    a.files.push({
      ...a.files.find((f) => f.path === 'src/services/db.ts')!,
      path: 'src/services/_compat.ts',
    });
    a.symbols.push(
      { path: 'src/services/_compat.ts', name: 'isatty', kind: 'function', line: 3, exported: true },
      { path: 'src/services/db.ts', name: '_pool', kind: 'const', line: 2, exported: true },
    );
    const fx = factsOf(a);
    expect(fx.exportedSymbols.map((s) => s.name)).not.toContain('isatty');
    expect(fx.exportedSymbols.map((s) => s.name)).not.toContain('_pool');
    const md = writeComponents(ctx(a, COMPONENTS_ONLY, [COMPONENTS_ONLY]));
    expect(md).not.toMatch(/isatty|_pool/);
  });

  it('samples the declared public names defined in a module, not every exported symbol', () => {
    const a = sampleAppAnalysis();
    a.identity = {
      ...(a.identity ?? {}),
      kind: 'library',
      publicApi: [
        { name: 'createBookService', kind: 'function', path: 'src/services/book-service.ts', line: 9 },
      ],
      keyComponents: [],
      entryPoints: [],
      nonProduct: [],
    } as unknown as Analysis['identity'];
    const md = writeComponents(ctx(a, COMPONENTS_ONLY, [COMPONENTS_ONLY]));
    expect(md).toMatch(
      /\*\*`src\/services`\*\*[^\n]*It exports 1 public name: `createBookService` \(function/,
    );
    expect(md).not.toMatch(/It exports \d+ symbols?/);
  });

  it('samples and counts a name two entry points export (a class and its re-export) once', () => {
    const a = sampleAppAnalysis();
    a.identity = {
      ...(a.identity ?? {}),
      kind: 'library',
      publicApi: [
        { name: 'BookService', kind: 'class', path: 'src/services/book-service.ts', line: 9 },
        { name: 'BookService', kind: 'export', path: 'src/services/index.ts', line: 1 },
        { name: 'createBookService', kind: 'function', path: 'src/services/book-service.ts', line: 30 },
      ],
      keyComponents: [],
      entryPoints: [],
      nonProduct: [],
    } as unknown as Analysis['identity'];
    const md = writeComponents(ctx(a, COMPONENTS_ONLY, [COMPONENTS_ONLY]));
    expect(md).toMatch(/It exports 2 public names: `BookService` \(class[^)]*\) and `createBookService`/);
  });

  it('does not sample a name two entry points export with two different definitions', () => {
    const a = sampleAppAnalysis();
    const at = (path: string, line: number) => ({ definedAt: { path, line } });
    a.identity = {
      ...(a.identity ?? {}),
      kind: 'library',
      publicApi: [
        // `render` of the main entry and `render` of the runtime entry are two functions
        {
          name: 'render',
          kind: 'function',
          path: 'src/services/index.ts',
          line: 1,
          ...at('src/services/db.ts', 4),
        },
        {
          name: 'render',
          kind: 'function',
          path: 'src/services/runtime.ts',
          line: 1,
          ...at('src/services/book-service.ts', 40),
        },
        { name: 'BookService', kind: 'class', path: 'src/services/book-service.ts', line: 9 },
        { name: 'BookService', kind: 'export', path: 'src/services/index.ts', line: 2 },
        { name: 'createBookService', kind: 'function', path: 'src/services/book-service.ts', line: 30 },
        { name: 'openShelf', kind: 'function', path: 'src/services/book-service.ts', line: 50 },
        { name: 'closeShelf', kind: 'function', path: 'src/services/book-service.ts', line: 60 },
      ],
      keyComponents: [],
      entryPoints: [],
      nonProduct: [],
    } as unknown as Analysis['identity'];
    const md = writeComponents(ctx(a, COMPONENTS_ONLY, [COMPONENTS_ONLY]));
    // counted once, as before, but the sample names four others
    expect(md).toMatch(/It exports 5 public names, among them /);
    expect(md).toMatch(/`BookService` \(class/);
    expect(md).not.toMatch(/`render` \(function/);
  });

  it('says every file of a folder a subpath pattern exports is a public entry, rather than counting names', () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      {
        kind: 'export',
        name: 'shelf/services/*',
        command: './dist/services/*.js',
        path: 'package.json',
        line: 12,
      },
    ] as Analysis['entryPoints'];
    const md = writeComponents(ctx(a, COMPONENTS_ONLY, [COMPONENTS_ONLY]));
    expect(md).toMatch(
      /\*\*`src\/services`\*\*[^\n]*Each of its files is a public entry of its own, through `shelf\/services\/\*` \(`package\.json:12`\)\./,
    );
  });
});

describe('declared entry points', () => {
  it("leaves out a benchmark manifest's main and labels the module entry as such", () => {
    const a = sampleAppAnalysis();
    a.entryPoints = [
      { kind: 'main', name: 'dist/cjs/index.js', path: 'package.json', line: 5, area: 'product' },
      {
        kind: 'main',
        field: 'module',
        name: 'dist/index.js',
        path: 'package.json',
        line: 7,
        area: 'product',
      },
      { kind: 'main', name: 'index.js', path: 'benchmarks/jsx/package.json', line: 4, area: 'benchmarks' },
    ];
    const md = writeArchitecture(ctx(a, ENTRIES, REPORT));
    expect(md).toMatch(/package main `dist\/cjs\/index\.js`/);
    expect(md).toMatch(/package module \(ES build\) `dist\/index\.js`/);
    expect(md).not.toMatch(/benchmarks\/jsx/);
  });
});

describe('the overview of a library with tests and docs beside it', () => {
  const OVERVIEW = section('1.1', 'Purpose and Scope', 'overview');
  const big = () => {
    const a = sampleAppAnalysis();
    // a repository swollen by documentation and fixture Makefiles around a small product
    a.files.push(
      { ...a.files[0]!, path: 'docs/guide.rst', language: 'reStructuredText', code: 20_000, role: 'docs' },
      { ...a.files[0]!, path: 'tests/certs/Makefile', language: 'make', code: 9_000, role: 'tests' },
    );
    a.languages.push(
      { language: 'reStructuredText', files: 1, code: 20_000, comment: 0, blank: 0 },
      { language: 'make', files: 1, code: 9_000, comment: 0, blank: 0 },
    );
    a.frameworks = [
      { name: 'urllib3', category: 'other', role: 'http-client', evidence: 'pyproject.toml:21' },
    ];
    return a;
  };

  it('judges no size from the repository total and lists the languages of the product', () => {
    const md = writeOverview(ctx(big(), OVERVIEW, [OVERVIEW]));
    expect(md).not.toMatch(/small code base|medium-sized|large code base/);
    expect(md).toMatch(/\*\*Languages of the product:\*\* TypeScript \(/);
    expect(md).not.toMatch(/\*\*Languages[^\n]*make/);
  });

  it('names the one language of a product without its size again, which the paragraph above gives', () => {
    const a = big();
    const product = new Set(factsOf(a).productFiles.map((f) => f.path));
    const b = big();
    b.files = b.files.map((f) => (product.has(f.path) ? { ...f, language: 'TypeScript' } : f));
    const md = writeOverview(ctx(b, OVERVIEW, [OVERVIEW]));
    expect(md).toContain('- **Language of the product:** TypeScript\n');
    expect(md).not.toMatch(/Languages of the product/);
  });

  it('counts the optional runtime dependencies in the facts, as the dependencies chapter does', () => {
    const a = big();
    const dep = a.dependencies.find((d) => d.scope === 'runtime')!;
    a.dependencies = a.dependencies.map((d) => (d === dep ? { ...d, scope: 'optional' as const } : d));
    const md = writeOverview(ctx(a, OVERVIEW, [OVERVIEW]));
    expect(md).toMatch(/\*\*Dependencies:\*\* \d+ runtime \(1 of them optional\), /);
  });

  it('says how many languages of the product its list leaves out', () => {
    const a = big();
    const product = factsOf(a).productFiles.map((f) => f.path);
    const langs = ['TypeScript', 'HTML', 'CSS', 'SQL', 'Python'];
    const b = big();
    b.files = b.files.map((f) => {
      const i = product.indexOf(f.path);
      return i >= 0 ? { ...f, language: langs[i % langs.length]!, code: 100 - i } : f;
    });
    const md = writeOverview(ctx(b, OVERVIEW, [OVERVIEW]));
    expect(md).toMatch(/\*\*Languages of the product:\*\* [^\n]* and 2 more\n/);
  });

  it('calls a library the product drives a library, not a framework', () => {
    const md = writeOverview(ctx(big(), OVERVIEW, [OVERVIEW]));
    expect(md).toMatch(/\*\*Main libraries:\*\* urllib3/);
    expect(md).not.toMatch(/\*\*Frameworks:\*\*/);
  });
});

describe('the runtime shape', () => {
  it('is set by the web and UI frameworks, not a styling library, and the product serves the routes', () => {
    const a = sampleAppAnalysis();
    const fw = (name: string, category: Framework['category'], role: Framework['role']): Framework => ({
      name,
      category,
      role,
      evidence: 'package.json:1',
      area: 'product',
    });
    a.frameworks = [
      fw('Next.js', 'web', 'web-framework'),
      fw('React', 'frontend', 'ui-framework'),
      fw('Tailwind CSS', 'frontend', 'styling'),
    ];
    a.routes = [{ method: 'GET', path: '/', framework: 'Next.js', file: 'app/page.tsx', line: 1 }];
    const md = writeArchitecture(ctx(a, MODULES, REPORT));
    expect(md).toMatch(
      /The runtime shape is set by Next\.js .* and React [^;]*; the product serves 1 HTTP route\./,
    );
    expect(md).not.toMatch(/Tailwind/);
  });
});

describe('entry points and containers', () => {
  it("never takes a development image or a compose service running a stock database for the product's entry", () => {
    const a = library();
    a.entryPoints = [
      { kind: 'dockerfile', name: '.devcontainer/Dockerfile', path: '.devcontainer/Dockerfile' },
      { kind: 'compose-service', name: 'mysql', command: 'mysql:9.6', path: 'docker-compose.yml', line: 2 },
      { kind: 'compose-service', name: 'web', command: 'uwsgi app.ini', path: 'docker-compose.yml', line: 9 },
    ];
    a.containers = [
      {
        path: '.devcontainer/Dockerfile',
        kind: 'dockerfile',
        baseImages: ['devcontainers/java'],
        exposedPorts: [],
      },
      {
        path: 'docker-compose.yml',
        kind: 'compose',
        baseImages: ['mysql:9.6'],
        exposedPorts: [3306],
        services: ['mysql', 'web'],
      },
    ];
    const md = writeArchitecture(ctx(a, ENTRIES, REPORT));
    expect(md).not.toMatch(/devcontainer|container start|compose service `mysql`/);
    expect(md).toContain('compose service `web` runs `uwsgi app.ini`');
    // a compose file runs images, it builds nothing
    expect(md).toContain('Compose file `docker-compose.yml` runs `mysql:9.6`');
  });
});

describe('the loops of long-running processes', () => {
  it('tells what each loop calls, and once for all the updates that let several copies share the rows', () => {
    const daemon = (name: string, claims: number[]) => ({
      kind: 'daemon' as const,
      name: 'uWSGI',
      command: `./manage.py ${name} --skip-checks`,
      path: 'uwsgi.ini',
      line: 3,
      loop: {
        path: `app/commands/${name}.py`,
        line: 20,
        calls: [{ name: 'process_one', line: 5, doc: 'Find one job, send it.' }],
        ...(name === 'sendalerts' ? { pool: { kind: 'ThreadPoolExecutor', line: 18, runs: 'notify' } } : {}),
        claims,
      },
    });
    const out = loopSentences([daemon('sendalerts', [8]), daemon('sendreports', [9])]);
    expect(out).toEqual([
      '`manage.py sendalerts` runs a loop (`app/commands/sendalerts.py:20`) that calls `process_one()` (`app/commands/sendalerts.py:5`, “Find one job, send it.”); it hands the work to `notify()` on a `ThreadPoolExecutor` (`app/commands/sendalerts.py:18`).',
      '`manage.py sendreports` runs a loop (`app/commands/sendreports.py:20`) that calls `process_one()` (`app/commands/sendreports.py:5`, “Find one job, send it.”).',
      '`manage.py sendalerts` and `manage.py sendreports` take a row only through an update that must change exactly one row (`app/commands/sendalerts.py:8` and `app/commands/sendreports.py:9`), so several copies of each can run at once without taking the same row twice.',
    ]);
  });
});
