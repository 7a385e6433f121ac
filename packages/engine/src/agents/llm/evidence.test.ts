// What a model reads of the cited code: excerpts around each cited line or range.

import { describe, expect, it } from 'vitest';
import { SAMPLE_APP_DIR, sampleAppAnalysis, workspaceFor } from '../test-fixtures.ts';
import {
  centreExcerpts,
  centreFor,
  centreLines,
  centreTokens,
  definitionBody,
  factsBlock,
  snippets,
  typeDefinition,
} from './evidence.ts';
import { bareLibraryAnalysis } from '../test-fixtures.ts';
import { dataBlock } from './prompts.ts';

const a = sampleAppAnalysis();
const ws = workspaceFor(a, SAMPLE_APP_DIR);
const tokens = (t: string) => t.length;

describe('evidence excerpts', () => {
  it('reads a cited line with its surroundings and a cited range whole', async () => {
    const finding = { statement: 'Loans.', citations: ['src/routes/loans.ts:5', 'src/routes/books.ts:3-9'] };
    const [line, range] = await snippets([finding], ws, a, 10_000, tokens, 1);
    expect(line).toMatch(/^FILE src\/routes\/loans\.ts \(lines 4-6\)/);
    expect(range).toMatch(/^FILE src\/routes\/books\.ts \(lines 2-10\)/);
  });

  it("says in its head that a test's excerpt is test code, not the product; the product's own says nothing", async () => {
    const finding = { statement: 'Books.', citations: ['tests/books.test.ts:3', 'src/routes/books.ts:3'] };
    const [test, own] = await snippets([finding], ws, a, 10_000, tokens, 1);
    expect(test).toMatch(/^FILE tests\/books\.test\.ts \(lines 2-4; test code, not the product\)\n/);
    expect(own).toMatch(/^FILE src\/routes\/books\.ts \(lines 2-4\)\n/);
  });

  it("shows a test's lines to the testing sections only; the others get the product's", async () => {
    const finding = { statement: 'Books.', citations: ['tests/books.test.ts', 'src/routes/books.ts:3'] };
    const heads = async (kind?: string) =>
      (await snippets([finding], ws, a, 10_000, tokens, 1, new Map(), kind)).map((e) => e.split(' (')[0]);
    expect(await heads('testing')).toEqual(['FILE tests/books.test.ts', 'FILE src/routes/books.ts']);
    expect(await heads('overview')).toEqual(['FILE src/routes/books.ts']);
    expect(await heads()).toEqual(['FILE tests/books.test.ts', 'FILE src/routes/books.ts']);
  });
});

describe('the centre a writer is shown', () => {
  it('reads a definition whole, its comment-only and blank lines left out', () => {
    const lines = [
      'class App {',
      '  // handles one request',
      '  handle(req, res) {',
      '    // the middleware runs first',
      '    const ctx = this.createContext(req, res);',
      '',
      '    return this.respond(ctx);',
      '  }',
      '',
      '  respond(ctx) {',
      '    return ctx.body;',
      '  }',
      '}',
    ];
    const body = definitionBody(lines, 'JavaScript', 3).map(([n]) => n);
    expect(body).toEqual([3, 5, 7, 8]);
  });

  it('gives each kind of section the definitions it needs, not one list everywhere', () => {
    const analysis = {
      ...a,
      identity: {
        ...a.identity!,
        mainPath: [
          { name: 'listen', path: 'lib/app.js', line: 10 },
          { name: 'handle', path: 'lib/app.js', line: 20 },
          { name: 'createServer', path: 'node:http', line: 0, external: 'node:http' },
          // a parser a derive macro writes: its struct, not a body of work
          { name: 'parse', owner: 'Opts', path: 'src/cli.rs', line: 3, derived: 'Parser of clap' },
        ],
        entryPoints: [{ path: 'lib/index.js', line: 1, how: 'package main' }],
        publicApi: [{ name: 'use', kind: 'method', path: 'lib/app.js', line: 30 }],
      },
      flow: {
        ...a.flow!,
        abstractions: [{ name: 'Router', path: 'lib/router.js', line: 5, methods: 4, uses: 9 }],
      },
    };
    const names = (kind: string, x = analysis) => centreFor(kind, x).map((d) => d.name);
    expect(names('architecture')).toEqual(['listen', 'handle', 'Router']);
    expect(names('components')).toEqual(['Router', 'listen', 'handle']);
    expect(names('api')).toEqual(['package main', 'use', 'listen', 'handle']);
    expect(names('dependencies')).toEqual([]);
    // the places users extend the product: all of them for the API and the components, the
    // architecture its first three, the overview the first; a hook field by its lines
    const extended = {
      ...analysis,
      flow: {
        ...analysis.flow,
        registrations: [{ name: 'register', owner: 'Router', path: 'lib/router.js', line: 40 }],
        bases: [
          { name: 'Transport', path: 'lib/transport.js', line: 3 },
          { name: 'Store', path: 'lib/store.js', line: 3 },
          { name: 'Codec', path: 'lib/codec.js', line: 3 },
        ],
        hooks: { owner: 'Router', path: 'lib/router.js', line: 8, endLine: 12, fields: ['onRequest'] },
      },
    } as typeof analysis;
    expect(names('api', extended)).toEqual([
      'package main',
      'register',
      'onRequest',
      'Transport',
      'Store',
      'Codec',
      'use',
      'listen',
      'handle',
    ]);
    expect(names('components', extended)).toEqual([
      'Router',
      'register',
      'onRequest',
      'Transport',
      'Store',
      'Codec',
      'listen',
      'handle',
    ]);
    expect(names('architecture', extended)).toEqual([
      'listen',
      'handle',
      'Router',
      'register',
      'onRequest',
      'Transport',
    ]);
    expect(names('overview', extended)).toEqual(['listen', 'handle', 'Router', 'register']);
    const hook = centreFor('components', extended).find((d) => d.name === 'onRequest');
    expect(hook).toMatchObject({ shape: 'range', line: 8, end: 12 });
    expect(centreFor('components', extended)[0]).toMatchObject({ name: 'Router', shape: 'type' });
  });
});

