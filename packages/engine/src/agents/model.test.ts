// The project model: each fact worked out once, with its scope, evidence and what was searched; the
// chapters and the consistency review read it rather than working the fact out again.

import { describe, expect, it } from 'vitest';
import type { Analysis, ExtensionPoint, Flow, Identity, MainPathStep } from '../analyse/types.ts';
import { extractClaims, findContradictions } from './prose-claims.ts';
import { factsOf } from './facts.ts';
import { agrees, notNeededToRun, projectModel, truthOf } from './model.ts';
import { writeConclusion } from './sections/conclusion.ts';
import { writeKnownIssues } from './sections/known-issues.ts';
import { writeSecurity } from './sections/security.ts';
import { sampleAppAnalysis } from './test-fixtures.ts';
import type { SectionPlan } from './types.ts';
import type { WriterContext } from './writers/context.ts';

const ctx = (a: Analysis, kind: SectionPlan['kind'], title: string, focus?: string): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: { id: '9', level: 1, title, kind, evidence: [], hasChildren: false, ...(focus ? { focus } : {}) },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
  report: [],
});

/** The sample app with two test files, one product file holding inline tests, and 17 cases. */
function tested(): Analysis {
  const a = sampleAppAnalysis();
  a.tests = {
    frameworks: ['Vitest'],
    files: [
      { path: 'test/a.test.ts', cases: 10 },
      { path: 'test/b.test.ts', cases: 5 },
    ],
    inline: [{ path: 'src/parse.rs', cases: 2 }],
    totalCases: 17,
  };
  return a;
}

describe('projectModel()', () => {
  it('is built once per analysis and shares the facts every chapter reads', () => {
    const a = tested();
    expect(projectModel(a)).toBe(projectModel(a));
    expect(projectModel(a).facts).toBe(factsOf(a));
    expect(projectModel(tested())).not.toBe(projectModel(a));
  });

  it('gives each fact its value, scope, evidence and what was searched', () => {
    const m = projectModel(tested());
    expect(m.tests.value).toEqual({
      cases: 17,
      files: ['test/a.test.ts', 'test/b.test.ts'],
      inline: ['src/parse.rs'],
    });
    expect(m.tests.evidence.map((e) => e.path)).toEqual(['test/a.test.ts', 'test/b.test.ts', 'src/parse.rs']);
    expect(m.tests.checked).toContain('Vitest');
    expect(m.todos.scope).toBe('product');
    expect(m.todos.checked).toMatch(/^the comments of the \d+ product source files?$/);
  });

  it('keeps the settings a user sets apart from .env files, CI variables and the tests', () => {
    const a = sampleAppAnalysis();
    const read = { file: 'src/config.ts', line: 3, hasDefault: false };
    a.envVars = [
      { ...read, name: 'PORT' },
      { ...read, name: 'DEBUG', file: '.env.example' },
      { ...read, name: 'GITHUB_SHA', class: 'ci' },
      { ...read, name: 'TEST_URL', area: 'tests' },
    ] as Analysis['envVars'];
    const m = projectModel(a);
    expect(m.settings.value.map((e) => e.name)).toEqual(['PORT']);
    expect(m.settings.evidence).toEqual([{ path: 'src/config.ts', line: 3 }]);
  });
});

describe('the model as what every mention says', () => {
  it('lets a count claim through only with a value the model holds', () => {
    const a = tested();
    const [claim] = extractClaims('The project has 17 test cases.', a);
    expect(claim).toMatchObject({ key: 'test-cases', value: 17 });
    expect(agrees(claim!, truthOf(claim!, a)!)).toBe(true);
    expect(findContradictions('The project has 17 test cases.', a)).toEqual([]);
    const wrong = findContradictions('The project has 18 test cases.', a);
    expect(wrong.map((x) => x.reason)).toEqual(['the analysis finds 17 test cases']);
  });

  it('has the conclusion and the model count the same tests', () => {
    const a = tested();
    const md = writeConclusion(ctx(a, 'conclusion', 'Conclusion'));
    expect(md).toContain('17 test cases in 2 test files and 1 source file with inline tests');
  });

  it('tells a missing licence as what was searched, never as a bare "there is none"', () => {
    const a = sampleAppAnalysis();
    a.license = null;
    const checked = projectModel(a).licence.checked;
    expect(checked).toMatch(/LICENSE.*COPYING.*manifests/);
    expect(writeKnownIssues(ctx(a, 'known-issues', 'Known Issues'))).toContain(
      `no licence was found in ${checked}`,
    );
    expect(writeSecurity(ctx(a, 'security', 'Supply chain', 'supply-chain'))).toContain(
      `No licence was found in ${checked}.`,
    );
    expect(findContradictions('The project has no licence.', a)).toEqual([]);
  });
});

