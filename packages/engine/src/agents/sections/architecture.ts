// Architecture: modules and how they depend on each other, entry points, runtime shape.

import { shapeRank } from '../../analyse/package-roles.ts';
import { isDevContainer, namesServiceImage } from '../../analyse/containers.ts';
import { factsOf, nestedModules, optionalPeerOf } from '../facts.ts';
import { mechanismFindings, mechanismParts } from '../how-it-works.ts';
import { entrySentence, howItWorks, importedAs, usageCounts } from '../identity-text.ts';
import { toldElsewhere, wants, type WriterContext } from '../writers/context.ts';
import type { Analysis, ContainerInfo, DaemonLoop, EntryPoint } from '../../analyse/types.ts';
import { areaOf } from '../../analyse/identity/layout.ts';
import {
  agree,
  bullets,
  cite,
  code,
  evidence,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
  unique,
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
    // one module says nothing about structure; the components section names it
    const graph = fx.moduleUnits > 1;
    if (graph)
      out.push(
        f(
          sentence(
            `The product's module graph has ${plural(fx.modules.length, 'module')}`,
            ` and ${plural(fx.moduleEdges.length, 'dependency edge')}`,
          ),
          [],
          'modules',
        ),
      );
    if (graph && fx.fanIn[0])
      out.push(
        f(
          sentence(
            `${moduleName(fx.fanIn[0].module)} is the most depended-on module`,
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
          `Use of the product begins ${productEntries[0]!.call ? 'with' : 'at'} ${joinSome(
            productEntries.map((e) =>
              e.call ? `${code(e.call)} in ${text(e.path)}` : `${text(e.path)} (${text(e.how)})`,
            ),
            3,
          )}${importedAs(productEntries)}.`,
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
    const commands = productEntries.filter((e) => e.how.startsWith('Django management command'));
    if (commands.length)
      out.push(
        f(
          `${plural(commands.length, 'Django management command')} run${commands.length === 1 ? 's' : ''} beside the web application as \`manage.py <name>\`: ${joinSome(
            commands.map((e) => code(e.path.replace(/^.*\//, '').replace(/\.py$/, ''))),
            6,
          )}.`,
          commands.slice(0, 3).map((e) => ref(e.path, e.line)),
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

/** From this many entries of one kind, the entries are told as one group with a few examples. */
const GROUP = 4;

/**
 * Items sharing a non-empty key, when there are at least GROUP of them, as one group where the first
 * of them stands; every other item alone, in its place.
 */
function groupedBy<T>(items: T[], key: (x: T) => string): T[][] {
  const out: T[][] = [];
  const at = new Map<string, T[]>();
  for (const x of items) {
    const k = key(x);
    const g = k ? at.get(k) : undefined;
    if (g) g.push(x);
    else {
      const fresh = [x];
      out.push(fresh);
      if (k) at.set(k, fresh);
    }
  }
  // a small group is told entry by entry
  return out.flatMap((g) => (g.length >= GROUP ? [g] : g.map((x) => [x])));
}

type ProductEntry = NonNullable<Analysis['identity']>['entryPoints'][number];

/** "Django management command (manage.py sendalerts)": the kind, and the name in parentheses. */
function entryParts(how: string): { kind: string; name?: string } {
  const open = how.lastIndexOf(' (');
  return open > 0 && how.endsWith(')')
    ? { kind: how.slice(0, open), name: how.slice(open + 2, -1) }
    : { kind: how };
}
const entryKind = (how: string) => entryParts(how).kind;

function entryLine(e: ProductEntry): string {
  return `${cite(e.path, e.line)}: ${e.call ? `${code(e.call)}, ${text(e.how)}` : text(e.how)}`;
}

/**
 * Many entries of one kind as one line: "17 Django management commands: `manage.py sendalerts`, …"
 * when each names itself, else "73 files, one per package.json "exports" entry, such as …".
 */
function entryGroup(g: ProductEntry[]): string {
  const kind = entryKind(g[0]!.how);
  const names = g.flatMap((e) => entryParts(e.how).name ?? []);
  const where = joinSome(
    g.map((e) => cite(e.path, e.line)),
    3,
  );
  return names.length === g.length
    ? `${plural(g.length, text(kind))}: ${joinSome(names.map(code), 6)} (${where})`
    : `${plural(g.length, 'file')}, one per ${text(kind)} entry, such as ${where}`;
}

/** A module id as a reader names it: the root folder, or the folder's path. */
function moduleName(id: string): string {
  return id === '.' || id === '' ? 'The root folder' : text(id);
}

export function writeArchitecture(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const parts: string[] = [];
  // a title about internals or flow gets the mechanism alone: entry, central types, traced calls
  if (ctx.plan.focus === 'flow') {
    const flow = mechanismParts(a);
    return paragraphs(
      ...(flow.length ? [entrySentence(a), ...flow] : howItWorks(a, usageCounts(a, ctx.workspace))),
    );
  }
  // the entries are listed in full below, or in the report's own section on them; the key
  // components are the components section's to tell
  const entriesListed = wants(ctx, 'entry-points') || toldElsewhere(ctx, 'architecture', 'entry-points');
  // How it works first: from the entry points through the central files to the public API.
  if (!ctx.plan.focus || ctx.plan.focus === 'modules')
    parts.push(
      ...howItWorks(a, usageCounts(a, ctx.workspace), {
        entries: entriesListed && !!a.identity?.entryPoints.length,
        keyComponents: toldElsewhere(ctx, 'components'),
        publicApi: toldElsewhere(ctx, 'api'),
      }),
    );
  // the product's own: an example app's web framework and routes are not what the product serves
  const own = (x: { area?: string }) => !x.area || x.area === 'product';
  // a styling library shapes how pages look and a template engine how they are written, not what runs
  const web = a.frameworks
    .filter(
      (f) =>
        (f.category === 'web' || f.category === 'frontend') &&
        f.role !== 'styling' &&
        f.role !== 'templating' &&
        own(f) &&
        // an optional peer only some files import shapes those files, not the product
        !optionalPeerOf(a, f),
    )
    .sort((x, y) => shapeRank(x.role) - shapeRank(y.role));
  const productRoutes = a.routes.filter(own);
  const daemons = a.entryPoints.filter((e) => e.kind === 'daemon');
  if (wants(ctx, 'modules') && web.length) {
    const frameworks = joinSome(
      web.map((f) => `${text(f.name)} (${evidence(fx, f.evidence)})`),
      3,
    );
    // the product serves the routes, not the last framework named before them
    const serves = when(
      productRoutes.length,
      `; the product serves ${plural(productRoutes.length, 'HTTP route')}`,
    );
    parts.push(
      sentence(
        `The runtime shape is set by ${frameworks}`,
        serves,
        daemons.length ? `; beside it, ${daemonsClause(daemons)}` : '',
      ),
    );
  } else if (wants(ctx, 'modules') && daemons.length) {
    parts.push(sentence(daemonsClause(daemons)));
  }
  if (wants(ctx, 'modules')) parts.push(...loopSentences(daemons.slice(0, 2)));
  if (!wants(ctx, 'modules')) {
    // not this section's aspect
  } else if (fx.moduleUnits > 1) {
    const edges = [...fx.moduleEdges].sort((x, y) => y.weight - x.weight);
    const [fanIn, fanOut] = [fx.fanIn[0], fx.fanOut[0]];
    const links = plural(edges.length, 'internal dependency', 'internal dependencies');
    const grouped = `Grouped by directory, the product's code forms ${plural(fx.modules.length, 'module')} connected by ${links}.`;
    const named = (m: string) => (m === '.' || m === '' ? 'the root folder' : code(m));
    // a ranking of two modules only restates their edges: those are said as they are
    const pair = fx.modules.length === 2 && edges.length > 0;
    const most =
      fanIn && !pair
        ? ` The most depended-on module is ${named(fanIn.module)} (${plural(fanIn.weight, 'import')} from elsewhere)`
        : '';
    const reach =
      fanOut && !pair
        ? `; ${code(fanOut.module)} reaches out the most (${plural(fanOut.weight, 'import')})`
        : '';
    const direct = pair
      ? ` ${joinAnd(edges.map((e) => `${named(e.from)} imports ${named(e.to)} (${plural(e.weight, 'import')})`))}${
          edges.length === 1 ? `; ${named(edges[0]!.to)} imports nothing from ${named(edges[0]!.from)}` : ''
        }.`
      : '';
    const capital = (x: string) => x.replace(/^ (.)/, (_, c: string) => ` ${c.toUpperCase()}`);
    // the fan-in and fan-out clauses make a second sentence; without them the first stands alone
    parts.push(
      pair ? `${grouped}${capital(direct)}` : most || reach ? `${grouped}${most}${reach}.` : grouped,
    );
    parts.push(
      table(
        ['Module', 'Files', 'Lines of code', 'Depends on'],
        fx.modules.slice(0, 15).map((n) => [
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
    // one edge is the table's own row: naming it again as the strongest says nothing
    if (edges.length > 1)
      parts.push(
        `Strongest dependencies: ${joinSome(
          edges.slice(0, 5).map((e) => `${code(e.from)} → ${code(e.to)} (${e.weight})`),
          5,
        )}.`,
      );
    // a folder and its own sub-folder using each other (a Rust crate root and its `mod platform`) is
    // ordinary layering, not two modules bound together; two JVM packages are two modules however named
    const nested = (x: string, y: string) =>
      (y.startsWith(`${x}/`) || x.startsWith(`${y}/`)) && nestedModules(x, y, fx.packageModules);
    const cycles = edges.filter(
      (e) => edges.some((r) => r.from === e.to && r.to === e.from) && e.from < e.to && !nested(e.from, e.to),
    );
    // each pair with its imports either way: a single import back (a type) is no tight coupling
    const back = (e: { from: string; to: string }) =>
      edges.find((r) => r.from === e.to && r.to === e.from)?.weight ?? 0;
    const pairText = (e: { from: string; to: string; weight: number }) =>
      `${code(e.from)} ↔ ${code(e.to)} (${e.weight} and ${plural(back(e), 'import')})`;
    const tight = cycles.filter((e) => Math.min(e.weight, back(e)) >= 3);
    const layered = edges.filter(
      (e) => edges.some((r) => r.from === e.to && r.to === e.from) && e.from < e.to && nested(e.from, e.to),
    );
    if (cycles.length)
      parts.push(
        `Two-way dependencies${tight.length === cycles.length ? ', which couple modules tightly' : ''}: ${joinSome(
          cycles.map(pairText),
          4,
        )}${
          // the fewer side is named: "only" the tight pairs, or "all but" the loose ones
          tight.length && tight.length < cycles.length && tight.length * 2 > cycles.length
            ? `; all but ${joinAnd(
                cycles.filter((e) => !tight.includes(e)).map((e) => `${code(e.from)} ↔ ${code(e.to)}`),
              )} have several imports each way`
            : tight.length && tight.length < cycles.length
              ? `; only ${joinAnd(tight.map((e) => `${code(e.from)} ↔ ${code(e.to)}`))} ${agree(tight.length, 'has', 'have')} several imports each way`
              : // the counts of the pairs listed say it already; only pairs left unlisted need the bound
                !tight.length && cycles.length > 4
                ? '; in each, one direction has at most 2 imports'
                : ''
        }.${
          layered.length
            ? ` A folder and its own sub-folder importing each other (${joinSome(
                layered.map((e) => `${code(e.from)} ↔ ${code(e.to)}`),
                3,
              )}) is layering, not a cycle.`
            : ''
        }`,
      );
  } else if (!fx.modules.length) {
    const folders = joinSome(
      a.tree.children.map((d) => code(`${d.name}/`)),
      6,
    );
    const top = folders || 'absent (all files sit at the root)';
    parts.push(`No internal imports link the files into modules; the top-level directories are ${top}.`);
  }
  // a benchmark's or an example's own package.json declares how to run that side project, not the
  // product; a Dockerfile without CMD or ENTRYPOINT (a release image that copies a built binary), a
  // development environment's image (dev container, Gitpod) and a compose service running a stock
  // database or cache image start no part of the product
  const beside = new Set(['examples', 'tests', 'fixtures', 'benchmarks', 'docs']);
  const entries = a.entryPoints.filter(
    (e) =>
      ['main', 'bin', 'export', 'dockerfile', 'compose-service', 'procfile', 'daemon'].includes(e.kind) &&
      !(e.area && beside.has(e.area)) &&
      !(a.identity && beside.has(areaOf(e.path, a.identity))) &&
      (e.kind !== 'dockerfile' || !!e.command) &&
      !(e.kind === 'dockerfile' && isDevContainer(e.path)) &&
      !(e.kind === 'compose-service' && namesServiceImage(e.command ?? '')),
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
  // where the identity layer found the product entered (a binary's main, a package's root, a
  // WSGI module, a management command): these come first, and no "no main module" beside them
  const productEntries = a.identity?.entryPoints ?? [];
  if (wants(ctx, 'entry-points') && productEntries.length)
    parts.push(
      `The product is entered at:\n\n${bullets(
        groupedBy(productEntries, (e) => (e.call ? '' : entryKind(e.how)))
          .slice(0, 8)
          .map((g) => (g.length >= GROUP ? entryGroup(g) : entryLine(g[0]!))),
      )}`,
    );
  if (ctx.plan.focus === 'entry-points' && !entries.length && !launched.length && !productEntries.length) {
    // a CI workflow runs the tests and the release, not the product
    const run = a.entryPoints.filter((e) => e.kind !== 'ci-workflow');
    const scripts = joinSome(
      run.map((e) => code(e.name)),
      4,
    );
    const ways = run.length
      ? `the ${plural(run.length, 'script')} (${scripts}) are the ways in`
      : /library|framework|plugin/.test(a.identity?.kind ?? '')
        ? 'its code is loaded by the programs that use it'
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
    if (e.kind === 'daemon')
      return `process attached by ${text(e.name)}: ${code(e.command ?? '')}${when(e.condition, `, only ${e.condition}`)} (${cite(e.path, e.line)})`;
    const verb = e.kind === 'export' ? 'resolves to' : 'runs';
    const command = when(e.command, ` ${verb} ${code(e.command ?? '')}`);
    const kind = e.field === 'module' ? 'package module (ES build)' : (KIND[e.kind] ?? text(e.kind));
    return `${kind} ${code(e.name)}${command} (${cite(e.path, e.line)})`;
  };
  if (wants(ctx, 'entry-points') && entries.length) {
    // beside the launched files above, these are the ones the manifests declare
    const heading = launched.length || productEntries.length ? 'Declared entry points' : 'Entry points';
    // a package's many subpath exports are one fact: that it exports subpaths, with a few named
    const items = groupedBy(entries, (e) => (e.kind === 'export' ? e.path : '')).map((g) =>
      g.length >= GROUP
        ? // the group is the whole exports map: its first target's line would cite one entry for all
          `${plural(g.length, 'export')} in ${cite(g[0]!.path)}, such as ${joinSome(
            g.map((e) => code(e.name)),
            4,
          )}`
        : entry(g[0]!),
    );
    parts.push(`${heading}:\n\n${bullets(items.slice(0, 8))}`);
  }
  // the build chapter names the development images; here only what runs the product or beside it
  if (wants(ctx, 'entry-points'))
    for (const c of a.containers.filter((x) => !isDevContainer(x.path))) parts.push(container(c));
  return paragraphs(...parts);
}

/** A process's command as its name: `./manage.py sendalerts --skip-checks` → `manage.py sendalerts`. */
function commandName(command: string): string {
  const words = command.replace(/^\.\//, '').split(/\s+/);
  const at = words.findIndex((w, i) => i > 0 && w.startsWith('-'));
  return (at > 0 ? words.slice(0, at) : words).join(' ');
}

/**
 * "uWSGI runs 3 long-running processes (docker/uwsgi.ini:35): `manage.py sendalerts`
 * (“Sends UP/DOWN email alerts”), …": the units of work a process manager starts with the product.
 */
function daemonsClause(daemons: EntryPoint[]): string {
  const managers = unique(daemons.map((d) => d.name));
  const items = daemons.map((d) => {
    const about = [d.role ? `“${text(d.role)}”` : '', d.condition ? `only ${d.condition}` : ''].filter(
      Boolean,
    );
    return `${code(commandName(d.command ?? ''))}${when(about.length, ` (${about.join('; ')})`)}`;
  });
  return `${joinAnd(managers.map(text))} ${agree(managers.length, 'runs', 'run')} ${plural(daemons.length, 'long-running process', 'long-running processes')} (${cite(daemons[0]!.path, daemons[0]!.line)}): ${joinSome(items, 6)}`;
}

/**
 * What each long-running process does on each turn of its loop, from its command's module: the
 * functions it calls and the pool it hands work to; then, once for all of them, the conditional
 * updates that let several copies share the rows.
 */
export function loopSentences(daemons: EntryPoint[]): string[] {
  const looping = daemons.filter((d) => d.loop);
  const name = (d: EntryPoint) => code(commandName(d.command ?? ''));
  const out = looping.map((d) => {
    const loop = d.loop!;
    const call = (c: DaemonLoop['calls'][number]) =>
      `${code(`${c.name}()`)} (${cite(loop.path, c.line)}${c.doc ? `, “${text(c.doc.replace(/[.!?]?$/, '.'))}”` : ''})`;
    const pool = loop.pool
      ? `; it hands the work ${loop.pool.runs ? `to ${code(`${loop.pool.runs}()`)} ` : ''}on a ${code(loop.pool.kind)} (${cite(loop.path, loop.pool.line)})`
      : '';
    return `${name(d)} runs a loop (${cite(loop.path, loop.line)}) that calls ${joinSome(loop.calls.map(call), 4)}${pool}.`;
  });
  const claiming = looping.filter((d) => d.loop!.claims?.length);
  if (claiming.length) {
    const at = claiming.flatMap((d) => d.loop!.claims!.map((l) => cite(d.loop!.path, l)));
    const each = claiming.length > 1 ? 'each' : 'the process';
    out.push(
      `${joinAnd(claiming.map(name))} ${agree(claiming.length, 'takes', 'take')} a row only through an update that must change exactly one row (${joinSome(at, 4)}), so several copies of ${each} can run at once without taking the same row twice.`,
    );
  }
  return out;
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
    // a compose file runs images; a Dockerfile builds on its base
    when(c.baseImages.length, ` ${c.kind === 'compose' ? 'runs' : 'builds on'} ${images}`),
    when(c.exposedPorts.length, ` and exposes ${ports}`),
    when(c.services?.length, ` with services ${joinSome(c.services?.map(code) ?? [], 5)}`),
  );
}
