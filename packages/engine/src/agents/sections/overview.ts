// Overview / executive summary: what the project is, its size, languages, frameworks and surface.

import { writtenLanguages } from '../../analyse/languages.ts';
import type { Analysis, LanguageStat } from '../../analyse/types.ts';
import { NON_CODE_LANGUAGES } from '../facts.ts';
import {
  kindPhrase,
  plainProse,
  productSize,
  purposeParagraph,
  readmeProse,
  surfaceSentence,
  usageCounts,
} from '../identity-text.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  bullets,
  cite,
  code,
  joinSome,
  num,
  paragraphs,
  pct,
  pick,
  plural,
  ref,
  text,
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
    out.push(
      f(
        `${text(a.project.name)} holds ${plural(a.project.files, 'file')} with ${num(total)} lines of code${top.length ? `, mostly ${joinSome(top, 3)}` : ''}.`,
      ),
    );
    const id = a.identity;
    if (id?.purpose)
      out.push(
        f(`It is ${kindPhrase(id)}: ${text(plainProse(id.purpose.text))}`, [
          ref(id.purpose.source.path, id.purpose.source.line),
        ]),
      );
    else if (id) out.push(f(`It is ${kindPhrase(id)}.`));
    // what the product runs on: a framework only an example or a test uses is not the project's
    const runsOn = a.frameworks.filter((x) => x.category !== 'test' && (!x.area || x.area === 'product'));
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

/** The languages and lines of code the team wrote, without generated or vendored files. */
function written(a: Analysis): { languages: LanguageStat[]; code: number } {
  const languages = writtenLanguages(a.languages);
  return { languages, code: a.project.lines.code - (a.linesByRole?.generated?.code ?? 0) };
}

export function writeOverview({ a, fx, projectName, workspace }: WriterContext): string {
  const { languages, code: total } = written(a);
  const l = { code: total };
  const langs = languages.filter((x) => !NON_CODE_LANGUAGES.has(x.language)).slice(0, 3);
  const fw = a.frameworks.filter((f) => f.category !== 'test' && (!f.area || f.area === 'product'));
  // What it is first: the project's own sentence about itself (never README badges or notices),
  // then its kind, its size as a product and how it is used.
  const id = a.identity;
  const purpose = purposeParagraph(a, workspace);
  const prose = purpose ? null : readmeProse(a);
  const lead = purpose
    ? `${purpose.sentences.map(text).join(' ')} (${cite(purpose.path, purpose.line)})`
    : prose
      ? `In the words of its README (${cite(prose.path)}): “${text(prose.text)}”`
      : `${text(projectName)} has no description of itself in its README or manifest, so this overview is drawn from the code.`;
  const identity = id
    ? [
        `${text(projectName)} is ${kindPhrase(id)}.`,
        productSize(a),
        surfaceSentence(id, usageCounts(a, workspace)),
        id.entryPoints.length
          ? `It is entered at ${joinSome(
              id.entryPoints.slice(0, 3).map((e) => `${cite(e.path, e.line)} (${text(e.how)})`),
              3,
            )}.`
          : null,
      ]
        .filter(Boolean)
        .join(' ')
    : '';
  const size = pick(
    [
      `The code base spans ${plural(a.project.files, 'file')} and ${num(l.code)} lines of code${langs[0] ? `, ${pct(langs[0].code, l.code, 0)} of them ${langs[0].language}` : ''}.`,
      `With ${num(l.code)} lines of code across ${plural(a.project.files, 'file')}, it is ${l.code < 5_000 ? 'a small' : l.code < 50_000 ? 'a medium-sized' : 'a large'} code base${langs[0] ? ` written mainly in ${langs[0].language}` : ''}.`,
    ],
    l.code,
  );
  const facts: string[] = [];
  if (langs.length)
    facts.push(
      `**Languages:** ${joinSome(
        langs.map((x) => `${text(x.language)} (${num(x.code)} lines)`),
        3,
      )}`,
    );
  if (fw.length)
    facts.push(
      `**Frameworks:** ${joinSome(
        fw.map((f) => text(`${f.name}${f.version ? ` ${f.version}` : ''}`)),
        5,
      )}`,
    );
  // The product's own dependencies: an example's manifest declares what the example needs.
  const own = (d: { area?: string }) => !d.area || d.area === 'product';
  const ownManifests = [...new Set(a.dependencies.filter(own).map((d) => d.manifest))];
  if (ownManifests.length)
    facts.push(
      `**Dependencies:** ${num(fx.runtimeDeps.filter(own).length)} runtime, ${num(fx.devDeps.filter(own).length)} development, from ${joinSome(
        ownManifests.map((m) => cite(m)),
        3,
      )}`,
    );
  // The product's routes only: an example app's routes are not the project's API.
  const routes = a.routes.filter((r) => !r.area || r.area === 'product');
  if (routes.length)
    facts.push(
      `**HTTP API:** ${plural(routes.length, 'route')}, e.g. ${code(`${routes[0]!.method} ${routes[0]!.path}`)} at ${cite(routes[0]!.file, routes[0]!.line)}`,
    );
  else if (!id || id.kind === 'application') facts.push('**HTTP API:** none found');
  facts.push(
    fx.testFiles.length
      ? `**Tests:** ${plural(fx.testFiles.length, 'file')}, ${plural(a.tests.totalCases, 'case')}${a.tests.frameworks.length ? ` (${a.tests.frameworks.map(text).join(', ')})` : ''}`
      : '**Tests:** none found',
  );
  if (a.license)
    facts.push(
      `**Licence:** ${a.license.spdx ? text(a.license.spdx) : 'unrecognised text'} (${cite(a.license.path)})`,
    );
  if (a.git)
    facts.push(
      `**History:** ${plural(a.git.commits, 'commit')} by ${plural(a.git.authors.length, 'author')}${a.git.lastCommit ? `, last on ${a.git.lastCommit.slice(0, 10)}` : ''}`,
    );
  return paragraphs(lead, identity, mechanismDigest(a), size, bullets(facts));
}
