// The consistency pass: which sentences it reads as claims (and which it must not), what it finds
// contradicted against an analysis and against an accepted section, and what the reviewer does.

import { describe, expect, it } from 'vitest';
import type { Analysis } from '../analyse/types.ts';
import { ClaimLedger } from './claim-ledger.ts';
import { extractClaims, findContradictions, reviewConsistency, type ShownFiles } from './prose-claims.ts';
import { reviewDraft } from './reviewer.ts';
import { bareLibraryAnalysis, SAMPLE_APP_DIR, sampleAppAnalysis, workspaceFor } from './test-fixtures.ts';
import type { AgentDeps, SectionDraft } from './types.ts';

/** The sample app as a framework whose only HTTP routes and web framework sit in its examples. */
function frameworkWithExampleRoutes(): Analysis {
  const a = sampleAppAnalysis();
  a.project = { ...a.project, name: 'koa', files: 108, lines: { code: 8135, comment: 1071, blank: 2152 } };
  // Express is what the examples depend on, not the product
  a.dependencies = a.dependencies.map((d) =>
    d.name === 'express' ? { ...d, area: 'examples' as const } : d,
  );
  a.routes = Array.from({ length: 60 }, (_, i) => ({
    method: 'GET',
    path: `/demo/${i}`,
    framework: 'Express',
    file: 'examples/app.js',
    line: i + 1,
    area: 'examples' as const,
  }));
  a.frameworks = [{ name: 'Express', category: 'web', evidence: 'examples/package.json', area: 'examples' }];
  a.tests = { ...a.tests, totalCases: 429 };
  a.identity = {
    kind: 'framework',
    kinds: ['library'],
    purpose: null,
    productPaths: ['lib'],
    nonProduct: [{ path: 'examples', role: 'examples' }],
    entryPoints: [],
    publicApi: [],
    keyComponents: [],
  };
  a.linesByRole = { product: { files: 7, code: 858, comment: 10, blank: 10 } };
  // the product base the chapters state: the same 7 files and 858 lines
  a.files = [
    ...a.files.filter((f) => f.role && f.role !== 'product'),
    ...[300, 200, 150, 100, 58, 30, 20].map((code, i) => ({
      path: `lib/m${i}.js`,
      size: code * 30,
      language: 'JavaScript',
      code,
      comment: 0,
      blank: 0,
      role: 'product' as const,
    })),
  ];
  return a;
}

const a = frameworkWithExampleRoutes();
const claims = (md: string, an: Analysis = a) =>
  extractClaims(md, an, ['koa']).map((c) => `${c.key}=${c.value}${c.approx ? `~${c.approx}` : ''}`);
const contradicted = (md: string, an: Analysis = a, ledger?: ClaimLedger) =>
  findContradictions(md, an, ledger, ['koa']).map((x) => x.claim.phrase);