/** An identity for the tests below: the kind and main path given, nothing else found. */
function withIdentity(a: Analysis, kind: Identity['kind'], extra: Partial<Identity> = {}): Analysis {
  a.identity = {
    kind,
    kinds: [],
    purpose: null,
    productPaths: ['src'],
    nonProduct: [],
    entryPoints: [],
    publicApi: [],
    keyComponents: [],
    ...extra,
  };
  return a;
}

const step = (name: string, path: string, line: number, more: Partial<MainPathStep> = {}): MainPathStep => ({
  name,
  path,
  line,
  ...more,
});

/** A registration method that appends the user's function to a list the main path iterates. */
const use = (owner: string, path: string, line: number, store: string): ExtensionPoint => ({
  name: 'use',
  owner,
  path,
  line,
  value: 'fn',
  store,
  storePath: path,
  storeLine: line - 5,
  how: 'appends',
  runs: { name: 'handle', owner, path, line: 40, how: 'iterates', onPath: true },
});

describe('the layers, the central abstractions and the extension mechanism', () => {
  it("tells a library's layers along its main path: entry, dispatch, extension points", () => {
    const a = withIdentity(sampleAppAnalysis(), 'library', {
      entryPoints: [
        { path: 'src/index.ts', line: 3, how: "called by the README's example", call: 'createRouter()' },
      ],
      mainPath: [
        step('handle', 'src/router.ts', 10, { owner: 'Router' }),
        step('dispatch', 'src/router.ts', 40, { owner: 'Router' }),
        step('match', 'src/tree.ts', 7, { owner: 'Node' }),
        step('fn', 'src/router.ts', 52, { handedIn: 'parameter', from: 1 }),
      ],
    });
    a.flow = { ...emptyFlow(), extensions: [use('Router', 'src/router.ts', 25, 'this.stack')] };
    const m = projectModel(a);
    expect(
      m.layers.value.map((l) => [l.role, l.boundaries.map((b) => `${b.name}@${b.path}:${b.line}`)]),
    ).toEqual([
      ['entry', ['createRouter@src/index.ts:3', 'handle@src/router.ts:10']],
      ['dispatch', ['dispatch@src/router.ts:40']],
      ['extension', ['use@src/router.ts:25', 'fn@src/router.ts:52']],
    ]);
    expect(m.layers.value[1]!.files).toEqual(['src/router.ts', 'src/tree.ts']);
    expect(m.layers.evidence).toContainEqual({ path: 'src/router.ts', line: 25 });
    expect(m.extension.value).toMatchObject({ kind: 'middleware', kinds: ['middleware'] });
    expect(m.extension.value.points).toEqual([
      {
        kind: 'middleware',
        name: 'use',
        owner: 'Router',
        path: 'src/router.ts',
        line: 25,
        store: 'this.stack',
      },
    ]);
    expect(m.extension.evidence).toEqual([{ path: 'src/router.ts', line: 25 }]);
  });

  it("tells a command line's layers: main, argument parsing, dispatch and the core work below it", () => {
    const a = withIdentity(sampleAppAnalysis(), 'cli', {
      mainPath: [
        step('main', 'src/main.rs', 5),
        step('run', 'src/main.rs', 20),
        step('parse', 'src/cli.rs', 10, { owner: 'Opts', derived: 'Parser of clap', from: 1 }),
        step('execute', 'src/sub.rs', 8, { owner: 'Subcommand', from: 1 }),
        step('list', 'src/sub.rs', 40, { owner: 'Subcommand', from: 3 }),
        step('walk', 'src/walk.rs', 30, { owner: 'Walker', from: 3 }),
        step('visit', 'src/walk.rs', 60, { owner: 'Walker', from: 5 }),
      ],
    });
    const m = projectModel(a);
    expect(m.layers.value.map((l) => [l.role, l.name, l.boundaries.map((b) => b.name)])).toEqual([
      ['main', 'main', ['main']],
      ['parse', 'argument parsing', ['parse']],
      ['dispatch', 'dispatch', ['execute']],
      // the call with the most of the path below it is the work chosen
      ['core', 'core work', ['walk']],
    ]);
    expect(m.layers.checked).toMatch(/main function/);
  });

  it("tells a web application's layers from its files, entered where the main path enters them", () => {
    const a = withIdentity(sampleAppAnalysis(), 'web-application', {
      layers: {
        'src/routes/books.ts': 'controller',
        'src/routes/loans.ts': 'controller',
        'src/services/book-service.ts': 'service',
      },
      centrality: { 'src/routes/loans.ts': 2, 'src/routes/books.ts': 1 },
      mainPath: [step('booksRouter', 'src/routes/books.ts', 6)],
    });
    const m = projectModel(a);
    expect(
      m.layers.value.map((l) => [l.role, l.files, l.boundaries.map((b) => `${b.name}:${b.line}`)]),
    ).toEqual([
      // the file the main path enters it by first, then by use; that step is where the layer is entered
      ['controller', ['src/routes/books.ts', 'src/routes/loans.ts'], ['booksRouter:6']],
      // off the path, the layer's most used file's first function, not the interface it declares first
      ['service', ['src/services/book-service.ts'], ['listBooks:14']],
    ]);
    expect(m.layers.checked).toMatch(/annotations, directives and names/);
  });

  it('says what was searched where no layer, central type or way to plug code in was found', () => {
    const m = projectModel(sampleAppAnalysis());
    expect(m.layers.value).toEqual([]);
    expect(m.layers.checked).toBe(
      "the main path (none was traced) and the annotations and names of the product's files",
    );
    expect(m.abstractions.value).toEqual([]);
    expect(m.abstractions.checked).toMatch(/^the types the product declares/);
    expect(m.extension.value).toMatchObject({ kind: null, kinds: [], points: [] });
    expect(m.extension.checked).toMatch(/public methods that keep what their caller hands them/);
    // a library whose main path was not traced shows no layer either, and says so
    const lib = projectModel(withIdentity(sampleAppAnalysis(), 'library'));
    expect(lib.layers.value).toEqual([]);
    expect(lib.layers.checked).toBe(m.layers.checked);
  });

  it('holds the central abstractions with where each is declared, and the ways users plug code in by kind', () => {
    const a = sampleAppAnalysis();
    a.flow = {
      ...emptyFlow(),
      abstractions: [
        { name: 'Router', path: 'src/router.ts', line: 4, methods: 6, uses: 9 },
        { name: 'Context', path: 'src/context.ts', line: 2, methods: 3, uses: 5 },
      ],
      hooks: {
        owner: 'Command',
        path: 'src/command.ts',
        line: 30,
        endLine: 40,
        fields: ['PreRun', 'Run'],
        type: 'func()',
        caller: { name: 'execute', owner: 'Command', path: 'src/command.ts', line: 90, onPath: true },
      },
      bases: [{ name: 'ParamType', path: 'src/types.ts', line: 12, subclasses: ['Choice', 'Path'] }],
      events: [{ name: 'error', owner: 'App', path: 'src/app.ts', line: 9 }],
    };
    const m = projectModel(a);
    expect(m.abstractions.value.map((t) => t.name)).toEqual(['Router', 'Context']);
    expect(m.abstractions.evidence).toEqual([
      { path: 'src/router.ts', line: 4 },
      { path: 'src/context.ts', line: 2 },
    ]);
    expect(m.extension.value.kind).toBe('hooks');
    expect(m.extension.value.kinds).toEqual(['hooks', 'subclasses', 'events']);
    expect(m.extension.value.points.map((p) => `${p.kind}:${p.name}@${p.path}:${p.line}`)).toEqual([
      'hooks:PreRun@src/command.ts:30',
      'subclasses:ParamType@src/types.ts:12',
      // an event is handled where users call `on`, and evidenced where the product emits it
      "events:on('error')@src/app.ts:9",
    ]);
  });

  it('takes a program configured by the input it reads as extended through that language, where no code plugs in', () => {
    const a = sampleAppAnalysis();
    a.flow = {
      ...emptyFlow(),
      language: [{ name: 'Item', path: 'src/item.rs', line: 8, kinds: ['Recipe', 'Alias'] }],
    };
    expect(projectModel(a).extension.value).toMatchObject({
      kind: 'input language',
      points: [{ kind: 'input language', name: 'Item', path: 'src/item.rs', line: 8 }],
    });
  });
});

function emptyFlow(): Flow {
  return { abstractions: [], steps: [], defines: [], concurrency: [], handlers: [] };
}

describe('what the product needs to run', () => {
  it('an optional crate the default features turn on is built on; one no default feature turns on is not', () => {
    const crate = (name: string, line: number, inDefaultBuild?: boolean) => ({
      ecosystem: 'cargo' as const,
      name,
      version: '4.0',
      scope: 'optional' as const,
      manifest: 'Cargo.toml',
      line,
      ...(inDefaultBuild ? { inDefaultBuild } : {}),
    });
    const a = { dependencies: [crate('clap', 5, true), crate('tokio', 9)] } as unknown as Analysis;
    expect(notNeededToRun(a, { name: 'clap', evidence: 'Cargo.toml:5' })).toBe(false);
    expect(notNeededToRun(a, { name: 'Tokio', evidence: 'Cargo.toml:9' })).toBe(true);
  });
});
