// API / endpoints: every HTTP route with method, path, handler and file:line; a library's exports otherwise.

import type { Analysis, Route } from '../../analyse/types.ts';
import { factsOf, searchedFiles } from '../facts.ts';
import {
  commandLineParts,
  libraryFirst,
  kindPhrase,
  commandLine,
  commandLineTail,
  subOptionsClause,
  perRequestObjects,
  publicApiParts,
  rankedApi,
  rankedRoutes,
  usesOf,
  PLUMBING,
  usageCounts,
} from '../identity-text.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  countBy,
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
import { defineSection, finding as f } from './define.ts';
import { ownAuthLine } from './security.ts';
import { CLI_KINDS, djangoForms } from '../model.ts';

export const api = defineSection({
  kind: 'api',
  keywords: [
    'rest api',
    'api',
    'apis',
    'endpoints',
    'routes',
    'http interface',
    'web services',
    'interfaces',
    'public interface',
    'api reference',
    'graphql',
    'rpc',
    'endpoint',
    'route',
    'http api',
    'web api',
  ],
  evidence: ['routes', 'symbols (exported)', 'frameworks (web)'],
  analyst(a, workspace) {
    const routesOfProduct = a.routes.filter((r) => !r.area || r.area === 'product');
    const id = a.identity;
    if (!routesOfProduct.length && id?.publicApi.length) {
      const usage = workspace ? usageCounts(a, workspace) : undefined;
      const api = rankedApi(id, usage);
      const { options, subs, hidden: hiddenOptions, subOptions } = commandLine(api);
      // mostly options and subcommands: a command-line tool, whose interface is its command line
      if (options.length + subs.length + subOptions.length > api.length / 2) {
        const hidden = hiddenOptions.length;
        const counted = joinAnd(
          [
            options.length ? plural(options.length, 'option') : '',
            subs.length ? plural(subs.length, 'subcommand') : '',
          ].filter(Boolean),
        );
        const own = subOptionsClause(subOptions, subs);
        const first = options[0] ?? subs[0]!;
        return [
          f(
            `Its interface is its command line: ${counted}${hidden ? `, ${num(hidden)} of them hidden from ${code('--help')}` : ''}${when(own, `; ${own}`)}.`,
            [ref(first.path, first.line)],
          ),
        ];
      }
      // the examples are the names the code base uses most, whatever their kind: what users call
      // (`NewRouter`, `Use`), not the types the table lists first
      const plumbing = (e: (typeof api)[number]) => (PLUMBING.test(e.name) ? 1 : 0);
      // a name its authors mark deprecated is no example of what users call, however much it is used
      const retired = (e: (typeof api)[number]) => (e.deprecated ? 1 : 0);
      // the options of a command it also installs are no names users call: counted apart
      const named = api.filter((e) => !CLI_KINDS.has(e.kind));
      const byUse = usage
        ? [...named].sort(
            (x, y) =>
              retired(x) - retired(y) || plumbing(x) - plumbing(y) || usesOf(usage, y) - usesOf(usage, x),
          )
        : named;
      // a name exported twice (a class and its re-export) is one example; "and N more" still counts
      // every public name the sentence counts
      const shown = [
        ...new Set(byUse.map((e) => (e.kind === 'method' && e.owner ? `${e.owner}.${e.name}` : e.name))),
      ].slice(0, 4);
      const more = named.length - shown.length;
      const objects = a.identity ? perRequestObjects(a.identity, a.flow?.prototypes) : null;
      const such = `, such as ${more > 0 ? `${shown.map(code).join(', ')} and ${num(more)} more` : joinAnd(shown.map(code))}${objects ? `, beside ${objects}` : ''}${a.identity?.kind === 'cli' ? '' : commandLineTail(api)}`;
      // a command-line tool is run: the names its crates or packages export serve other code
      const count =
        a.identity?.kind === 'cli'
          ? `Beside the command line, its code exports ${plural(named.length, 'public name')} to other code`
          : `${plural(named.length, 'public name')} ${agree(named.length, 'forms', 'form')} its interface`;
      const names = httpExpected(a) ? `It serves no HTTP routes of its own; ${count}` : upperFirst(count);
      return [f(sentence(names, such), [ref(api[0]!.path, api[0]!.line)])];
    }
    const exported = factsOf(a).exportedSymbols.length;
    if (!routesOfProduct.length)
      return [
        f(
          sentence(
            `No HTTP routes were found; ${plural(exported, 'exported symbol')}`,
            ` ${agree(exported, 'forms', 'form')} the programmatic interface`,
          ),
        ),
      ];
    const byMethod = countBy(routesOfProduct, (r) => r.method).map(([m, n]) => `${n} ${text(m)}`);
    return [
      f(
        `${plural(routesOfProduct.length, 'HTTP route')} (${byMethod.join(', ')}) ${agree(routesOfProduct.length, 'is', 'are')} declared with ${frameworksOf(routesOfProduct)}.`,
        rankedRoutes(routesOfProduct, a.identity)
          .slice(0, 3)
          .map((r) => ref(r.file, r.line)),
      ),
      f(`Routes live in ${plural(unique(routesOfProduct.map((r) => r.file)).length, 'file')}.`),
    ];
  },
  writer: writeApi,
});