describe('extractClaims', () => {
  it('reads counts attached to well-known nouns when the project is what is counted', () => {
    expect(claims('koa holds 108 files with 8,135 lines of code, mostly JavaScript (68%).')).toEqual([
      'files=108',
      'lines-of-code=8135',
    ]);
    expect(claims('73 test files hold 429 test cases written with node:test and supertest.')).toEqual([
      'test-files=73',
      'test-cases=429',
    ]);
    expect(claims('23 dependencies are declared in 1 manifest: 18 runtime and 5 for development.')).toEqual([
      'dependencies=23',
    ]);
    expect(claims('The code reads 15 environment variables in 9 files.')).toEqual(['env-vars=15']);
    // a command line toolkit is a set of programs, not a library
    expect(claims('koa is a high performance CSV command line toolkit.')).toEqual(['kind=cli']);
    expect(claims('koa is a 8,135-line JavaScript code base serving 60 HTTP routes on Express.')).toEqual([
      'lines-of-code=8135',
      'routes=60',
      'runs-on=Express',
    ]);
    expect(claims('The project has about 850 test cases and over 20 runtime dependencies.')).toEqual([
      'test-cases=850~about',
      'runtime-dependencies=20~at-least',
    ]);
    expect(claims('The code carries 13 open markers (12 TODO, 1 FIXME).')).toEqual(['todos=13']);
  });

  it('reads the labelled facts of the Executive Summary', () => {
    const md = [
      '- **Dependencies:** 18 runtime, 5 development, from `package.json`',
      '- **HTTP API:** none found',
      '- **Tests:** 73 files, 429 cases (node:test, supertest)',
      '- **Licence:** MIT (`LICENSE`)',
    ].join('\n');
    expect(claims(md)).toEqual([
      'runtime-dependencies=18',
      'dev-dependencies=5',
      'routes=0',
      'test-files=73',
      'test-cases=429',
      'licence=MIT',
    ]);
  });

  it('reads negations, licences, the kind and what the product runs on', () => {
    expect(claims('No automated tests were found.')).toEqual(['tests=0']);
    expect(
      claims('koa is a framework, also used as a library and serves no HTTP routes of its own.'),
    ).toEqual(['routes=0', 'kind=framework']);
    expect(claims('It is distributed under the Apache License 2.0.')).toEqual(['licence=Apache']);
    expect(claims('The project has a helper that has no tests.')).toEqual([]);
    expect(claims('koa is a lightweight web application framework for Node.js.')).toEqual(['kind=framework']);
    expect(claims('The project is built with Fastify.')).toEqual(['runs-on=Fastify']);
  });

  it('does not read versions, runtimes, percentages, pages, ports or line numbers as counts', () => {
    for (const s of [
      'koa 3.2.0 requires node 20 or later.',
      'Comments make up 11.6% of the non-blank lines.',
      'See Page 3 for the 12 test cases of the parser.',
      'The server listens on port 3000.',
      'The handler is at `lib/application.js:152` and spans lines 152 to 170.',
      'There are 8.11 test files per source file.',
      'It was first released in 2013 and rewritten for ES2017.',
      'The project supports Python 3.12 and Java 17.',
    ])
      expect(claims(s), s).toEqual([]);
  });

  it('leaves out counts of a part: a file, a folder, a table row, the examples, "of them"', () => {
    for (const s of [
      '| `__tests__/application/compose.test.js` | 2 | 57 |',
      '1 TODO/FIXME marker remains in the product, 1 of them in lib.',
      '`__tests__/application/respond.test.js` holds 64 test cases.',
      'The largest test file has 64 test cases.',
      'The product itself is 858 lines of code in 7 files under `lib`.',
      'Test code outside the product sources lives in `__tests__` (73 files, 4,635 lines).',
      'JavaScript (82 files, 5,528 lines) make up the code.',
      'The examples serve 60 HTTP routes on Express.',
      '3 dependencies have no upper version bound.',
      'Document the 5 environment variables the code reads but the README does not name.',
      'Directories with source code but no test file beside them: `lib` (7 files).',
      'It already has 2 test cases in the `lib` folder.',
      'The module graph has 2 modules and 1 dependency edge.',
    ])
      expect(
        claims(s).filter((c) => !c.startsWith('modules') && !c.startsWith('todos=1')),
        s,
      ).toEqual(s.startsWith('The product itself') ? ['lines-of-code=858'] : []);
  });

  it('reads no claim inside code spans, code blocks or quotations', () => {
    const md = [
      'In the words of its README: “koa has 12 dependencies and no tests.”',
      '```text',
      'koa holds 999 files',
      '```',
      'Run `koa serves 60 HTTP routes` to see the routes.',
    ].join('\n');
    expect(claims(md)).toEqual([]);
  });
});

