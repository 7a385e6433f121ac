// Technology stack: languages table and frameworks with versions and where they were detected.

import { writtenLanguages } from '../../analyse/languages.ts';
import { NON_CODE_LANGUAGES } from '../facts.ts';
import { wants, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  evidence,
  joinSome,
  num,
  paragraphs,
  pct,
  plural,
  sentence,
  table,
  text,
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
    const langs = writtenLanguages(a.languages).filter((l) => !NON_CODE_LANGUAGES.has(l.language));
    const out: Finding[] = langs.length
      ? [
          f(
            `${joinSome(
              langs.map((l) => `${text(l.language)} (${plural(l.files, 'file')}, ${num(l.code)} lines)`),
              3,
            )} ${agree(langs.length, 'makes', 'make')} up the code.`,
            [],
            'languages',
          ),
        ]
      : [];
    if (a.frameworks.length)
      out.push(
        f(
          `Detected frameworks: ${joinSome(
            a.frameworks.map((fw) => text(`${fw.name}${fw.version ? ` ${fw.version}` : ''}`)),
            4,
          )}.`,
          a.frameworks.slice(0, 2).map((fw) => fw.evidence),
          'frameworks',
        ),
      );
    return out;
  },
  writer: writeTechnology,
});

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
    const lead = languages[0]!;
    parts.push(
      `${text(lead.language)} carries ${pct(lead.code, l.code, 0)} of the ${num(l.code)} lines of code${
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
        `The table leaves out ${plural(generated.length, 'generated or vendored file')} (${num(
          generated.reduce((n, f) => n + f.code, 0),
        )} lines), which a build wrote or which were copied in: ${joinSome(
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
          pct(x.code, l.code),
        ]),
        ['l', 'r', 'r', 'r', 'r', 'r'],
      ),
    );
  } else parts.push('No source files in a recognised programming language were found.');
  if (!wants(ctx, 'frameworks')) {
    // not this section's aspect
  } else if (a.frameworks.length) {
    parts.push(`Frameworks and major libraries detected:`);
    parts.push(
      table(
        ['Framework', 'Category', 'Version', 'Found in'],
        a.frameworks.map((f) => [
          text(f.name),
          text(f.category),
          f.version ? text(f.version) : '—',
          evidence(fx, f.evidence),
        ]),
      ),
    );
  } else
    parts.push(
      sentence(
        'No framework was detected',
        '; the project uses its languages’ standard libraries and the dependencies listed in the dependencies section',
      ),
    );
  const eco = [...new Set(a.manifests.map((m) => m.ecosystem))];
  if (wants(ctx, 'frameworks') && eco.length)
    parts.push(
      `Package management: ${joinSome(
        eco.map(
          (e) =>
            `${text(e)} (${joinSome(
              a.manifests.filter((m) => m.ecosystem === e).map((m) => cite(m.path)),
              3,
            )})`,
        ),
        4,
      )}.`,
    );
  return paragraphs(...parts);
}
