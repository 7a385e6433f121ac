// Architecture: modules and how they depend on each other, entry points, runtime shape.

import { factsOf } from '../facts.ts';
import { mechanismFindings, mechanismParts } from '../how-it-works.ts';
import { entrySentence, howItWorks, usageCounts } from '../identity-text.ts';
import { wants, type WriterContext } from '../writers/context.ts';
import type { ContainerInfo } from '../../analyse/types.ts';
import {
  agree,
  bullets,
  cite,
  code,
  evidence,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';

export const architecture = defineSection({
  kind: 'architecture',
  keywords: [
    'system architecture',
    'architecture',
    'design',
    'system design',
    'high level design',
    'module dependencies',
    'dependency graph',
    'layers',
    'layering',
    'topology',
    'patterns',
    'data flow',
    'control flow',
    'how it works',
    'internals',
    'mechanism',
    'request flow',
    'request lifecycle',
    'execution flow',
    'call flow',
  ],
  aspects: [
    ['module dependencies', 'modules'],
    ['dependency graph', 'modules'],
    ['modules', 'modules'],
    ['layers', 'modules'],
    ['entry point', 'entry-points'],
    ['entrypoint', 'entry-points'],
    ['startup', 'entry-points'],
    ['bootstrap', 'entry-points'],
    ['how it works', 'flow'],
    ['internals', 'flow'],
    ['mechanism', 'flow'],
    ['request flow', 'flow'],
    ['request lifecycle', 'flow'],
    ['execution flow', 'flow'],
    ['call flow', 'flow'],
    ['control flow', 'flow'],
    ['data flow', 'flow'],
  ],
  evidence: ['moduleGraph', 'tree', 'entryPoints', 'frameworks', 'containers', 'imports'],
  analyst(a) {
    const fx = factsOf(a);
    // how it works leads: the chapter's first finding opens its introduction
    const out: Finding[] = mechanismFindings(a);
    if (a.moduleGraph.nodes.length)
      out.push(
        f(
          sentence(
            `The module graph has ${plural(a.moduleGraph.nodes.length, 'module')}`,
            ` and ${plural(a.moduleGraph.edges.length, 'dependency edge')}`,
          ),
          [],
          'modules',
        ),
      );
    if (fx.fanIn[0])
      out.push(
        f(
          sentence(
            `${text(fx.fanIn[0].module)} is the most depended-on module`,
            ` (${plural(fx.fanIn[0].weight, 'import')} from other modules)`,
          ),
          [],
          'modules',
        ),
      );
    const mains = a.entryPoints.filter((e) => e.kind === 'main' || e.kind === 'bin');
    const productEntries = a.identity?.entryPoints ?? [];
    if (productEntries.length)
      out.push(
        f(
          `Use of the product begins at ${joinSome(
            productEntries.map((e) => `${text(e.path)} (${text(e.how)})`),
            3,
          )}.`,
          productEntries.slice(0, 3).map((e) => ref(e.path, e.line)),
          'entry-points',
        ),
      );
    else if (fx.launchers.length)
      out.push(
        f(
          `Execution starts at ${joinSome(
            fx.launchers.map((l) => `${text(l.file)} (${text(l.script)})`),
            3,
          )}.`,
          fx.launchers.slice(0, 3).map((l) => ref(l.path, l.line)),
          'entry-points',
        ),
      );
    else if (mains.length)
      out.push(
        f(
          `Execution starts at ${joinSome(
            mains.map((e) => text(e.command ?? e.path)),
            3,
          )}.`,
          mains.slice(0, 3).map((e) => ref(e.path, e.line)),
          'entry-points',
        ),
      );
    if (a.containers.length)
      out.push(
        f(
          `It is packaged in ${plural(a.containers.length, 'container definition')}.`,
          a.containers.map((c) => ref(c.path)),
          'entry-points',
        ),
      );
    return out;
  },
  writer: writeArchitecture,
});

export function writeArchitecture(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const g = a.moduleGraph;
  const parts: string[] = [];
  // a title about internals or flow gets the mechanism alone: entry, central types, traced calls
  if (ctx.plan.focus === 'flow') {
    const flow = mechanismParts(a);
    return paragraphs(
      ...(flow.length ? [entrySentence(a), ...flow] : howItWorks(a, usageCounts(a, ctx.workspace))),
    );
  }
  // How it works first: from the entry points through the central files to the public API.
  if (!ctx.plan.focus || ctx.plan.focus === 'modules')
    parts.push(...howItWorks(a, usageCounts(a, ctx.workspace)));
  // the product's own: an example app's web framework and routes are not what the product serves
  const own = (x: { area?: string }) => !x.area || x.area === 'product';
  const web = a.frameworks.filter((f) => (f.category === 'web' || f.category === 'frontend') && own(f));
  const productRoutes = a.routes.filter(own);
  if (wants(ctx, 'modules') && web.length) {
    const frameworks = joinSome(
      web.map((f) => `${text(f.name)} (${evidence(fx, f.evidence)})`),
      3,
    );
    const serves = when(productRoutes.length, `, which serves ${plural(productRoutes.length, 'HTTP route')}`);
    parts.push(sentence(`The runtime shape is set by ${frameworks}`, serves));
  }
  if (!wants(ctx, 'modules')) {
    // not this section's aspect
  } else if (g.nodes.length) {
    const edges = g.edges.filter((e) => e.from !== e.to).sort((x, y) => y.weight - x.weight);
    const [fanIn, fanOut] = [fx.fanIn[0], fx.fanOut[0]];
    const links = plural(edges.length, 'internal dependency', 'internal dependencies');
    const grouped = `Grouped by directory, the code forms ${plural(g.nodes.length, 'module')} connected by ${links}.`;
    const most = fanIn
      ? ` The most depended-on module is ${code(fanIn.module)} (${plural(fanIn.weight, 'import')} from elsewhere)`
      : '';
    const reach = fanOut
      ? `; ${code(fanOut.module)} reaches out the most (${plural(fanOut.weight, 'import')})`
      : '';
    // the fan-in and fan-out clauses make a second sentence; without them the first stands alone
    parts.push(most || reach ? `${grouped}${most}${reach}.` : grouped);
    parts.push(
      table(
        ['Module', 'Files', 'Lines of code', 'Depends on'],
        [...g.nodes]
          .sort((x, y) => y.lines - x.lines)
          .slice(0, 15)
          .map((n) => [
            code(n.id),
            n.files,
            num(n.lines),
            joinSome(
              edges.filter((e) => e.from === n.id).map((e) => code(e.to)),
              4,
            ) || '—',
          ]),
        ['l', 'r', 'r', 'l'],
      ),
    );
    if (edges.length)
      parts.push(
        `Strongest dependencies: ${joinSome(
          edges.slice(0, 5).map((e) => `${code(e.from)} → ${code(e.to)} (${e.weight})`),
          5,
        )}.`,
      );
    const cycles = edges.filter(
      (e) => edges.some((r) => r.from === e.to && r.to === e.from) && e.from < e.to,
    );
    if (cycles.length)
      parts.push(
        `Two-way dependencies, which couple modules tightly: ${joinSome(
          cycles.map((e) => `${code(e.from)} ↔ ${code(e.to)}`),
          4,
        )}.`,
      );
  } else {
    const folders = joinSome(
      a.tree.children.map((d) => code(`${d.name}/`)),
      6,
    );
    const top = folders || 'absent (all files sit at the root)';
    parts.push(`No internal imports link the files into modules; the top-level directories are ${top}.`);
  }
  const entries = a.entryPoints.filter((e) =>
    ['main', 'bin', 'export', 'dockerfile', 'compose-service', 'procfile'].includes(e.kind),
  );
  const launched = fx.launchers.slice(0, 6);
  if (wants(ctx, 'entry-points') && launched.length) {
    const by = (kind: string) =>
      kind === 'npm-script' ? 'script' : kind === 'make-target' ? 'make target' : 'process';
    const how = (l: (typeof launched)[number]) =>
      l.kind === 'html-script'
        ? `loaded by the page ${cite(l.path, l.line)}`
        : `started by the ${code(l.script)} ${by(l.kind)} (${cite(l.path, l.line)})`;
    const pages = when(
      launched.some((l) => l.kind === 'html-script'),
      ' and pages',
    );
    const starts = `Execution starts in ${plural(launched.length, 'source file')} that the project's own scripts${pages} run:`;
    parts.push(`${starts}\n\n${bullets(launched.map((l) => `${cite(l.file)}, ${how(l)}`))}`);
  }
  if (ctx.plan.focus === 'entry-points' && !entries.length && !launched.length) {
    const scripts = joinSome(
      a.entryPoints.map((e) => code(e.name)),
      4,
    );
    const ways = a.entryPoints.length
      ? `the ${plural(a.entryPoints.length, 'script')} (${scripts}) are the ways in`
      : 'the files are run directly';
    parts.push(
      sentence(
        'No main module, binary, Dockerfile, compose service or Procfile declares where execution starts; ',
        ways,
      ),
    );
  }
  const KIND: Record<string, string> = {
    main: 'package main',
    export: 'package export',
    bin: 'command',
    dockerfile: 'container start',
    'compose-service': 'compose service',
    procfile: 'Procfile process',
  };
  const entry = (e: (typeof entries)[number]) => {
    const verb = e.kind === 'export' ? 'resolves to' : 'runs';
    const command = when(e.command, ` ${verb} ${code(e.command ?? '')}`);
    return `${KIND[e.kind] ?? text(e.kind)} ${code(e.name)}${command} (${cite(e.path, e.line)})`;
  };
  if (wants(ctx, 'entry-points') && entries.length) {
    // beside the launched files above, these are the ones the manifests declare
    const heading = launched.length ? 'Declared entry points' : 'Entry points';
    parts.push(`${heading}:\n\n${bullets(entries.slice(0, 8).map(entry))}`);
  }
  if (wants(ctx, 'entry-points')) for (const c of a.containers) parts.push(container(c));
  return paragraphs(...parts);
}

/** "Dockerfile `Dockerfile` builds on `node:20` and exposes port 3000." */
function container(c: ContainerInfo): string {
  const images = joinSome(
    c.baseImages.map((b) => code(b)),
    3,
  );
  const ports = `${agree(c.exposedPorts.length, 'port', 'ports')} ${c.exposedPorts.join(', ')}`;
  return sentence(
    `${c.kind === 'compose' ? 'Compose file' : 'Dockerfile'} ${cite(c.path)}`,
    when(c.baseImages.length, ` builds on ${images}`),
    when(c.exposedPorts.length, ` and exposes ${ports}`),
    when(c.services?.length, ` with services ${joinSome(c.services?.map(code) ?? [], 5)}`),
  );
}
