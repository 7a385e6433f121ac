// Each fact once, in the section that owns it: entries in Entry Points, the key components in
// Components, the central types with the mechanism; the overview says each once, short.
import { describe, expect, it } from 'vitest';
import type { Analysis, Flow } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { bareLibraryAnalysis, sampleAppAnalysis } from '../test-fixtures.ts';
import type { SectionPlan } from '../types.ts';
import type { WriterContext } from '../writers/context.ts';
import { writeArchitecture } from './architecture.ts';
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

  it('keeps them in an architecture section that stands alone', () => {
    const md = writeArchitecture(ctx(library(), MODULES));
    expect(md).toMatch(/Use of the library begins with `slugify\(\)`/);
    expect(md).toMatch(/carry the most weight/);
  });

  it('tells the key components in full in Components, and the central types there only without an architecture section', () => {
    const withArch = writeComponents(ctx(library(), COMPONENTS, REPORT));
    expect(withArch).toMatch(/carry the most weight/);
    expect(withArch).toMatch(/Turns titles into slugs\./);
    expect(withArch).not.toMatch(/central type/);
    expect(writeComponents(ctx(library(), COMPONENTS, [COMPONENTS]))).toMatch(
      /Its central type is `Slugger`/,
    );
  });

  it("counts a module's exports as the public names the summary counts, methods with their type", () => {
    const a = library();
    a.identity!.publicApi.push({
      name: 'run',
      kind: 'method',
      owner: 'Slugger',
      path: 'lib/strings.js',
      line: 30,
    });
    const md = writeComponents(ctx(a, COMPONENTS, REPORT));
    expect(md).toMatch(/It exports 2 public names, among them `slugify` .*`Slugger\.run` \(method/);
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
});