const MAX_ROUTES = 60;

/** A version segment of a path (`/api/v2/`), where versions of one API part ways. */
const VERSION_SEGMENT = /\/v(\d+)\//;

/**
 * "`/api/v1/`, `/api/v2/` and `/api/v3/` each serve the same 18 routes": an API kept in several
 * versions side by side, which the route count alone hides. Said only when at least two versions
 * serve routes and the later ones repeat paths of the first.
 */
export function versionsSentence(routes: readonly Route[]): string | null {
  const byVersion = new Map<string, Set<string>>();
  for (const r of routes) {
    const m = VERSION_SEGMENT.exec(r.path);
    if (!m) continue;
    const base = r.path.slice(0, m.index + m[0].length);
    const rest = `${r.method} ${r.path.slice(m.index + m[0].length)}`;
    byVersion.set(base, (byVersion.get(base) ?? new Set()).add(rest));
  }
  if (byVersion.size < 2) return null;
  const bases = [...byVersion.keys()].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  const sizes = bases.map((b) => byVersion.get(b)!.size);
  const first = byVersion.get(bases[0]!)!;
  const same = bases.every((b) => {
    const here = byVersion.get(b)!;
    return here.size === first.size && [...here].every((x) => first.has(x));
  });
  const named = joinAnd(bases.map(code));
  return same
    ? `${named} each serve the same ${plural(first.size, 'route')}: one API kept in ${bases.length} versions side by side.`
    : `The API is served in ${bases.length} versions side by side: ${joinAnd(bases.map((b, i) => `${code(b)} (${plural(sizes[i]!, 'route')})`))}.`;
}

/**
 * Whether a reader could expect HTTP routes: routes somewhere in the code base, a web framework it
 * builds on, or a framework of its own (koa serves none until its users add them).
 */