describe('findContradictions', () => {
  it('flags a product said to serve routes that belong to its examples, and to run on their framework', () => {
    const md = 'koa is a 8,135-line JavaScript code base serving 60 HTTP routes on Express.';
    expect(contradicted(md)).toEqual(['60 HTTP routes', 'serving 60 HTTP routes on Express']);
    const [routes] = findContradictions(md, a, undefined, ['koa']);
    expect(routes!.reason).toMatch(
      /0 HTTP routes served by the product itself \(60 more belong to its examples\)/,
    );
  });

  it('flags a conclusion that counts 17 test cases where the analysis counts 429', () => {
    expect(contradicted('It already has 17 test cases in 73 files.')).toEqual([]); // "It" of nothing
    const md = 'koa is a small framework. It already has 17 test cases in 73 files, CI and a README.';
    expect(contradicted(md)).toEqual(['17 test cases']);
    expect(findContradictions(md, a, undefined, ['koa'])[0]!.reason).toBe(
      'the analysis finds 429 test cases',
    );
  });

  it('flags a wrong licence, kind, "no tests" and a count off by more than "about" allows', () => {
    expect(contradicted('koa is released under the GPL-3.0 licence.')).toEqual([
      'released under the GPL-3.0 licence',
    ]);
    expect(contradicted('koa is a command-line tool.')).toEqual(['is a command-line tool']);
    expect(contradicted('No tests were found.')).toEqual(['No tests were found']);
    expect(contradicted('The project has about 300 test cases.')).toEqual(['about 300 test cases']);
  });

  it('accepts text that agrees with the analysis, in either reading of an ambiguous scope', () => {
    const md = [
      'koa is a framework, also used as a library and serves no HTTP routes of its own.',
      'koa measures 8,135 lines of code; the project has 858 lines of code.',
      'The product itself is 858 lines of code in 7 files. The project has about 430 test cases.',
      'It is licensed under the MIT licence, and the code base spans 108 files.',
      'The 60 HTTP routes in the code base belong to its examples (e.g. `examples/app.js:1`), not to the product.',
      '- **Tests:** 2 files, 429 cases (Vitest, pytest)',
    ].join('\n\n');
    expect(contradicted(md)).toEqual([]);
  });

  it('holds a claim the analysis cannot settle to what an accepted section said', () => {
    const bare = bareLibraryAnalysis(); // no licence found, no identity
    const ledger = new ClaimLedger();
    ledger.record('Executive Summary', extractClaims('tinylib is released under the MIT licence.', bare));
    expect(contradicted('tinylib is released under the MIT licence.', bare, ledger)).toEqual([]);
    const [x] = findContradictions('tinylib is released under the Apache 2.0 licence.', bare, ledger);
    expect(x!.reason).toBe('section "Executive Summary" says "released under the MIT licence"');
  });
});

describe('the reviewer', () => {
  const deps = (an: Analysis): AgentDeps => ({
    analysis: an,
    workspace: workspaceFor(an, SAMPLE_APP_DIR),
    projectName: 'koa',
    imageNames: [],
    model: 'offline',
    claims: new ClaimLedger(),
  });
  const draft = (markdown: string): SectionDraft => ({
    id: '12',
    level: 1,
    title: 'Conclusion',
    kind: 'conclusion',
    markdown,
    citations: [],
  });

  it('drops a contradicted prose sentence, keeps a list item, and notes both', async () => {
    const out = await reviewDraft(
      {
        draft: draft(
          'koa is a 8,135-line code base serving 60 HTTP routes. It already has 429 test cases and a README (`README.md`).\n\n- **Tests:** 2 files, 17 cases',
        ),
      },
      deps(a),
    );
    expect(out.markdown).toBe(
      'It already has 429 test cases and a README (`README.md`).\n\n- **Tests:** 2 files, 17 cases',
    );
    expect(out.reviewNotes).toEqual([
      expect.stringMatching(
        /^Removed a sentence that contradicts the analysis finds 0 HTTP routes .*: "60 HTTP routes"\.$/,
      ),
      expect.stringMatching(
        /^"Tests: 17 cases" contradicts the analysis finds 429 test cases; kept, as it is a list item/,
      ),
    ]);
  });

  it('remembers what it accepted, so a later section cannot say otherwise where the analysis is silent', async () => {
    const d = deps(bareLibraryAnalysis());
    d.projectName = 'tinylib';
    await reviewDraft(
      { draft: { ...draft('tinylib is released under the MIT licence.'), title: 'Overview' } },
      d,
    );
    const later = await reviewDraft(
      {
        draft: draft(
          'tinylib is a small library. It is released under the ISC licence. It has two functions.',
        ),
      },
      d,
    );
    expect(later.markdown).toBe('tinylib is a small library. It has two functions.');
    expect(later.reviewNotes?.[0]).toMatch(/section "Overview" says "released under the MIT licence"/);
  });

  it('leaves consistent text as it is', () => {
    const md = 'koa serves no HTTP routes of its own. The project has 429 test cases.';
    expect(reviewConsistency(md, a, undefined, ['koa'])).toEqual({ markdown: md, notes: [], conflicts: [] });
  });
});