describe("a central type's declaration and an extension point's definition", () => {
  const app = [
    'const compose = require("./compose")', // 1
    '', // 2
    '/** The application. */', // 3
    'module.exports = class Application extends Emitter {', // 4
    '  constructor (options) {', // 5
    '    super()', // 6
    '    this.middleware = []', // 7
    '    this.compose = options.compose || compose', // 8
    '  }', // 9
    '', // 10
    '  use (fn) {', // 11
    '    // keeps what the user hands it', // 12
    '    this.middleware.push(fn)', // 13
    '    return this', // 14
    '  }', // 15
    '', // 16
    '  callback () {', // 17
    '    const fn = this.compose(this.middleware)', // 18
    '    return (req, res) => fn(req, res)', // 19
    '  }', // 20
    '}', // 21
    '', // 22
    'function respond (ctx) {', // 23
    '  ctx.res.end()', // 24
    '}', // 25
  ];
  const numbers = (body: [number, string][]) => body.map(([n]) => n);

  it('shows a short type whole, to its closing bracket, and not the function after it', () => {
    expect(numbers(typeDefinition(app, 'JavaScript', 4))).toEqual([
      4, 5, 6, 7, 8, 9, 11, 13, 14, 15, 17, 18, 19, 20, 21,
    ]);
  });

  it('shows a long type as its outline: its head, its constructor whole, the signature of every other member', () => {
    expect(numbers(typeDefinition(app, 'JavaScript', 4, 10))).toEqual([4, 5, 6, 7, 8, 9, 11, 17, 21]);
  });

  it('reads a head over several lines to where its brackets close', () => {
    const lines = [
      'export class Context<',
      '  E extends Env = any,',
      '> {',
      '  env: E = {}',
      '  get req(): Request {',
      '    return this.raw',
      '  }',
      '}',
      'export const x = 1',
    ];
    expect(numbers(typeDefinition(lines, 'TypeScript', 1))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const py = [
      'class Form(Base):',
      '    name = "x"',
      '',
      '    def clean(self):',
      '        return 1',
      '',
      'x = 2',
    ];
    expect(numbers(typeDefinition(py, 'Python', 1))).toEqual([1, 2, 4, 5]);
  });

  it('shows an extension point by the definition there, else by the short function around it, and a range as its lines', () => {
    const point = (line: number) =>
      numbers(centreLines(app, 'JavaScript', { path: 'a.js', line, name: 'x', shape: 'point' }));
    expect(point(11)).toEqual([11, 13, 14, 15]);
    // a constructor option: the constructor that reads it
    expect(point(8)).toEqual([5, 6, 7, 8, 9]);
    const range = centreLines(app, 'JavaScript', {
      path: 'a.js',
      line: 12,
      end: 14,
      name: 'x',
      shape: 'range',
    });
    expect(numbers(range)).toEqual([13, 14]);
  });
});

describe('the centre the planner expects', () => {
  it('is what the writers of the given kinds are shown, on average over the sections', async () => {
    const analysis = {
      ...a,
      identity: {
        ...a.identity!,
        nonProduct: [],
        mainPath: [
          { name: 'createApp', path: 'src/app.ts', line: 10 },
          { name: 'listBooks', path: 'src/services/book-service.ts', line: 14 },
        ],
      },
    };
    const { excerpts } = await centreExcerpts('overview', ws, analysis, 2000, tokens);
    const shown = excerpts.reduce((n, e, i) => n + tokens(dataBlock(`excerpt ${i + 1}`, e)), 0);
    expect(shown).toBeGreaterThan(100);
    expect(await centreTokens(['overview'], ws, analysis, 2000, tokens)).toBe(shown);
    // a testing section is shown no centre: two sections, one with the centre, half of it each
    expect(await centreTokens(['overview', 'testing'], ws, analysis, 2000, tokens)).toBe(shown / 2);
    // a product without a main path or central types has none to show
    const bare = {
      ...analysis,
      identity: { ...analysis.identity, mainPath: [] },
      flow: { ...a.flow!, abstractions: [] },
    };
    expect(await centreTokens(['overview', 'architecture'], ws, bare, 2000, tokens)).toBe(0);
  });
});

describe('the facts a writer may state', () => {
  it('gives the product apart from its tests and tools, and says what it could not measure rather than zero', () => {
    const lib = bareLibraryAnalysis();
    lib.frameworks = [
      { name: 'ESLint', category: 'other', role: 'linter', evidence: 'package.json' },
      { name: 'Vitest', category: 'test', evidence: 'package.json' },
      { name: 'Express', category: 'web', evidence: 'examples/app/package.json', area: 'examples' },
    ];
    const facts = factsBlock(lib, 'tinylib');
    expect(facts).toMatch(/^product: \d+ code lines in \d+ source files/m);
    expect(facts).toMatch(/^frameworks and libraries the product runs on: none detected$/m);
    expect(facts).toMatch(
      /^tools \(testing, linting, building; not frameworks of the product\): Vitest, ESLint$/m,
    );
    expect(facts).toMatch(/^frameworks seen only outside the product: Express \(in examples only\)$/m);
    expect(facts).toMatch(/^imports between the product's modules: not measured/m);
    expect(facts).not.toMatch(/0 module-to-module edges/);
  });

  it('gives an absence with what was searched, never as a count of zero', () => {
    const facts = factsBlock(bareLibraryAnalysis(), 'tinylib');
    expect(facts).toMatch(
      /^tests: none found \(searched: every file of the repository, by the test conventions/m,
    );
    expect(facts).toMatch(
      /^HTTP routes served by the product: none found \(searched: the product's 2 source files\)$/m,
    );
    expect(facts).toMatch(/^dependencies: none found \(no package manifest was found\)$/m);
    expect(facts).toMatch(
      /^environment variables the product reads: none found \(searched: the environment reads of the 2 product source files\)$/m,
    );
    expect(facts).toMatch(
      /^TODO\/FIXME markers in the product's own files: none found \(searched: the comments of/m,
    );
    expect(facts).toMatch(/^licence: none found \(searched: the licence files at the repository root/m);
    expect(facts).not.toMatch(/: 0\b|\b0 (?:test|manifest|module-to-module)/);
  });

  it("states the model's settings, markers and tests, and imports it could not resolve as such", () => {
    const facts = factsBlock(a, 'sample');
    expect(facts).toMatch(
      /^environment variables the product reads: DATABASE_URL, PORT, JWT_SECRET, LOG_LEVEL \(4 in all\)$/m,
    );
    expect(facts).toMatch(/^TODO\/FIXME markers in the product's own files: 4$/m);
    expect(facts).toMatch(/^tests: 4 test cases in 2 test files$/m);
    // test files whose cases were not counted: the files, not "0 test cases"
    const uncounted = { ...a, tests: { ...a.tests, totalCases: 0 } };
    expect(factsBlock(uncounted, 'sample')).toMatch(
      /^tests: 2 test files \(no test cases were counted in them\)$/m,
    );
    // modules between which no import was resolved: said so, not "0 edges"
    const unresolved = { ...a, moduleGraph: { ...a.moduleGraph, edges: [] } };
    expect(factsBlock(unresolved, 'sample')).toMatch(
      /^imports between the product's 5 modules: none found \(searched: the imports of the product's 15 source files, as resolved to files\)$/m,
    );
  });
});
