// Technology stack: languages table and frameworks with versions and where they were detected.

import { isProductOwned } from '../../analyse/dependencies.ts';
import { splitCitation } from '../../citations.ts';
import { writtenLanguages } from '../../analyse/languages.ts';
import { importsPackage, isToolingRole } from '../../analyse/package-roles.ts';
import type { Analysis, Ecosystem, Framework, PackageRole } from '../../analyse/types.ts';
import {
  codeSplit,
  factsOf,
  importersOf,
  frameworkUnimported,
  NON_CODE_LANGUAGES,
  optionalOf,
  USED_BY_IMPORT,
} from '../facts.ts';
import { wants, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  countBy,
  evidence,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  pct,
  plural,
  table,
  text,
  unique,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';

export const technology = defineSection({
  kind: 'technology',
  keywords: [
    'frameworks and libraries',
    'tech stack',
    'technology stack',
    'technology',
    'technologies',
    'stack',
    'languages',
    'frameworks',
    'libraries and frameworks',
    'tooling',
    'platform',
    'programming languages',
  ],
  aspects: [
    ['languages', 'languages'],
    ['programming languages', 'languages'],
    ['frameworks', 'frameworks'],
    ['libraries', 'frameworks'],
  ],
  evidence: ['languages', 'frameworks', 'manifests', 'dependencies'],
  analyst(a) {
    // once the product is told apart, its languages are the product's, not the whole tree's (tests,
    // generated styles and fonts included), so the finding agrees with the summary above it
    // an empty file is no file of its language, as the language table counts (cloc leaves it out too)
    const product = factsOf(a).productFiles.filter(
      (x) => x.language && !NON_CODE_LANGUAGES.has(x.language) && x.size > 0,
    );
    const productLangs = [...new Set(product.map((x) => x.language!))]
      .map((language) => {
        const mine = product.filter((x) => x.language === language);
        return { language, files: mine.length, code: mine.reduce((n, x) => n + x.code, 0) };
      })
      .sort((x, y) => y.code - x.code);
    const langs = productLangs.length
      ? productLangs
      : writtenLanguages(a.languages).filter((l) => !NON_CODE_LANGUAGES.has(l.language));
    // one language is no mixture to tell: the summary already gives the product's size and place
    const out: Finding[] =
      langs.length > 1 || (langs.length === 1 && !productLangs.length)
        ? [
            f(
              `${joinSome(
                langs.map(
                  (l) => `${text(l.language)} (${plural(l.files, 'file')}, ${plural(l.code, 'line')})`,
                ),
                3,
              )} ${agree(langs.length, 'makes', 'make')} up ${productLangs.length ? "the product's" : 'the'} code.`,
              [],
              'languages',
            ),
          ]
        : [];
    const own = runsOn(a);
    if (own.length)
      out.push(
        f(
          `Frameworks and major libraries: ${joinSome(
            own.map((fw) => text(`${fw.name}${fw.version ? ` ${fw.version}` : ''}`)),
            4,
          )}.`,
          own.slice(0, 2).map((fw) => fw.evidence),
          'frameworks',
        ),
      );
    return out;
  },
  writer: writeTechnology,
});

const ROLE_NAMES: Record<PackageRole, string> = {
  'web-framework': 'web framework',
  'ui-framework': 'UI framework',
  router: 'HTTP router',
  orm: 'ORM',
  'database-client': 'database client',
  auth: 'authentication',
  security: 'security middleware',
  validation: 'validation',
  templating: 'templating',
  'http-client': 'HTTP client',
  'http-library': 'HTTP implementation, server and client',
  'test-runner': 'test runner',
  linter: 'linter',
  formatter: 'formatter',
  'type-checker': 'type checker',
  'task-runner': 'task runner',
  'cli-parsing': 'command-line parsing',
  logging: 'logging',
  serialization: 'serialization',
  'async-runtime': 'async runtime',
  'task-queue': 'task queue',
  payments: 'payments',
  'build-tool': 'build tool',
  'app-server': 'application server',
  'web-interface': 'web server interface',
  'data-science': 'data and numerics',
  mobile: 'mobile framework',
  desktop: 'desktop framework',
  styling: 'styling',
  'api-layer': 'API layer',
};

export function writeTechnology(ctx: WriterContext): string {
  const { a, fx } = ctx;
  // the lines the team wrote: compiled stylesheets and copied libraries are counted apart
  const languages = writtenLanguages(a.languages);
  const l = { code: languages.reduce((n, x) => n + x.code, 0) };
  const generated = a.files.filter((f) => f.role === 'generated' && f.language && !f.duplicateOf);
  const parts: string[] = [];
  if (!wants(ctx, 'languages')) {
    // not this section's aspect
  } else if (languages.length) {
    // the summary's split (facts.ts codeSplit): where documentation and data are told apart, a
    // language's share is of the programming languages' lines, the same figure in both chapters
    const split = codeSplit(languages, a.files);
    const programmed = split.apart ? languages.filter((x) => split.base(x.language) !== null) : languages;
    const lead = programmed[0] ?? languages[0]!;
    const others = programmed.filter((x) => x !== lead);
    parts.push(
      split.apart
        ? // what the Share column is of, told as the code's split: the other lines are not in it
          others.length
          ? `Of the ${num(split.source)} lines in programming languages, ${text(lead.language)} has ${leadShare(
              lead.code,
              split.base(lead.language) ?? split.source,
            )} ${joinSome(
              others.map((x) => text(x.language)),
              5,
            )}; the other lines are ${otherKinds(split)}.`
          : `${text(lead.language)} is the only programming language; the other lines are ${otherKinds(split)}.`
        : `${text(lead.language)} carries ${
            lead.code < l.code && pct(lead.code, l.code, 0) === pct(1, 1, 0)
              ? `all but ${num(l.code - lead.code)}`
              : pct(lead.code, l.code, 0)
          } of the ${num(l.code)} lines of code${
            languages.length > 1
              ? `, alongside ${joinSome(
                  languages.slice(1).map((x) => text(x.language)),
                  5,
                )}`
              : ''
          }.`,
    );
    if (generated.length)
      parts.push(
        `Another ${num(generated.reduce((n, f) => n + f.code, 0))} lines are in ${plural(
          generated.length,
          'generated or vendored file',
        )}, which a build wrote or which ${generated.length === 1 ? 'was' : 'were'} copied in: ${joinSome(
          [...generated].sort((x, y) => y.code - x.code).map((f) => cite(f.path)),
          3,
        )}.`,
      );
    parts.push(
      table(
        ['Language', 'Files', 'Code', 'Comment', 'Blank', 'Share'],
        languages.map((x) => [
          text(x.language),
          num(x.files),
          num(x.code),
          num(x.comment),
          num(x.blank),
          // documentation and data have no share of the programming languages' lines
          split.base(x.language) === null ? '—' : pct(x.code, split.base(x.language)!),
        ]),
        ['l', 'r', 'r', 'r', 'r', 'r'],
      ),
    );
  } else parts.push('No source files in a recognised programming language were found.');
  // what the product's own manifests declare; examples and benchmarks bring their own stacks
  const own = runsOn(a);
  if (!wants(ctx, 'frameworks')) {
    // not this section's aspect
  } else if (own.length) {
    const role = (f: (typeof own)[number]) =>
      `${text(f.role ? ROLE_NAMES[f.role] : f.category)}${usedOnlyIn(ctx, f)}`;
    // one framework is a sentence; a table of one row under a sentence announcing it says it twice
    if (own.length === 1) {
      const f = own[0]!;
      parts.push(
        `The product builds on ${text(f.name)} (${role(f)})${
          f.version ? `, ${/^[<>=~^!]/.test(f.version) ? 'versions' : 'version'} ${text(f.version)}` : ''
        }, declared at ${evidence(fx, f.evidence)}.`,
      );
    } else {
      parts.push(
        `The product builds on ${joinSome(
          own.map((f) => text(f.name)),
          4,
        )}:`,
      );
      parts.push(
        table(
          ['Framework', 'Role', 'Version', 'Found in'],
          own.map((f) => [
            text(f.name),
            role(f),
            f.version ? text(f.version) : '—',
            evidence(fx, f.evidence),
          ]),
        ),
      );
    }
  } else if (!fx.runtimeDeps.length && a.manifests.some(isProductOwned))
    parts.push(
      // an optional peer is still what the parts that import it need (zustand's React bindings)
      fx.optionalPeerDeps.length
        ? `The product declares no required runtime dependency: ${fx.optionalPeerDeps.length === 1 ? 'its optional peer dependency is' : `its ${num(fx.optionalPeerDeps.length)} optional peer dependencies are`} installed by the users of the parts that import ${fx.optionalPeerDeps.length === 1 ? 'it' : 'them'}.`
        : 'The product declares no runtime dependencies: it needs nothing beyond its language and runtime.',
    );
  else if (fx.runtimeDeps.length)
    parts.push(
      `No framework is among the product’s ${plural(fx.runtimeDeps.length, 'runtime dependency', 'runtime dependencies')} (${joinSome(
        fx.runtimeDeps.map((d) => code(d.name)),
        5,
      )}).`,
    );
  else parts.push('No package manifest declares a framework.');
  if (wants(ctx, 'frameworks')) parts.push(...optionalPeerFrameworks(a));
  const tools = a.frameworks.filter((f) => isProductOwned(f) && isToolingRole(f.role));
  if (wants(ctx, 'frameworks') && tools.length)
    parts.push(
      `Development tools, which do not ship with the product: ${joinSome(
        tools.map((t) => `${text(t.name)} (${text(ROLE_NAMES[t.role!])}, ${evidence(fx, t.evidence)})`),
        6,
      )}.`,
    );
  const others = a.frameworks.filter((f) => !isProductOwned(f));
  if (wants(ctx, 'frameworks') && others.length)
    parts.push(
      `Outside the product, ${joinSome(
        countBy(others, (f) => f.area ?? 'other').map(
          ([area]) =>
            `the ${text(area)} use ${joinSome(
              others.filter((f) => (f.area ?? 'other') === area).map((f) => text(f.name)),
              3,
            )}`,
        ),
        3,
      )}; none of these ships with it.`,
    );
  const manifests = a.manifests.filter(isProductOwned);
  const managers = (a.packageManagers ?? []).filter(isProductOwned);
  const eco = [...new Set(manifests.map((m) => m.ecosystem))];
  if (wants(ctx, 'frameworks') && eco.length)
    parts.push(
      `Package management: ${joinSome(
        eco.map((e) => {
          const tool = managers.find((m) => m.ecosystem === e);
          return `${text(tool ? tool.name : ECOSYSTEM_TOOLS[e])} (${joinSome(
            unique([
              ...manifests.filter((m) => m.ecosystem === e).map((m) => cite(m.path)),
              ...(tool ? [cite(tool.evidence)] : []),
            ]),
            3,
          )})`;
        }),
        4,
      )}.`,
    );
  return paragraphs(...parts);
}

// the tool that installs an ecosystem's packages when no lockfile or setting names another
const ECOSYSTEM_TOOLS: Record<Ecosystem, string> = {
  npm: 'npm',
  pip: 'pip',
  go: 'Go modules',
  cargo: 'Cargo',
  maven: 'Maven',
  gradle: 'Gradle',
  composer: 'Composer',
  bundler: 'Bundler',
  nuget: 'NuGet',
};

/** What the product runs on: its own frameworks and libraries, not the tools it is developed with. */
function runsOn(a: Analysis): Framework[] {
  return a.frameworks.filter(
    (f) => isProductOwned(f) && !isToolingRole(f.role) && !optionalOf(a, f) && !frameworkUnimported(a, f),
  );
}

/**
 * "React, an optional peer dependency (`package.json:162`), is imported by `src/react.ts` and
 * `src/traditional.ts`": a framework only some files use, told by those files. Nothing is said of
 * one no product file imports.
 */
function optionalPeerFrameworks(a: Analysis): string[] {
  return a.frameworks
    .filter((f) => isProductOwned(f) && !isToolingRole(f.role))
    .flatMap((f) => {
      const peer = optionalOf(a, f);
      const files = peer ? importersOf(a, peer) : [];
      return files.length
        ? [
            `${text(f.name)}, an optional${peer!.optionalPeer ? ' peer' : ''} dependency (${cite(peer!.manifest, peer!.line)}), is imported by ${joinSome(
              files.map((p) => cite(p)),
              4,
            )}.`,
          ]
        : [];
    });
}

/**
 * ", only in hc/integrations/github/client.py": a library the product's code imports in one file
 * serves that file, not the product as a whole, unless that file is a wrapper several product files
 * use (", wrapped by hc/lib/curl.py, which 20 product files use"). Nothing is said where no import was found (a Django
 * database driver is named in settings, never imported).
 */
function usedOnlyIn({ a, fx }: WriterContext, f: Framework): string {
  const { path, line } = splitCitation(f.evidence);
  const dep = a.dependencies.find((d) => d.manifest === path && d.line === line);
  if (!dep || !f.role || !USED_BY_IMPORT.has(f.role) || fx.sourceFiles.length < 5) return '';
  const source = new Set(fx.sourceFiles.map((x) => x.path));
  const files = unique(
    a.imports
      .filter((i) => !i.resolved && source.has(i.from) && importsPackage(i.specifier, dep))
      .map((i) => i.from),
  );
  if (files.length !== 1) return '';
  // a wrapper the rest of the product goes through serves the product, not one file
  const users = unique(
    a.imports.filter((i) => i.resolved === files[0] && source.has(i.from)).map((i) => i.from),
  );
  return users.length >= WRAPPER_USERS
    ? `, wrapped by ${cite(files[0]!)}, which ${plural(users.length, 'product file')} use`
    : `, only in ${cite(files[0]!)}`;
}

/** Product files that go through a library's one importing file before it counts as the product's wrapper. */
const WRAPPER_USERS = 3;

/** The lines beside the programming languages: documentation and data, and the build tool's wrapper scripts. */
/** "99.8%, ahead of", or "all but 7, in" where the share would round to a whole 100 %. */
function leadShare(lines: number, of: number): string {
  const share = pct(lines, of);
  return share === pct(of, of) ? `all but ${num(of - lines)}, in` : `${share}, ahead of`;
}

function otherKinds(split: ReturnType<typeof codeSplit>): string {
  const kinds: string[] = [];
  if (split.dataLines > 0)
    kinds.push(
      `documentation and data (${joinSome(
        split.data.map((x) => text(x.language)),
        3,
      )})`,
    );
  if (split.wrapped > 0)
    kinds.push(
      `build-tool wrapper scripts (${joinSome(
        split.wrappers.map((f) => code(f.path)),
        4,
      )})`,
    );
  return joinAnd(kinds);
}
