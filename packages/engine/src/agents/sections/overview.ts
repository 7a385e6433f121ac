// Overview / executive summary: what the project is, its size, languages, frameworks and surface.

import { notNeededToRun, projectModel } from '../model.ts';
import { writtenLanguages } from '../../analyse/languages.ts';
import type { Analysis, Identity, LanguageStat } from '../../analyse/types.ts';
import { codeSplit, frameworkUnimported, isBuildOnly, leadShare, NON_CODE_LANGUAGES } from '../facts.ts';
import { isReadme, isTitlePurpose } from '../../analyse/identity/purpose.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  entryPhrase,
  importedAs,
  kindPhrase,
  lowerFirst,
  plainProse,
  productSize,
  purposeParagraph,
  rankedRoutes,
  readmeFeatures,
  readmeContrast,
  readmeNotice,
  readmeTitleRole,
  readmeProse,
  routeTaskSentence,
  surfaceSentence,
  testPlaces,
  optionalNote,
  usageCounts,
} from '../identity-text.ts';
import { featureSentence, pluginFamily, pluginSentence } from '../product-features.ts';
import type { WriterContext } from '../writers/context.ts';
import type { Workspace } from '../../types.ts';
import {
  bullets,
  cite,
  code,
  countBy,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  pct,
  pick,
  plural,
  ref,
  sentence,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import { api } from './api.ts';
import type { Finding } from '../types.ts';
import { mechanismDigest } from '../how-it-works.ts';
import { defineSection, finding as f } from './define.ts';
import { testing } from './testing.ts';

export const overview = defineSection({
  kind: 'overview',
  keywords: [
    'executive summary',
    'summary',
    'introduction',
    'overview',
    'abstract',
    'about',
    'background',
    'purpose',
    'scope',
    'preface',
    'project description',
    'at a glance',
    'context',
  ],
  evidence: [
    'project',
    'docs.readme',
    'languages',
    'frameworks',
    'dependencies',
    'routes',
    'tests',
    'license',
  ],
  analyst(a) {
    const out: Finding[] = [];
    // the lines the team wrote: compiled or copied files are not what the project is written in
    const { languages, code: total } = written(a);
    const top = languages
      .filter((l) => !NON_CODE_LANGUAGES.has(l.language) && l.code >= total / 100)
      .slice(0, 3)
      .map((l) => `${text(l.language)} (${pct(l.code, total, 0)})`);
    const holds = `${text(a.project.name)} holds ${plural(a.project.files, 'file')} with ${num(total)} lines of code`;
    out.push(f(sentence(holds, when(top.length, `, mostly ${joinSome(top, 3)}`))));
    const id = a.identity;
    if (id?.purpose)
      out.push(
        f(`It is ${kindPhrase(id)}: ${text(plainProse(id.purpose.text))}`, [
          ref(id.purpose.source.path, id.purpose.source.line),
        ]),
      );
    else if (id) out.push(f(`It is ${kindPhrase(id)}.`));
    // what the product runs on: a framework only an example or a test uses is not the project's
    const runsOn = runsOnFrameworks(a);
    const fw = runsOn.map((x) => text(x.name));
    if (fw.length)
      out.push(
        f(
          `It is built on ${joinSome(fw, 4)}.`,
          runsOn.slice(0, 3).map((x) => x.evidence),
        ),
      );
    return out.concat(api.analyst(a).slice(0, 1), testing.analyst(a).slice(0, 1));
  },
  writer: writeOverview,
});

/** Items that may hold commas themselves, set apart by semicolons: "a; b; and c". */
function listWithSemicolons(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('; ')}; and ${items.at(-1)}`;
}

/** The README at the root, read from the workspace; null when there is none or it cannot be read. */
function readmeOf(a: Analysis, workspace: Workspace): { path: string; text: string } | null {
  const file = a.docs.readme ?? a.files.find((f) => isReadme(f.path));
  if (!file) return null;
  try {
    return { path: file.path, text: readFileSync(path.join(workspace.root, file.path), 'utf8') };
  } catch {
    return null;
  }
}

/** A build tool's wrapper script, which the tool writes into the repository (`mvn wrapper`, `gradle wrapper`). */

/** The languages and lines of code the team wrote, without generated or vendored files. */
function written(a: Analysis): { languages: LanguageStat[]; code: number } {
  const languages = writtenLanguages(a.languages);
  return { languages, code: a.project.lines.code - (a.linesByRole?.generated?.code ?? 0) };
}

/**
 * What the product runs on: a framework only an example or a test uses is not the project's, nor
 * is a build tool or a compiler it is only developed with (esbuild, TypeScript): that is how it is
 * built, not what it is built on.
 */
export function runsOnFrameworks(a: Analysis): Analysis['frameworks'] {
  return a.frameworks.filter(
    (x) =>
      x.category !== 'test' &&
      x.category !== 'build' &&
      (!x.area || x.area === 'product') &&
      !notNeededToRun(a, x) &&
      !frameworkUnimported(a, x),
  );
}

export function writeOverview({ a, fx, projectName, workspace }: WriterContext): string {
  const { languages, code: total } = written(a);
  const l = { code: total };
  const langs = languages.filter((x) => !NON_CODE_LANGUAGES.has(x.language)).slice(0, 3);
  const fw = runsOnFrameworks(a);
  // What it is first: the project's own sentence about itself (never README badges or notices),
  // then its kind, its size as a product and how it is used.
  const id = a.identity;
  const productPaths = new Set(fx.productFiles.map((f) => f.path));
  const purpose = purposeParagraph(a, workspace);
  const prose = purpose ? null : readmeProse(a);
  const undescribed = sentence(
    `${text(projectName)} has no description of itself in its README or manifest`,
    ', so this overview is drawn from the code',
  );
  const readme = prose && `In the words of its README (${cite(prose.path)}): “${text(prose.text)}”`;
  // a purpose that only repeats the README's title says nothing: the README's feature list says
  // what the project does instead, in its own words
  const readmeText = readmeOf(a, workspace);
  const titleOnly = !!purpose && purpose.sentences.length === 1 && isTitlePurpose(purpose.sentences[0]!);
  const features = readmeText && (titleOnly || !purpose) ? readmeFeatures(readmeText.text) : null;
  const featureLead =
    features &&
    `Its README lists what it does: ${listWithSemicolons(features.items.map((x) => text(lowerFirst(x))))} (${cite(readmeText!.path, features.line)}).`;
  // a notice that the project is sunset or unmaintained comes before anything else is said of it
  const notice = readmeText && readmeNotice(readmeText.text);
  const retired =
    notice &&
    `The README marks it as retired: “${text(notice.text)}” (${cite(readmeText!.path, notice.line)})`;
  // what the README says it is not ("a command runner, not a build system"), where it says so
  const contrast = readmeText && readmeContrast(readmeText.text, projectName);
  const apart =
    contrast &&
    `Its README adds that it is ${text(contrast.is)}, not ${text(contrast.not)} (${cite(readmeText!.path, contrast.line)}).`;
  // a README titled "… Sample Application" says what the project is for before its kind does; a
  // project already named by that title says it in its name
  const titleRole = readmeText && readmeTitleRole(readmeText.text);
  const titled = titleRole && titleRole.title.toLowerCase() !== projectName.toLowerCase() ? titleRole : null;
  const role =
    titled &&
    `Its README's title calls it ${titled.role === 'example' ? 'an' : 'a'} ${titled.role}: “${text(titled.title)}” (${cite(readmeText!.path, titled.line)}).`;
  // a purpose that is only the title the role sentence quotes would say the title twice
  const saidByRole =
    titleOnly && !!titled && purpose!.path === readmeText!.path && purpose!.line === titled.line;
  const lead = [
    featureLead ??
      (saidByRole
        ? null
        : purpose
          ? `${purpose.sentences.map(text).join(' ')} (${cite(purpose.path, purpose.line)})`
          : readme || undescribed),
    apart,
    retired,
  ]
    .filter(Boolean)
    .join(' ');
  // the short form: the first way in; the architecture section lists them all
  const entered = (entries: Identity['entryPoints']) =>
    `It is entered ${entries[0]!.call ? 'through' : 'at'} ${entryPhrase(entries[0]!)}${importedAs(entries.slice(0, 1))}${when(
      entries.length > 1,
      `, one of ${plural(entries.length, 'entry point')}`,
    )}.`;
  const identity = id
    ? [
        `${text(projectName)} is ${kindPhrase(id)}.`,
        role,
        productSize(a),
        // what an application lets its users do tells more than the first of its routes
        routeTaskSentence(a) ?? surfaceSentence(id, usageCounts(a, workspace), 8, a.flow?.prototypes),
        // where its work goes out and what else it offers, which its record routes do not say
        pluginSentence(pluginFamily(a, productPaths)),
        featureSentence(a, productPaths),
        id.entryPoints.length ? entered(id.entryPoints) : null,
      ]
        .filter(Boolean)
        .join(' ')
    : '';
  const main = langs[0];
  const scale = l.code < 5_000 ? 'a small' : l.code < 50_000 ? 'a medium-sized' : 'a large';
  // the split the technology chapter states too (facts.ts codeSplit): one share of one total
  const split = codeSplit(languages, a.files);
  const source = split.source;
  const rest = split.data;
  const docsApart = main && split.apart;
  const besideCode = [
    split.dataLines > 0 &&
      `${num(split.dataLines)} of documentation and data (${
        rest.length > 3
          ? `${rest
              .slice(0, 3)
              .map((x) => x.language)
              .join(', ')} and others`
          : joinAnd(rest.map((x) => x.language))
      })`,
    split.wrapped > 0 &&
      `${num(split.wrapped)} in build-tool wrapper scripts (${joinAnd(split.wrappers.map((f) => code(f.path)))})`,
  ].filter((x): x is string => !!x);
  const spans = sentence(
    `The code base spans ${plural(a.project.files, 'file')} and ${num(l.code)} lines of code`,
    !main
      ? ''
      : docsApart
        ? `: ${num(source)} in programming languages, ${leadShare(main.code, source)} of them ${main.language}, ${besideCode.length > 1 ? '' : 'and '}${joinAnd(besideCode)}`
        : `, ${pct(main.code, l.code, 0)} of them ${main.language}`,
  );
  // where a product base is known, its size has been told: a judgement of the repository's total,
  // swollen by tests and documentation, would misjudge the product
  const size = fx.productFiles.length
    ? spans
    : pick(
        [
          spans,
          sentence(
            `With ${num(l.code)} lines of code across ${plural(a.project.files, 'file')}, it is ${scale} code base`,
            main && ` written mainly in ${main.language}`,
          ),
        ],
        l.code,
      );
  const facts: string[] = [];
  // the product's languages when it is known: fixture Makefiles and a docs build's batch file are not
  // what the product is written in
  const productLangs = countBy(
    fx.productFiles.filter((f) => f.language && !NON_CODE_LANGUAGES.has(f.language)),
    (f) => f.language!,
  )
    .map(([language]) => ({
      language,
      code: fx.productFiles.filter((f) => f.language === language).reduce((n, f) => n + f.code, 0),
    }))
    .sort((x, y) => y.code - x.code);
  // one language: its size is the product's, which the paragraph above gives
  if (productLangs.length === 1)
    facts.push(`**Language of the product:** ${text(productLangs[0]!.language)}`);
  else if (productLangs.length)
    facts.push(
      `**Languages of the product:** ${joinSome(
        productLangs.map((x) => `${text(x.language)} (${num(x.code)} lines)`),
        3,
      )}`,
    );
  else if (langs.length)
    facts.push(
      `**Languages:** ${joinSome(
        langs.map((x) => `${text(x.language)} (${plural(x.code, 'line')})`),
        3,
      )}`,
    );
  // a transport or utility library the product drives (urllib3 under an HTTP client) is no framework
  const frameworks = fw.filter((f) => f.category !== 'other').length;
  const fwLabel = !frameworks
    ? 'Main libraries'
    : frameworks < fw.length
      ? 'Frameworks and libraries'
      : 'Frameworks';
  if (fw.length)
    facts.push(
      `**${fwLabel}:** ${joinSome(
        fw.map((f) => text(`${f.name}${when(f.version, ` ${f.version}`)}`)),
        5,
      )}`,
    );
  // The product's own dependencies: an example's manifest declares what the example needs.
  const own = (d: { area?: string }) => !d.area || d.area === 'product';
  const ownManifests = unique(a.dependencies.filter(own).map((d) => d.manifest));
  if (ownManifests.length) {
    const peers = fx.optionalPeerDeps.filter(own).length;
    // what only the build needs (a build script's crates, a build backend) is not development
    const build = fx.devDeps.filter((d) => own(d) && isBuildOnly(d)).length;
    const counts = `${num(fx.runtimeDeps.filter(own).length)} runtime${optionalNote(fx.runtimeDeps.filter(own))}, ${when(peers, `${num(peers)} optional peer, `)}${num(fx.devDeps.filter(own).length - build)} development${when(build, `, ${num(build)} build`)}`;
    const from = joinSome(
      ownManifests.map((m) => cite(m)),
      3,
    );
    facts.push(`**Dependencies:** ${counts}, from ${from}`);
  }
  // The product's routes only: an example app's routes are not the project's API.
  const routes = a.routes.filter((r) => !r.area || r.area === 'product');
  // the example is the route the surface sentence leads with: the product's own interface first
  const route = rankedRoutes(routes, id)[0];
  if (route) {
    const example = `${code(`${route.method} ${route.path}`)} at ${cite(route.file, route.line)}`;
    facts.push(`**HTTP API:** ${plural(routes.length, 'route')}, e.g. ${example}`);
  } else if (!id || id.kind === 'application') facts.push('**HTTP API:** none found');
  const testFrameworks = when(a.tests.frameworks.length, ` (${a.tests.frameworks.map(text).join(', ')})`);
  // the cases in inline test modules (a Rust `#[cfg(test)]` module) are not in the test files: the
  // source files holding them are counted beside, as the testing chapter counts them
  const m = projectModel(a);
  const tests = `${testPlaces(a)}, ${plural(m.tests.value.cases, 'case')}${testFrameworks}`;
  facts.push(`**Tests:** ${m.tests.value.files.length ? tests : 'none found'}`);
  const licence = m.licence.value;
  if (licence)
    facts.push(
      `**Licence:** ${licence.spdx ? text(licence.spdx) : 'unrecognised text'} (${cite(licence.path)})`,
    );
  if (a.git) {
    const last = when(a.git.lastCommit, `, last on ${a.git.lastCommit?.slice(0, 10)}`);
    facts.push(
      `**History:** ${plural(a.git.commits, 'commit')} by ${plural(a.git.authors.length, 'author')}${last}`,
    );
  }
  return paragraphs(lead, identity, mechanismDigest(a), size, bullets(facts));
}
