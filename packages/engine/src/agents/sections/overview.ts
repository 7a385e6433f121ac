// Overview / executive summary: what the project is, its size, languages, frameworks and surface.

import { NON_CODE_LANGUAGES } from '../facts.ts';
import type { WriterContext } from '../writers/context.ts';
import { bullets, cite, clipSentences, code, joinSome, num, paragraphs, pct, pick, plural, ref, text } from '../writers/markdown.ts';
import { api } from './api.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';
import { testing } from './testing.ts';

export const overview = defineSection({
  kind: 'overview',
  keywords: ['executive summary', 'summary', 'introduction', 'overview', 'abstract', 'about', 'background', 'purpose', 'scope', 'preface', 'project description', 'at a glance', 'context'],
  evidence: ['project', 'docs.readme', 'languages', 'frameworks', 'dependencies', 'routes', 'tests', 'license'],
  analyst(a) {
    const out: Finding[] = [];
    const top = a.languages.filter((l) => !NON_CODE_LANGUAGES.has(l.language)).slice(0, 3).map((l) => `${text(l.language)} (${pct(l.code, a.project.lines.code, 0)})`);
    out.push(f(`${text(a.project.name)} holds ${plural(a.project.files, 'file')} with ${num(a.project.lines.code)} lines of code${top.length ? `, mostly ${joinSome(top, 3)}` : ''}.`));
    if (a.docs.readme?.summary) out.push(f(`The README describes it as: "${text(clipSentences(a.docs.readme.summary, 240))}"`, [ref(a.docs.readme.path)]));
    const fw = a.frameworks.filter((x) => x.category !== 'test').map((x) => text(x.name));
    if (fw.length) out.push(f(`It is built on ${joinSome(fw, 4)}.`, a.frameworks.slice(0, 3).map((x) => x.evidence)));
    return out.concat(api.analyst(a).slice(0, 1), testing.analyst(a).slice(0, 1));
  },
  writer: writeOverview,
});

export function writeOverview({ a, fx, projectName }: WriterContext): string {
  const l = a.project.lines;
  const langs = a.languages.filter((x) => !NON_CODE_LANGUAGES.has(x.language)).slice(0, 3);
  const readme = a.docs.readme;
  const fw = a.frameworks.filter((f) => f.category !== 'test');
  const lead = readme?.summary
    ? `${readme.title ? `**${text(readme.title)}**` : text(projectName)} — in the words of its README (${cite(readme.path)}): “${text(readme.summary.trim())}”`
    : `${text(projectName)} has no README summary, so this overview is drawn from the code itself.`;
  const size = pick(
    [
      `The code base spans ${plural(a.project.files, 'file')} and ${num(l.code)} lines of code${langs[0] ? `, ${pct(langs[0].code, l.code, 0)} of them ${langs[0].language}` : ''}.`,
      `With ${num(l.code)} lines of code across ${plural(a.project.files, 'file')}, it is ${l.code < 5_000 ? 'a small' : l.code < 50_000 ? 'a medium-sized' : 'a large'} code base${langs[0] ? ` written mainly in ${langs[0].language}` : ''}.`,
    ],
    l.code,
  );
  const facts: string[] = [];
  if (langs.length) facts.push(`**Languages:** ${joinSome(langs.map((x) => `${text(x.language)} (${num(x.code)} lines)`), 3)}`);
  if (fw.length) facts.push(`**Frameworks:** ${joinSome(fw.map((f) => text(`${f.name}${f.version ? ` ${f.version}` : ''}`)), 5)}`);
  if (a.dependencies.length) facts.push(`**Dependencies:** ${num(fx.runtimeDeps.length)} runtime, ${num(fx.devDeps.length)} development, from ${joinSome(a.manifests.map((m) => cite(m.path)), 3)}`);
  facts.push(a.routes.length ? `**HTTP API:** ${plural(a.routes.length, 'route')}, e.g. ${code(`${a.routes[0]!.method} ${a.routes[0]!.path}`)} at ${cite(a.routes[0]!.file, a.routes[0]!.line)}` : `**HTTP API:** none found`);
  facts.push(fx.testFiles.length ? `**Tests:** ${plural(fx.testFiles.length, 'file')}, ${plural(a.tests.totalCases, 'case')}${a.tests.frameworks.length ? ` (${a.tests.frameworks.map(text).join(', ')})` : ''}` : '**Tests:** none found');
  if (a.license) facts.push(`**Licence:** ${a.license.spdx ? text(a.license.spdx) : 'unrecognised text'} (${cite(a.license.path)})`);
  if (a.git) facts.push(`**History:** ${plural(a.git.commits, 'commit')} by ${plural(a.git.authors.length, 'author')}${a.git.lastCommit ? `, last on ${a.git.lastCommit.slice(0, 10)}` : ''}`);
  return paragraphs(lead, size, bullets(facts));
}
