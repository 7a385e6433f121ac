// Conclusion: strengths and concrete, prioritised recommendations derived from the findings.

import { shapeRank } from '../../analyse/package-roles.ts';
import { notNeededToRun, projectModel } from '../model.ts';
import { isDevContainer } from '../../analyse/containers.ts';
import { NON_CODE_LANGUAGES } from '../facts.ts';
import { kindPhrase, testPlaces } from '../identity-text.ts';
import { featurePhrases, pluginFamily, productFeatures } from '../product-features.ts';
import { recommendations } from '../recommendations.ts';
import { toldElsewhere, type WriterContext } from '../writers/context.ts';
import {
  citeRef,
  code,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  plural,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import { isChecksumFile } from '../facts.ts';
import { defineSection, finding as f } from './define.ts';

export const conclusion = defineSection({
  kind: 'conclusion',
  keywords: [
    'key findings',
    'main findings',
    'recommendations',
    'conclusion',
    'conclusions',
    'next steps',
    'roadmap',
    'future work',
    'outlook',
    'summary of findings',
    'closing remarks',
    'improvements',
    'action items',
    'final remarks',
    'recommendation',
    'suggestions',
    'way forward',
  ],
  aspects: [
    ['key findings', 'key-findings'],
    ['main findings', 'key-findings'],
    ['summary of findings', 'key-findings'],
  ],
  evidence: ['findings of every kind'],
  analyst(a) {
    return recommendations(a).map((r) => f(r.text, r.citations));
  },
  writer: writeConclusion,
});

/** Areas whose frameworks the product does not run on (a manifest's 'build' area still does). */
const APART = new Set([
  'examples',
  'tests',
  'docs',
  'benchmarks',
  'fixtures',
  'playground',
  'scripts',
  'unpublished',
]);

const KEY_KINDS = [
  'technology',
  'api',
  'dependencies',
  'testing',
  'build-deploy',
  'security',
  'known-issues',
] as const;

/**
 * What the summary's overview already tells, in its paragraphs and its list of facts: the product's
 * languages and frameworks, its interface, its dependencies and its tests.
 */
const OVERVIEW_TELLS = new Set<string>(['technology', 'api', 'dependencies', 'testing']);

/** "Key findings": the leading finding of each major kind, cited, as a scannable list. */
function keyFindings(ctx: WriterContext): string {
  const { allFindings } = ctx;
  // a finding the overview beside it already gives would be the same fact said twice
  const overview = toldElsewhere(ctx, 'overview');
  const items: string[] = [];
  for (const k of KEY_KINDS) {
    if (overview && OVERVIEW_TELLS.has(k)) continue;
    const f = allFindings[k]?.[0];
    if (!f) continue;
    const c = f.citations[0];
    items.push(`- ${f.statement}${when(c, ` (${citeRef(c ?? '')})`)}`);
  }
  // the list speaks for itself: an announcing sentence would say nothing of the project
  return items.join('\n');
}

export function writeConclusion(ctx: WriterContext): string {
  if (ctx.plan.focus === 'key-findings') return keyFindings(ctx);
  const { a, fx, projectName } = ctx;
  const strengths: string[] = [];
  const m = projectModel(a);
  if (m.tests.value.files.length)
    strengths.push(`${plural(m.tests.value.cases, 'test case')} in ${testPlaces(a)}`);
  const hosted = unique(a.ci.filter((c) => c.provider !== 'CI script').map((c) => text(c.provider)));
  if (a.ci.length) strengths.push(hosted.length ? `CI on ${joinSome(hosted, 2)}` : 'a CI script');
  if (a.docs.readme) strengths.push('a README');
  const licence = m.licence.value;
  if (licence) strengths.push(licence.spdx ? `a licence (${text(licence.spdx)})` : 'a licence');
  // a checksum file (go.sum) verifies downloads and fixes no version: it is named as what it is
  const locks = fx.lockfiles.filter((p) => !isChecksumFile(p));
  if (locks.length === 1) strengths.push(`a committed lockfile (${code(locks[0]!)})`);
  else if (locks.length) strengths.push('committed lockfiles');
  else if (fx.lockfiles.length) strengths.push(`committed module checksums (${code(fx.lockfiles[0]!)})`);
  // a container build is a Dockerfile that packages the product: a development environment's image
  // (dev container, Gitpod) or a compose file running stock database images builds nothing of it
  if (a.containers.some((c) => c.kind === 'dockerfile' && !isDevContainer(c.path)))
    strengths.push('a container build');
  if (!a.secrets.length) strengths.push('no hard-coded secrets');
  const recs = recommendations(a);
  const lang = a.languages[0];
  // what the product serves and runs on: an example app's routes and framework are not the product's
  const routes = a.routes.filter((r) => !r.area || r.area === 'product');
  // the web framework before the interface it runs on, before a router or template engine
  const own = a.frameworks
    .filter((f) => (!f.area || !APART.has(f.area)) && !notNeededToRun(a, f))
    .sort((x, y) => shapeRank(x.role) - shapeRank(y.role));
  // a web framework first, then a frontend one, never a driver or a test tool
  const main =
    own.find((f) => f.category === 'web') ??
    own.find((f) => f.category === 'frontend') ??
    own.find(
      (f) =>
        f.category !== 'test' && f.category !== 'build' && f.category !== 'data' && f.category !== 'other',
    );
  // what it is and how big the product is, before what it already does well
  // the product base every chapter states
  const product = { code: fx.productFiles.reduce((n, f) => n + f.code, 0) };
  const byLang = new Map<string, number>();
  for (const f of fx.productFiles)
    if (f.language && !NON_CODE_LANGUAGES.has(f.language))
      byLang.set(f.language, (byLang.get(f.language) ?? 0) + f.code);
  const top = [...byLang].sort((x, y) => y[1] - x[1])[0];
  const productLang = top ? { language: top[0] } : undefined;
  // the product's own lines when the roles are known, else the whole code base's
  const [lines, mainLang] = product?.code ? [product.code, productLang] : [a.project.lines.code, lang];
  // "mainly" only where another language shares the product: all of it in one is told as such, as the
  // overview tells it ("all of them JavaScript")
  const alone = !!top && product.code > 0 && byLang.size === 1 && top[1] === product.code;
  const size = alone
    ? `${num(lines)} lines of ${text(top[0])}`
    : `${num(lines)} lines of code${when(mainLang, `, mainly ${text(mainLang?.language ?? '')}`)}`;
  const on = when(main, ` on ${text(main?.name ?? '')}`);
  const builtOn = when(main, `, built on ${text(main?.name ?? '')}`);
  const serves = routes.length ? `, serving ${plural(routes.length, 'HTTP route')}${on}` : builtOn;
  const what = a.identity
    ? `${text(projectName)} is ${kindPhrase(a.identity)}; its product is ${size}${serves}.`
    : `${text(projectName)} is a code base of ${size}${serves}.`;
  // what a user gets from it: where its work goes out and the features beyond its records
  const productPaths = new Set(fx.productFiles.map((f) => f.path));
  const family = pluginFamily(a, productPaths);
  const plugins =
    family?.kind &&
    `it works through ${plural(family.kind.n, 'plug-in package')} under ${code(family.dir)}, each a subclass of ${code(family.kind.type.name)}${when(
      family.kind.type.subclassed?.open?.doc,
      ` (its ${code(`${family.kind.type.subclassed?.open?.name}()`)}: “${text(family.kind.type.subclassed?.open?.doc?.replace(/[.!?]?$/, '.') ?? '')}”)`,
    )}`;
  const features = featurePhrases(productFeatures(a, productPaths), false);
  const offers = features.length >= 2 ? `it offers ${joinAnd(features)}` : null;
  const gets = when(plugins || offers, ` ${[plugins, offers].filter(Boolean).join('; ')}.`).replace(
    /^ i/,
    ' I',
  );
  const head = `${what}${gets}${when(strengths.length, ` It already has ${joinSome(strengths, 6)}.`)}`;
  const allGood =
    'The code gave no grounds for a recommendation: nothing found in the product is a concrete risk ' +
    'that a change would remove.';
  if (!recs.length) return paragraphs(head, allGood);
  const cited = (r: (typeof recs)[number]) =>
    when(r.citations.length, ` (${r.citations.map((c) => citeRef(c)).join(', ')})`);
  const items = recs.slice(0, 8).map((r, i) => `${i + 1}. ${r.text}${cited(r)}`);
  return paragraphs(head, `Recommended next steps, most important first:`, items.join('\n'));
}