describe('counts the review weighs as the chapters count them', () => {
  const app = sampleAppAnalysis();

  it('keeps the Configuration chapter count, which leaves out CI, build and platform variables', () => {
    const envVars = [
      { name: 'APP_PORT', file: 'src/main.ts', line: 1, class: 'config' as const },
      { name: 'GITHUB_SHA', file: 'src/main.ts', line: 2, class: 'ci' as const },
      { name: 'SOURCE_DATE_EPOCH', file: 'src/build.ts', line: 3, class: 'build' as const },
    ];
    const a: Analysis = { ...app, envVars };
    const md = 'The product reads 1 environment variable in 1 file.';
    expect(reviewConsistency(md, a).notes).toEqual([]);
    expect(reviewConsistency('The product reads 2 environment variables in 1 file.', a).notes).toHaveLength(
      1,
    );
  });

  it('keeps the Known Issues count, which leaves out markers in test files', () => {
    const todos = [
      { tag: 'TODO' as const, text: 'a', file: 'src/main.ts', line: 1 },
      { tag: 'TODO' as const, text: 'b', file: 'test/main.test.ts', line: 1 },
    ];
    const a: Analysis = {
      ...app,
      todos,
      files: [...app.files, { ...app.files[0]!, path: 'test/main.test.ts', role: 'tests' as const }],
    };
    expect(reviewConsistency("The product's code carries 1 open marker (1 TODO).", a).notes).toEqual([]);
  });
});

describe('a quoted file against a fact', () => {
  // what a model writer was shown: the manifest and the README as numbered excerpts
  const shown: ShownFiles = new Map([
    [
      'package.json',
      new Map([
        [5, '  "license": "Apache-2.0",'],
        [9, '    "express": "^4.19.2",'],
      ]),
    ],
    ['Readme.md', new Map([[3, 'Over 512 tests run on every push.']])],
    ['examples/package.json', new Map([[4, '    "fastify": "^4.0.0",']])],
  ]);
  const review = (md: string, files?: ShownFiles) => reviewConsistency(md, a, undefined, ['koa'], files);

  it('keeps a claim whose cited excerpt says it, and notes the conflict for the trace', () => {
    const md = 'koa is small. It is released under the Apache-2.0 licence (`package.json:5`).';
    const kept = review(md, shown);
    expect(kept.markdown).toBe(md);
    expect(kept.conflicts).toEqual([
      '"released under the Apache-2.0 licence" contradicts the analysis finds the MIT licence (LICENSE); kept, as the quoted file `package.json:5` says so',
    ]);
    expect(kept.notes).toEqual([`Conflict between a quoted file and the analysis: ${kept.conflicts[0]}.`]);
    // a count stated with what it counts on the cited line, and a framework the manifest declares
    for (const claim of [
      'The project has 512 test cases (`Readme.md:3`).',
      'The project is built on Express (`package.json:9`).',
    ])
      expect(review(claim, shown)).toMatchObject({ markdown: claim, conflicts: [expect.any(String)] });
  });

  it('lets the analysis win where the cited lines were not shown or do not say it', () => {
    const md = 'koa is small. It is released under the Apache-2.0 licence (`package.json:5`).';
    // without what the writer was shown (the offline reviewer), as before
    expect(review(md).markdown).toBe('koa is small.');
    // a line of the file the writer was not shown
    expect(review(md.replace(':5', ':6'), shown).markdown).toBe('koa is small.');
    // a cited line that says something else
    expect(review(md.replace(':5', ':9'), shown)).toMatchObject({ markdown: 'koa is small.', conflicts: [] });
    // a cited line that gives the number without what it counts
    expect(review('koa is small. The project has 9 test cases (`package.json:9`).', shown).markdown).toBe(
      'koa is small.',
    );
    // no citation in the sentence: a citation in the sentence before backs nothing
    expect(
      review(
        'The manifest sets a licence (`package.json:5`). It is released under the Apache-2.0 licence.',
        shown,
      ).markdown,
    ).toBe('The manifest sets a licence (`package.json:5`).');
  });

  it("lets no example's code speak for the product", () => {
    const md = 'koa is small. The project is built on Fastify (`examples/package.json:4`).';
    const fastify: Analysis = {
      ...a,
      frameworks: [{ name: 'Fastify', category: 'web', evidence: 'examples/package.json', area: 'examples' }],
    };
    expect(reviewConsistency(md, fastify, undefined, ['koa'], shown).markdown).toBe('koa is small.');
  });
});
