// Dependencies: per-manifest counts, runtime and development tables with declaring lines, version risks.

import type { Analysis, Dependency } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  countBy,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';

export const dependencies = defineSection({
  kind: 'dependencies',
  keywords: [
    'dependencies',
    'third party',
    'third-party',
    'libraries',
    'packages used',
    'external dependencies',
    'supply chain',
    'open source components',
    'sbom',
    'licences',
    'licenses',
    'dependency',
    'library',
    'third party libraries',
  ],
  evidence: ['dependencies', 'manifests', 'files (lockfiles)'],
  analyst(a) {
    const fx = factsOf(a);
    const out: Finding[] = [];
    if (a.dependencies.length) {
      out.push(
        f(
          sentence(
            `${declared(a)} ${agree(a.dependencies.length, 'is', 'are')} declared in ${plural(a.manifests.length, 'manifest')}`,
            `: ${num(fx.runtimeDeps.length)} runtime and ${num(fx.devDeps.length)} for development or tests`,
          ),
          a.manifests.map((m) => ref(m.path)),
        ),
      );
      const d = fx.runtimeDeps[0];
      if (d)
        out.push(
          f(
            `Runtime dependencies include ${joinSome(
              fx.runtimeDeps.map((x) => text(`${x.name} ${x.version}`)),
              4,
            )}.`,
            fx.runtimeDeps.slice(0, 4).map((x) => ref(x.manifest, x.line)),
          ),
        );
      if (fx.looseDeps.length)
        out.push(
          f(
            `${plural(fx.looseDeps.length, 'dependency', 'dependencies')} ${agree(fx.looseDeps.length, 'has', 'have')} no upper version bound (${joinSome(
              fx.looseDeps.map((x) => text(x.name)),
              3,
            )}).`,
            fx.looseDeps.slice(0, 3).map((x) => ref(x.manifest, x.line)),
          ),
        );
      if (!fx.lockfiles.length) out.push(f('No lockfile was found, so installs are not reproducible.'));
    } else out.push(f('No dependency manifest was found.'));
    return out;
  },
  writer: writeDependencies,
});

const MAX_ROWS = 40;

function rows(ds: Dependency[]) {
  return ds
    .slice(0, MAX_ROWS)
    .map((d) => [code(d.name), code(d.version), text(d.ecosystem), text(d.scope), cite(d.manifest, d.line)]);
}

export function writeDependencies({ a, fx }: WriterContext): string {
  if (!a.dependencies.length) {
    const manifests = joinSome(
      a.manifests.map((m) => cite(m.path)),
      3,
    );
    const standardOnly = sentence(
      `The ${plural(a.manifests.length, 'manifest')} (${manifests}) declare no third-party dependencies`,
      ': the project relies on its languages’ standard libraries only',
    );
    const noManifest = sentence(
      'No package manifest (package.json, requirements.txt, pyproject.toml, go.mod, Cargo.toml, pom.xml, ',
      'build.gradle, composer.json, Gemfile or .csproj) was found',
      ` among the ${plural(a.project.files, 'file')}, so no third-party dependencies are declared`,
    );
    return a.manifests.length ? standardOnly : noManifest;
  }
  const parts: string[] = [];
  const perManifest = countBy(a.dependencies, (d) => d.manifest);
  const byManifest = joinSome(
    perManifest.map(([m, n]) => `${cite(m)} (${n})`),
    6,
  );
  const split = `${num(fx.runtimeDeps.length)} needed at run time and ${num(fx.devDeps.length)} for development, tests or builds`;
  parts.push(
    `${declared(a)} ${agree(a.dependencies.length, 'is', 'are')} declared: ${split}. By manifest: ${byManifest}.`,
  );
  if (fx.runtimeDeps.length)
    parts.push(
      `**Runtime dependencies**`,
      table(['Package', 'Version', 'Ecosystem', 'Scope', 'Declared at'], rows(fx.runtimeDeps)),
    );
  if (fx.runtimeDeps.length > MAX_ROWS)
    parts.push(`…and ${num(fx.runtimeDeps.length - MAX_ROWS)} more runtime dependencies.`);
  if (fx.devDeps.length)
    parts.push(
      `**Development and test dependencies**`,
      table(['Package', 'Version', 'Ecosystem', 'Scope', 'Declared at'], rows(fx.devDeps)),
    );
  if (fx.devDeps.length > MAX_ROWS)
    parts.push(`…and ${num(fx.devDeps.length - MAX_ROWS)} more development dependencies.`);
  const notes: string[] = [];
  const exact = a.dependencies.filter((d) => /^(==|=)?v?\d+(\.\d+)*([-+][\w.]+)?$/.test(d.version.trim()));
  const ranged = a.dependencies.filter((d) => /^[~^]/.test(d.version)).length;
  notes.push(
    sentence(
      `${plural(exact.length, 'version')} of ${num(a.dependencies.length)} ${agree(exact.length, 'is', 'are')} pinned exactly`,
      `; ${num(ranged)} use caret or tilde ranges`,
    ),
  );
  if (fx.looseDeps.length)
    notes.push(
      `Unbounded versions (${joinSome(
        fx.looseDeps.map((d) => `${code(d.name)} ${code(d.version)} at ${cite(d.manifest, d.line)}`),
        4,
      )}) can change under the project at any install.`,
    );
  notes.push(
    fx.lockfiles.length
      ? `Lockfiles pin the resolved tree: ${joinSome(
          fx.lockfiles.map((p) => cite(p)),
          4,
        )}.`
      : 'No lockfile is committed, so two installs may resolve different versions.',
  );
  const dupes = countBy(a.dependencies, (d) => `${d.ecosystem}:${d.name}`).filter(([, n]) => n > 1);
  if (dupes.length)
    notes.push(
      `${plural(dupes.length, 'package')} ${agree(dupes.length, 'is', 'are')} declared in more than one manifest: ${joinSome(
        dupes.map(([k]) => code(k.split(':').slice(1).join(':'))),
        5,
      )}; keeping their versions aligned avoids duplicate installs.`,
    );
  parts.push(notes.join(' '));
  return paragraphs(...parts);
}

/** "12 dependencies", the count every dependency sentence opens with. */
function declared(a: Analysis): string {
  return plural(a.dependencies.length, 'dependency', 'dependencies');
}