function httpExpected(a: Analysis): boolean {
  const id = a.identity;
  return (
    a.routes.length > 0 ||
    a.frameworks.some((f) => f.category === 'web') ||
    id?.kind === 'framework' ||
    !!id?.kinds.includes('framework')
  );
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function writeApi({ a, fx, projectName, workspace }: WriterContext): string {
  const id = a.identity;
  // Routes of examples, tests or benchmarks are not the product's API.
  const elsewhere = a.routes.filter((r) => r.area && r.area !== 'product');
  const productRoutes = a.routes.filter((r) => !r.area || r.area === 'product');
  if (!productRoutes.length && id) {
    const shipped = elsewhere.filter((r) => r.area === 'component');
    const others = elsewhere.filter((r) => r.area !== 'component');
    const areas = joinSome(unique(others.map((r) => r.area!)).map(text), 3);
    const example = others[0] ? cite(others[0].file, others[0].line) : '';
    const files = unique(shipped.map((r) => r.file));
    const apart =
      when(
        shipped.length,
        ` ${joinSome(
          files.map((f) => cite(f)),
          3,
        )} ${agree(files.length, 'declares', 'declare')} ${plural(shipped.length, 'HTTP route')} that an application serves when it mounts ${agree(files.length, 'that component', 'those components')}.`,
      ) +
      when(
        others.length,
        ` The ${plural(others.length, 'HTTP route')} in the code base belong to its ${areas} (e.g. ${example}), not to the product.`,
      );
    const usage = usageCounts(a, workspace);
    const api = publicApiParts(id, usage, a.flow?.prototypes);
    // a command-line tool is used through its command line: that is the chapter, not an absence
    // that it serves no routes is news only where a reader could expect some: a web framework, or
    // routes elsewhere in the code base; otherwise the chapter opens with the names users call
    const lead =
      commandLineParts(id, usage).length && !libraryFirst(id)
        ? `${text(projectName)} is ${kindPhrase(id)}: its interface is the command line its parser declares.${apart}`
        : httpExpected(a)
          ? `${text(projectName)} is ${kindPhrase(id)}; it serves no HTTP routes of its own.${apart}`
          : '';
    return paragraphs(
      lead,
      ...(api.length ? api : ['It exposes no public names another program could call.']),
    );
  }
  if (!productRoutes.length) {
    const exp = fx.exportedSymbols;
    const kind =
      a.frameworks.some((f) => f.category === 'cli') || a.entryPoints.some((e) => e.kind === 'bin')
        ? 'a command-line tool'
        : exp.length
          ? 'a library'
          : 'a set of scripts';
    const head = sentence(
      `No HTTP routes were found in ${searchedFiles(fx)}`,
      `; the project appears to be ${kind}`,
    );
    if (!exp.length) return `${head} It exports no symbols that another program could call.`;
    const byFile = countBy(exp, (s) => s.path).slice(0, 8);
    const files = unique(exp.map((s) => s.path)).length;
    const surface = sentence(
      ` Its programmatic interface is its ${plural(exp.length, 'exported symbol')}`,
      `, spread over ${plural(files, 'file')}`,
    );
    return paragraphs(
      `${head}${surface}`,
      table(
        ['File', 'Exports', 'Examples'],
        byFile.map(([p, n]) => [
          cite(p),
          n,
          joinSome(
            exp
              .filter((s) => s.path === p)
              .slice(0, 3)
              .map((s) => `${code(s.name)} (${text(s.kind)}, line ${s.line})`),
            3,
          ),
        ]),
      ),
    );
  }
  const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const rank = (m: string) => (ORDER.includes(m) ? ORDER.indexOf(m) : ORDER.length);
  const routes = [...productRoutes].sort(
    (x, y) =>
      x.path.localeCompare(y.path) || rank(x.method) - rank(y.method) || x.method.localeCompare(y.method),
  );
  const methods = countBy(productRoutes, (r) => r.method);
  const prefixes = countBy(productRoutes, (r) => `/${firstSegment(r.path)}`);
  const files = countBy(productRoutes, (r) => r.file);
  const byMethod = joinSome(
    methods.map(([m, n]) => `${n} ${text(m)}`),
    6,
  );
  const byPrefix = joinSome(
    prefixes.map(([p, n]) => `${code(p)} (${n})`),
    6,
  );
  const [busiest, count] = files[0]!;
  // which file declares the most says something only when one declares more than one (a file-based
  // router declares one route per file)
  const where =
    busiest === files.at(-1)![0]
      ? `, and all sit in ${cite(busiest)}`
      : count > 1
        ? `, and ${cite(busiest)} declares the most (${count})`
        : '';
  const shown = shareOut(routes, MAX_ROUTES);
  const versioned = versionsSentence(productRoutes);
  const parts = [
    `${plural(productRoutes.length, 'HTTP route')} ${agree(productRoutes.length, 'is', 'are')} declared with ${frameworksOf(productRoutes)}: ${byMethod}. They group under ${byPrefix}${where}.${versioned ? ` ${versioned}` : ''}`,
    table(
      ['Method', 'Path', 'Handler', 'Declared at'],
      shown.map((r) => [
        text(r.method),
        code(r.path),
        r.handler ? code(r.handler) : '—',
        cite(r.file, r.line),
      ]),
    ),
  ];
  if (routes.length > shown.length) parts.push(`…and ${num(routes.length - shown.length)} more routes.`);
  const inTests = a.testOnly?.routes.length ?? 0;
  if (inTests)
    parts.push(
      sentence(
        `${plural(inTests, 'further route')} ${agree(inTests, 'is', 'are')} declared only in test code or test fixtures`,
        ` and ${agree(inTests, 'is', 'are')} not part of the API above`,
      ),
    );
  const params = productRoutes.filter((r) => pathParams(r.path).length);
  if (params.length) {
    // a typed converter or a pattern (`<uuid:code>`, `{id:[0-9]+}`) rejects a malformed value while
    // routing; the fact only for the others: "which handlers must validate" is advice true of any
    // untyped parameter
    const untyped = params.filter((r) => pathParams(r.path).some((p) => !p.checked));
    const kinds = unique(
      params.flatMap((r) =>
        pathParams(r.path)
          .filter((p) => p.checked)
          .map((p) => p.kind),
      ),
    );
    const loose =
      untyped.length && kinds.length
        ? `, while ${plural(untyped.length, 'route')} ${agree(untyped.length, 'takes', 'take')} untyped ones (${untyped.length === 1 ? '' : 'e.g. '}${code(untyped[0]!.path)})`
        : '';
    parts.push(
      sentence(
        // "e.g." only where there are others to stand for
        `${plural(params.length, 'route')} ${agree(params.length, 'takes', 'take')} path parameters (${params.length === 1 ? '' : 'e.g. '}${code(params[0]!.path)})`,
        when(
          kinds.length,
          `; typed ones (${joinSome(kinds.map(code), 4)}) are checked when the route is matched`,
        ),
        loose,
      ),
    );
  }
  // each library for what it does: a validation library checks input, it authenticates no one
  // where the product checks logins and API keys itself, the security section tells how, and the
  // authentication libraries serve parts of it: they are not what request handling relies on
  const uses = [
    [ownAuthLine(a) ? [] : fx.authLibs, 'authentication'],
    [fx.securityLibs, 'hardening'],
    // where Django forms validate pages too, the security section tells both layers
    [djangoForms(a).length ? [] : fx.validationLibs, 'input validation'],
  ] as const;
  const relied = uses
    .filter(([libs]) => libs.length)
    .map(([libs, what]) => `${joinSome(unique(libs.map((d) => d.name)).map(code), 3)} for ${what}`);
  // a Next.js app's server actions are an interface the browser calls as much as its routes are
  const actions = (a.flow?.rendering?.serverActions ?? []).filter((m) => m.names.length);
  const actionCount = actions.reduce((n, m) => n + m.names.length, 0);
  if (actionCount)
    parts.push(
      `Besides its routes, the browser can call ${plural(actionCount, 'server action')}, the exports of \`'use server'\` ${agree(
        actions.length,
        'module',
        'modules',
      )}: ${actions.map((m) => `${joinAnd(m.names.map(code))} in ${cite(m.path, m.line)}`).join('; ')}.`,
    );
  if (relied.length) parts.push(`Request handling can rely on ${joinSome(relied, 3)}.`);
  return paragraphs(...parts);
}

/**
 * The parameters of a route path, each with the converter or pattern that checks it when the route
 * is matched (`<uuid:code>`, `{id:[0-9]+}`, `:id(\\d+)`), or none (`<name>`, `<str:name>`, `{id}`,
 * `:id`, `[slug]`): a string-typed parameter accepts any value.
 */
export function pathParams(path: string): { kind: string; checked: boolean }[] {
  const out: { kind: string; checked: boolean }[] = [];
  const loose = new Set(['str', 'string', 'path']);
  for (const m of path.matchAll(
    /<(?:(\w+):)?\w+>|\{\w+(?::([^{}]+))?\}|:\w+(\([^)]*\))?|\[{1,2}(?:\.\.\.)?\w+\]{1,2}/g,
  )) {
    const kind = m[1] ?? (m[2] ? (/^\w+$/.test(m[2]) ? m[2] : 'pattern') : m[3] ? 'pattern' : '');
    out.push({ kind, checked: !!kind && !loose.has(kind) });
  }
  return out;
}

/** The frameworks the routes are declared with, each named once. */
function frameworksOf(routes: Route[]): string {
  return joinSome(unique(routes.map((r) => text(r.framework))), 3);
}

const firstSegment = (path: string) => path.split('/').filter(Boolean)[0] ?? '';

/**
 * At most `max` of the (sorted) routes, shared out among their first path segments so every part of
 * the API shows; the methods of one path are shown together or not at all, so a row never reads as
 * the only method a path answers.
 */
export function shareOut(routes: Route[], max: number): Route[] {
  if (routes.length <= max) return routes;
  const groups = new Map<string, Route[][]>();
  for (const r of routes) {
    const group = groups.get(firstSegment(r.path)) ?? [];
    const last = group.at(-1);
    if (last && last[0]!.path === r.path) last.push(r);
    else group.push([r]);
    groups.set(firstSegment(r.path), group);
  }
  const picked = new Set<Route>();
  const longest = Math.max(...[...groups.values()].map((g) => g.length));
  for (let i = 0; i < longest && picked.size < max; i++)
    for (const g of groups.values()) {
      const unit = g[i];
      if (unit && picked.size + unit.length <= max) for (const r of unit) picked.add(r);
    }
  return routes.filter((r) => picked.has(r));
}
