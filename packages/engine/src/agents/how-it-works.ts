// How the product works, in sentences with citations, from the analysis's flow block: its central
// types, the calls from its entry points through its own functions and the libraries they hand work
// to, how it runs work concurrently, and for an application what each request handler works with.
// The architecture section tells it whole; the overview and the components section borrow parts.

import type {
  Analysis,
  BaseClass,
  ClassParam,
  Composer,
  ExtensionPoint,
  Flow,
  FlowCall,
  FlowStep,
  HeldObject,
  HookFields,
  EmittedEvent,
  MainPathStep,
  ServiceClient,
  OptionStrategy,
  PackageTable,
} from '../analyse/types.ts';
import { abstractionsOf, CENTRAL_TYPES_SHOWN, extensionOf, layersOf } from './model.ts';
import type { Finding } from './types.ts';
import { bullets, cite, code, joinAnd, joinSome, num, plural, text } from './writers/markdown.ts';

const MAX_STEPS = 8;

/** `Command.main()`, `run()`: a function as the reader calls it. */
const fnName = (s: { name: string; owner?: string }) => code(`${s.owner ? `${s.owner}.` : ''}${s.name}()`);

/** One called function: named, and cited when it lives in another file than its caller. */
function callee(c: FlowCall, from: FlowStep): string {
  if (c.from) {
    // a Rust path says it all (`std::thread::scope`); elsewhere the name and its package
    const path = c.from.endsWith(`::${c.name}`) ? c.from : `${c.from}::${c.name}`;
    const named = c.from.includes('::') ? code(path) : `${code(c.name)} from ${code(c.from)}`;
    return c.creates ? `creates ${named}` : named;
  }
  const where = c.path && c.path !== from.path && c.target ? ` (${cite(c.path, c.target)})` : '';
  return c.creates
    ? `creates ${/^[AEIOU]/.test(c.name) ? 'an' : 'a'} ${code(c.name)}${where}`
    : `${fnName(c)}${where}`;
}

/** "creates a `WorkerState`, calls `createContext()`, … and uses `compose` from `koa-compose`". */
function stepBody(step: FlowStep, max = 7, priority?: (c: FlowCall) => number): string {
  // a summary (one with priorities) leaves out what a private helper makes
  const made = step.calls.filter((c) => !c.from && c.creates && !(priority && c.name.startsWith('_')));
  // when the list is cut short, the calls that matter most come first
  const own = step.calls
    .filter((c) => !c.from && !c.creates)
    .sort((x, y) => (priority ? priority(y) - priority(x) : 0));
  const libs = step.calls.filter((c) => c.from);
  return joinAnd(
    [
      made.length
        ? joinSome(
            made.map((c) => callee(c, step)),
            3,
          )
        : '',
      own.length
        ? `calls ${joinSome(
            own.map((c) => callee(c, step)),
            max,
          )}`
        : '',
      libs.length
        ? `uses ${joinSome(
            libs.map((c) => callee(c, step)),
            4,
          )}`
        : '',
    ].filter(Boolean),
  );
}

/** "`callback()` (`lib/application.js:167`) calls `createContext()`, … and uses `compose` from `koa-compose`." */
export function stepSentence(step: FlowStep): string {
  return `${fnName(step)} (${cite(step.path, step.line)}) ${stepBody(step)}.`;
}

/** The central types, in one sentence: "`Context` (`core.py:208`, 32 methods), …". */
export function abstractionsSentence(a: Analysis, max = 5, cited = true): string | null {
  const types = abstractionsOf(a).value.slice(0, max);
  if (!types.length) return null;
  const one = (t: Flow['abstractions'][number]) => {
    const notes = [
      t.methods && !t.membersAtRunTime ? plural(t.methods, 'method') : null,
      t.bases?.length ? `built on ${joinSome(t.bases.map(code), 2)}` : null,
    ].filter(Boolean);
    const where = cited ? [cite(t.path, t.line)] : [];
    const detail = [...where, notes.join(', ')].filter(Boolean).join('; ');
    return detail ? `${code(t.name)} (${detail})` : code(t.name);
  };
  return types.length === 1
    ? `Its central type is ${one(types[0]!)}.`
    : `Its central types ${abstractionsOf(a).value.length > max ? 'include' : 'are'} ${joinAnd(types.map(one))}.`;
}

/**
 * The central types by name alone, for the overview: the architecture section tells each with
 * where it is defined and what it holds.
 */
export function centralTypesNamed(a: Analysis, max = 3): string | null {
  const types = abstractionsOf(a)
    .value.slice(0, max)
    .map((t) => code(t.name));
  if (!types.length) return null;
  return types.length === 1
    ? `Its central type is ${types[0]}.`
    : `Its central types ${abstractionsOf(a).value.length > max ? 'include' : 'are'} ${joinAnd(types)}.`;
}

/** A Next.js App Router project's split of the work between the server and the browser. */
export function renderingParts(flow: Flow, cited = true): string[] {
  const r = flow.rendering;
  if (!r) return [];
  const files = (paths: string[]) =>
    joinSome(
      paths.map((p) => (cited ? cite(p) : code(p))),
      3,
    );
  const actions = r.serverActions.flatMap((a) => a.names);
  return [
    [
      r.serverComponents.length
        ? `Its ${plural(r.serverComponents.length, 'page and layout', 'pages and layouts')} are React server components, rendered on the server with their data (${files(r.serverComponents)}).`
        : '',
      r.clientComponents.length
        ? `${plural(r.clientComponents.length, 'module is a client component', 'modules are client components')} (\`'use client'\`) that run in the browser (${files(r.clientComponents)}).`
        : '',
      actions.length
        ? `${plural(actions.length, 'server action')} (\`'use server'\` functions the browser calls on the server) live in ${files(r.serverActions.map((a) => a.path))}: ${joinSome(actions.map(code), 6)}.`
        : '',
      redirectSentence(r, actions.length, cited),
    ]
      .filter(Boolean)
      .join(' '),
  ].filter(Boolean);
}

/**
 * The clients of one service the product makes in several ways, told as one design: "The product
 * makes its Supabase clients in 4 places, in 3 ways: `createBrowserClient` from `@supabase/ssr` with
 * `NEXT_PUBLIC_SUPABASE_ANON_KEY` (…); …; and `createClient` … with `SUPABASE_SERVICE_ROLE_KEY` (…)."
 */
export function clientsParts(flow: Flow): string[] {
  const clients = flow.clients ?? [];
  const services = [...new Set(clients.map((c) => c.service))];
  return services.map((service) => {
    const mine = clients.filter((c) => c.service === service);
    const ways = new Map<string, ServiceClient[]>();
    for (const c of mine) {
      const way = `${c.factory}|${c.module}|${c.credentials.join()}|${c.cookies ?? false}`;
      ways.set(way, [...(ways.get(way) ?? []), c]);
    }
    const told = [...ways.values()].map((sites) => {
      const c = sites[0]!;
      const given = [
        ...(c.credentials.length ? [joinAnd(c.credentials.map(code))] : []),
        ...(c.cookies ? ["the request's cookies"] : []),
      ];
      return `${code(c.factory)} from ${code(c.module)}${given.length ? ` with ${joinAnd(given)}` : ''} (${joinAnd(sites.map((x) => cite(x.path, x.line)))})`;
    });
    const name = service.charAt(0).toUpperCase() + service.slice(1);
    return `The product makes its ${text(name)} clients in ${plural(mine.length, 'place')}, in ${plural(ways.size, 'way')}: ${told.length > 2 ? told.join('; ').replace(/; (?=[^;]*$)/, '; and ') : joinAnd(told)}.`;
  });
}

/**
 * How server actions report their outcome, where they answer with a URL whose query string carries
 * it: "10 of the 11 server actions report their outcome as a URL to go to next, built by … ; … reads it back".
 */
function redirectSentence(r: NonNullable<Flow['rendering']>, actions: number, cited: boolean): string {
  const d = r.redirects;
  // a detail of how the actions work: the architecture tells it, the overview's digest does not
  if (!d || !cited) return '';
  const at = (p: string, line: number) => cite(p, line);
  const helpers = joinAnd(
    d.helpers.map((h) => `${code(h.name)} (${at(h.path, h.line)})`),
    'or',
  );
  const readers = d.readers.length
    ? `; ${joinSome(
        d.readers.map((x) => at(x.path, x.line)),
        2,
      )} ${d.readers.length === 1 ? 'reads' : 'read'} it back from the URL`
    : '';
  const count = d.actions.length === actions ? `All ${actions}` : `${d.actions.length} of the ${actions}`;
  return `${count} server actions report their outcome as a URL to go to next, built by ${helpers}, which ${d.helpers.length === 1 ? 'writes' : 'write'} it into the query string${readers}.`;
}

/**
 * What the product's methods do by annotation: "`VetRepository.findAll()` keeps its results in the
 * cache `vets` (…), switched on by `@EnableCaching` (…). `PetController` validates the form `pet` with
 * `PetValidator`, bound in an `@InitBinder` method (…)."
 */
export function annotatedParts(flow: Flow): string[] {
  const d = flow.annotated;
  if (!d) return [];
  const out: string[] = [];
  const byCache = new Map<string, typeof d.caches>();
  for (const c of d.caches) byCache.set(c.cache, [...(byCache.get(c.cache) ?? []), c]);
  const caches = [...byCache.entries()].map(([cache, sites]) => {
    const methods = [...new Set(sites.map((c) => fnName({ name: c.method, owner: c.owner })))];
    return `${joinAnd(methods)} ${methods.length === 1 ? 'keeps its' : 'keep their'} results in the cache ${code(cache)} (\`@Cacheable\`, ${joinAnd(sites.map((c) => cite(c.path, c.line)))})`;
  });
  if (caches.length)
    out.push(
      `${caches.join('; ')}${d.enabled ? `; ${code('@EnableCaching')} switches caching on (${cite(d.enabled.path, d.enabled.line)})` : ''}.`,
    );
  if (d.validators.length)
    out.push(
      `${joinAnd(
        d.validators.map(
          (v) =>
            `${v.owner ? code(v.owner) : cite(v.path)} validates ${v.form ? `the form ${code(v.form)}` : 'its forms'} with ${code(v.validator)}, bound in an \`@InitBinder\` method (${cite(v.path, v.line)})`,
        ),
      )}.`,
    );
  return out;
}

/**
 * "`upsertPriceRecord()` retries itself up to 3 times, 2000 ms apart, when
 * `upsertError?.message.includes('foreign key constraint')` holds (`admin.ts:63`)."
 */
export function retryParts(flow: Flow): string[] {
  return (flow.retries ?? [])
    .slice(0, 3)
    .map(
      (r) =>
        `${fnName(r)} retries itself${r.max ? ` up to ${plural(r.max, 'time')}` : ''}${r.pause ? `, ${r.pause} apart` : ''}${
          r.when ? `, when ${code(r.when)} holds` : ''
        } (${cite(r.path, r.line)}).`,
    );
}

/** " Each `node` holds further `node`s in its field `children` (…): they form a radix tree (…)." */
function treeNote(t: Flow['abstractions'][number]): string {
  const c = t.children;
  if (!c) return '';
  const kind = c.named ? `${text(c.named.words)} (${cite(t.path, c.named.line)})` : 'tree';
  return ` Each ${code(t.name)} holds further ${code(t.name)} values in its field ${code(c.field)} (${cite(t.path, c.line)}): they form a ${kind}.`;
}

/**
 * " Its `typ` field (…) makes each a `ntStatic` (`/home`), `ntRegexp` (`/{id:[0-9]+}`) … node": the
 * kinds a tree's nodes come in, with the examples their authors give.
 */
function kindsNote(t: Flow['abstractions'][number]): string {
  const k = t.kinds;
  if (!k) return '';
  const kinds = joinAnd(k.kinds.map((x) => `${code(x.name)}${x.note ? ` (${code(x.note)})` : ''}`));
  return ` Its field ${code(k.field)} gives each one's kind (${cite(t.path, k.line, k.end)}): ${kinds}.`;
}

/** " It embeds `http.Handler` and `Routes`." / " It declares `Routes()`, `Find()`…" for an interface. */
function declaresNote(t: Flow['abstractions'][number], documented: boolean): string {
  const d = t.declares;
  if (!d) return '';
  const embeds = d.embeds.length ? `embeds ${joinAnd(d.embeds.map(code))}` : '';
  // with no words of its authors to say what it is, its methods say it
  const methods =
    !documented && d.methods.length
      ? `declares ${joinSome(
          d.methods.map((m) => code(`${m}()`)),
          6,
        )}`
      : '';
  const both = [methods, embeds].filter(Boolean);
  return both.length ? ` It ${both.join(' and ')}.` : '';
}

/** The central types, each with where it is defined and, where its authors documented it, what it is. */
function abstractionParts(a: Analysis): string[] {
  const types = abstractionsOf(a).value.slice(0, CENTRAL_TYPES_SHOWN);
  if (!types.some((t) => t.doc || t.children || t.declares)) {
    const sentence = abstractionsSentence(a);
    return sentence ? [sentence] : [];
  }
  const one = (t: Flow['abstractions'][number]) => {
    const notes = [cite(t.path, t.line), t.methods ? plural(t.methods, 'method') : null]
      .filter(Boolean)
      .join('; ');
    const doc = t.doc && docCountHolds(t.doc, t.methods) ? t.doc : undefined;
    return `${code(t.name)} (${notes})${doc ? `: ${text(doc)}` : '.'}${treeNote(t)}${kindsNote(t)}${declaresNote(t, !!doc)}${takenNote(t)}`;
  };
  if (types.length === 1) return [`Its central type is ${one(types[0]!)}`];
  return [`The code is built around these ${num(types.length)} types:`, bullets(types.map(one))];
}

/** " It reads 14 fields of `Config`: `ignore_contain`, `min_depth`, …": the settings the step works from. */
function readsText(s: MainPathStep): string {
  if (!s.reads) return '';
  return ` It reads ${plural(s.reads.fields.length, 'field')} of ${code(s.reads.type)}: ${joinSome(s.reads.fields.map(code), 12)}.`;
}

/**
 * " Functions in other files take it as a parameter, among them those in `src/walk.rs`, …": the value every stage is handed (fd's
 * `Config`). Named rather than counted: a count would also have to be right about every file it does
 * not name.
 */
function takenNote(t: Flow['abstractions'][number]): string {
  const files = (t.takenBy ?? []).map((f) => cite(f));
  if (!files.length) return '';
  // "among them" even where every file found is named: a parameter list the reading missed is not ruled out
  return ` Functions in other files take it as a parameter, among them those in ${joinAnd(files.slice(0, TAKEN_NAMED))}.`;
}
/** Files named as taking the value every stage is handed. */
const TAKEN_NAMED = 5;

/**
 * How work runs at the same time, where it is the product's way of working: on the main path
 * (fd's parallel walk). Elsewhere (an optional throttle middleware's channel) it is not how the work
 * runs, and where else it appears was not looked for everywhere, so nothing is said of it.
 */
function coreConcurrency(flow: Flow): Flow['concurrency'] {
  const onPath = new Set((flow.mainPath ?? []).filter((s) => !s.external).map((s) => s.path));
  return onPath.size ? flow.concurrency.filter((c) => onPath.has(c.path)) : flow.concurrency;
}

function concurrencySentence(flow: Flow): string | null {
  const core = coreConcurrency(flow);
  if (!core.length) return null;
  // work that runs at the same time only under a condition (`if dependent.is_parallel()`) says so
  const only = core.every((c) => c.when);
  return `Work ${only ? 'can run' : 'runs'} concurrently through ${joinSome(
    core.map((c) => `${c.what} (${cite(c.path, c.line)})${c.when ? `, only when ${code(c.when)}` : ''}`),
    5,
  )}.`;
}

/** "Data is read and written through `OwnerRepository` (…), which builds on `JpaRepository`." */
function storesSentence(flow: Flow, cited = true): string | null {
  const stores = [
    ...new Map(
      flow.handlers
        .flatMap((h) => h.uses)
        .filter((u) => u.bases?.some((b) => /Repository$|Dao$|Store$|^(Model|Document|Schema)$/.test(b)))
        .map((u) => [u.name, u] as const),
    ).values(),
  ];
  if (!stores.length) return null;
  const bases = [...new Set(stores.flatMap((u) => u.bases ?? []))].map(code);
  return `Data is read and written through ${joinSome(
    stores.map((u) => (cited ? `${code(u.name)} (${cite(u.path, u.line)})` : code(u.name))),
    4,
  )}, which ${stores.length === 1 ? 'builds' : 'build'} on ${joinSome(bases, 3)}.`;
}

/** The layers a web application's files show by their annotations, directives, names or the queries they make. */
const WEB_ROLES = new Set(['controller', 'service', 'entity']);

/**
 * "Among the product's files are request handlers (6 files, such as `OwnerController.java`), …": the
 * web application's layers told by files, found by their annotations, directives or names.
 * A library's or a command line's layers run along its main path, which is told step by step.
 */
export function webLayersSentence(a: Analysis): string | null {
  const layers = layersOf(a).value.filter((l) => WEB_ROLES.has(l.role));
  if (!layers.length) return null;
  const one = (l: (typeof layers)[number]) =>
    `${l.name} (${l.files.length === 1 ? cite(l.files[0]!) : `${plural(l.files.length, 'file')}, such as ${cite(l.files[0]!)}`})`;
  // named by role, not as "the layers" of the product: a project whose work runs in transports and
  // worker commands has handlers and entities too, and they are not its whole shape
  return `Among the product's files are ${joinAnd(layers.map(one))}.`;
}

/** For an application: which of its types each request handler works with. */
export function handlerParts(flow: Flow): string[] {
  const files = flow.handlers.filter((h) => h.uses.length);
  if (!files.length) return [];
  const base = (u: { bases?: string[] }) => (u.bases?.length ? ` (a ${code(u.bases[0]!)})` : '');
  const works = (h: Flow['handlers'][number]) =>
    `${cite(h.path)} (${plural(h.routes, 'route')}${h.example ? `, e.g. ${code(h.example)}` : ''}) works with ${joinSome(
      h.uses.map((u) => `${code(u.name)}${base(u)}`),
      5,
    )}.`;
  return [
    `Requests reach ${plural(flow.handlers.length, 'handler file')}; each works with the product's own types:`,
    bullets(files.slice(0, 8).map(works)),
    storesSentence(flow),
  ].filter((p): p is string => !!p);
}

/** `Lexer::lex()` in Rust, `Mux.routeHTTP()` elsewhere; a library's function by its own name. */
function stepName(s: MainPathStep): string {
  if (s.external) return `${code(s.name)} from ${code(s.external)}`;
  const sep = s.path.endsWith('.rs') ? '::' : '.';
  // a type the path makes (or a list of routes) is named as it is, every other step as a call
  const made = /^(made by|routes) /.test(s.note ?? '');
  return code(`${s.owner ? `${s.owner}${sep}` : ''}${s.name.replace(/^#/, '')}${made ? '' : '()'}`);
}

/** A step as the summary names it, with the condition it runs under: "`Check.prune()` (every 100th time)". */
function summaryStep(s: MainPathStep): string {
  const every = /, (every \d+\w\w time)$/.exec(s.note ?? '')?.[1];
  return every ? `${stepName(s)} (${every})` : `${whose(s)}${stepName(s)}${madeBy(s)}`;
}

/** "the user's handler ": who wrote the code a handed-in step runs, when it is the user. */
function whose(s: MainPathStep): string {
  if (!s.handedIn || !s.runs || !('user' in s.runs)) return '';
  return s.handedIn === 'result' ? "the user's handler " : "the user's function ";
}

/** " from `koa-compose`": the package that made the code a handed-in step runs. */
function madeBy(s: MainPathStep): string {
  return s.handedIn && s.runs && 'module' in s.runs ? ` from ${code(s.runs.module)}` : '';
}

/** What one unit of work is for this project: a request, a run of the program, a call of the library. */
export function unitOf(a: Analysis, path: MainPathStep[]): string {
  const first = path[0]!;
  if (
    /^(handles|runs before|called for each request)/.test(first.note ?? '') ||
    path.some((s) => /^routes /.test(s.note ?? ''))
  )
    return 'request';
  if (
    /^(ServeHTTP|fetch|listen|callback|wsgi_app)$/.test(first.name) ||
    path.some((s) => s.name === 'createServer') ||
    // a Ruby web framework's `call(env)` is Rack's interface, a Python one's `__call__` ASGI's or
    // WSGI's: each call is one request
    (((first.name === 'call' && /\.rb$/.test(first.path)) ||
      (first.name === '__call__' && /\.py$/.test(first.path))) &&
      /framework|web-application/.test(a.identity?.kind ?? ''))
  )
    return 'request';
  if (first.name === 'main') return 'run of the program';
  return a.identity?.kind === 'library' || a.identity?.kind === 'framework' ? 'call' : 'run';
}

/**
 * A hook that runs around the work rather than doing it: `PersistentPreRunE`, `before_request`,
 * `PostRun`. A word `pre`/`post`/`before`/`after` that opens the name or a camel-case hump of it.
 */
const aroundTheWork = (name: string) =>
  /(?:^|[a-z_])(?:[Pp]re|[Pp]ost|[Bb]efore|[Aa]fter)(?:[A-Z_]|$)/.test(name);

/** "the function set in `Command`'s field `RunE`, else `Run`": a hook kept in a field, named as the user's. */
function userStep(path: MainPathStep[], s: MainPathStep): string {
  const holder = s.owner ?? (s.from !== undefined ? path[s.from]!.owner : undefined);
  // a field the product's own code fills (`buildRouterChains` composing the middleware chain) holds
  // what that code built, not a function the user set
  if (s.via)
    return `the function ${code(`${s.via.by}()`)} stores in ${holder ? `${code(holder)}'s field` : 'the field'} ${code(s.name)} (${cite(s.via.path, s.via.line)})`;
  return `the function the user set in ${holder ? `${code(holder)}'s field` : 'the field'} ${code(s.name)}${
    s.otherwise?.length ? `, else ${s.otherwise.map(code).join(', else ')}` : ''
  }`;
}

/** "One request enters at `Mux.ServeHTTP()` (`mux.go:63`) and passes through `chain()`, …". */
export function mainPathSentence(a: Analysis): string | null {
  const path = a.identity?.mainPath ?? [];
  if (path.length < 2) return null;
  const first = path[0]!;
  const named = (s: MainPathStep) => !s.external && !/^made by/.test(s.note ?? '');
  // set-up that runs once, then a returned function each request runs through: told as two parts, so
  // the entry is not given as where one request enters
  const split = perCallFrom(path);
  if (split > 0) {
    const setUp = path.slice(1, split).filter(named);
    const each = path.slice(split).filter(named);
    if (each.length)
      return `${stepName(first)} (${cite(first.path, first.line)}) sets up once${
        setUp.length ? `, through ${joinSome(setUp.map(summaryStep), 3)}` : ''
      }; then each ${unitOf(a, path)} passes through ${joinSome(each.map(summaryStep), 5)}.`;
  }
  // where the user's own code runs (a function the product was handed) is where one call does its work;
  // hooks run around it (a pre-run hook before the work) are passed over for it when the path has both
  const handed = path
    .map((s, i) => i)
    .filter((i) => i > 0 && path[i]!.handedIn !== undefined && named(path[i]!));
  const user = handed.find((i) => !aroundTheWork(path[i]!.name)) ?? handed[0] ?? -1;
  // the summary keeps the calls that lead there and fills up with the others in path order; a hook the
  // user set in a field closes the list, named as what it is, so only the calls before it join the list
  const field = path[user]?.handedIn === 'field';
  const toUser = new Set<number>();
  for (let i = field ? (path[user]!.from ?? 0) : user; i > 0 && !toUser.has(i); i = path[i]!.from ?? 0)
    toUser.add(i);
  const joins = (i: number) =>
    i > 0 && !toUser.has(i) && named(path[i]!) && (!field || (i < user && path[i]!.handedIn === undefined));
  const budget = field ? 6 : 5;
  const others = path.map((_, i) => i).filter(joins);
  const keep = new Set([...toUser, ...others.slice(0, Math.max(0, budget - toUser.size))]);
  const rest = path.filter((_, i) => keep.has(i)).slice(0, budget);
  // the library the work goes on in: of the calls that carry it there, the deepest on the path
  const depth = (s: MainPathStep): number => (s.from === undefined ? 0 : 1 + depth(path[s.from]!));
  const lib = path
    .filter((s) => s.external && s.external !== 'node:http')
    .reduce<MainPathStep | undefined>((best, s) => (!best || depth(s) > depth(best) ? s : best), undefined);
  // a package the summary already names as the maker of a step's code is not named again
  const told = new Set(
    rest.flatMap((s) => (s.handedIn && s.runs && 'module' in s.runs ? [s.runs.module] : [])),
  );
  const tail = lib && !told.has(lib.external!) ? `, handing work to ${code(lib.external!)} on the way` : '';
  const through = rest.length ? ` and passes through ${joinSome(rest.map(summaryStep), budget)}` : '';
  const work = field ? `${rest.length ? ', then calls' : ' and calls'} ${userStep(path, path[user]!)}` : '';
  return `One ${unitOf(a, path)} enters at ${stepName(first)} (${cite(first.path, first.line)})${through}${work}${tail}.`;
}

/** A step's note with its names and paths as code, and anything else from the code base as plain text. */
function noteOf(note: string): string {
  const called =
    /^(called|made|bound) by (\S+)(?: at ([^\s,]+))?(?: through (\S+))?(?:, and calls (\S+) again)?(, every \d+\w\w time)?$/.exec(
      note,
    );
  if (called) {
    const [, verb, who, at, through, again, every] = called;
    return `${verb} by ${code(who!)}${at ? ` at ${code(at)}` : ''}${through ? ` through ${code(through)}` : ''}${
      again ? `, and calls ${code(again)} again` : ''
    }${every ?? ''}`;
  }
  const served = /^called for each request by the server (\S+) makes at (\S+)$/.exec(note);
  if (served) return `called for each request by the server ${code(served[1]!)} makes at ${code(served[2]!)}`;
  const routes = /^routes (?:([A-Z]+) )?(\S+) to (\S+)$/.exec(note);
  if (routes)
    return `routes ${code(`${routes[1] ? `${routes[1]} ` : ''}${routes[2]}`)} to ${code(routes[3]!)}`;
  const handles = /^handles (\d+ routes?), e\.g\. (.+)$/.exec(note);
  if (handles) return `handles ${handles[1]}, e.g. ${code(handles[2]!)}`;
  return text(note);
}

/** ", of the nearest ancestor that sets one (…), or of every one when `X` is set": whose hook runs. */
function ancestorsText(s: MainPathStep): string {
  const up = s.ancestors;
  if (!up) return '';
  const walk = cite(s.path, up.line);
  const kind = up.type ? code(up.type) : 'object';
  if (!up.nearest) return `, of the ${kind} and every ancestor up its parent link (${walk})`;
  return `, of the nearest ${kind} up its parent link, itself first, that sets one (${walk})${
    up.unless ? `, or of every one when ${code(up.unless)} is set` : ''
  }`;
}

/** For a call of code the product was given: where the caller got it. */
function handedIn(s: MainPathStep): string {
  const user = !!s.runs && 'user' in s.runs;
  const pkg = s.runs && 'module' in s.runs ? `, a function ${code(s.runs.module)} made` : '';
  const made = s.via
    ? `, ${code(short(s.via.expression))} from ${code(s.via.by)} at ${cite(s.via.path, s.via.line)}${pkg}`
    : '';
  const fn = user ? "the user's function" : 'the function';
  if (s.handedIn === 'parameter') return `: ${fn} handed to it as the parameter ${code(s.name)}${made}`;
  if (s.handedIn === 'field')
    return `: ${fn} stored in its field ${code(s.name)}${
      s.otherwise?.length ? `, else ${s.otherwise.map(code).join(', else ')}` : ''
    }${made}${ancestorsText(s)}`;
  if (s.handedIn === 'result' && s.via)
    return `: ${user ? "the user's handler" : 'the handler'} ${code(short(s.via.expression))} found at ${cite(s.via.path, s.via.line)}`;
  return '';
}

/** A long expression cut at a word, for a step's line. */
const short = (expression: string) => {
  // long enough for a constructor call with its list of parts (`new SmartRouter({ routers: [...] })`)
  if (expression.length <= 90) return expression;
  const cut = expression.slice(0, 87);
  const space = cut.lastIndexOf(' ');
  return `${space > 40 ? cut.slice(0, space) : cut}…`;
};

/** "; the subclasses in `a.ts:3` and `b.ts:5` set it to `x` and `y` instead": the variants on offer. */
function variants(others: { expression: string; path: string; line: number }[]): string {
  if (!others.length) return '';
  const many = others.length > 1;
  return `; ${many ? 'the subclasses' : 'the subclass'} in ${joinSome(
    others.map((o) => cite(o.path, o.line)),
    4,
  )} ${many ? 'set' : 'sets'} it to ${joinSome(
    others.map((o) => code(short(o.expression))),
    4,
  )} instead`;
}

/**
 * " It tries the values in `this.#routers` in turn, passing over one that throws `E`, and keeps the
 * first that does not (`router.ts:46`).": how a step that falls back chooses what does the work.
 */
function fallbackText(s: MainPathStep): string {
  const f = s.fallback;
  if (!f) return '';
  const skips = f.error ? `passing over one that throws ${code(f.error)}` : 'passing over one that fails';
  const settles =
    f.keeps !== undefined
      ? `and keeps the first that does not (${cite(s.path, f.keeps)})`
      : `and stops at the first that does not (${cite(s.path, f.line, f.end)})`;
  return ` It tries the values in ${code(f.over)} in turn, ${skips}, ${settles}.`;
}

/** How a step is reached beyond the call: through a field's value, or once a promise resolves. */
function reached(s: MainPathStep): string {
  const parts: string[] = [];
  if (s.via?.field)
    parts.push(
      `through ${code(s.via.field)}, set to ${code(short(s.via.expression))} by ${code(s.via.by)} at ${cite(s.via.path, s.via.line)}${variants(s.via.others ?? [])}`,
    );
  if (s.after) parts.push(`once ${code(s.after.call)} resolves at ${cite(s.after.path, s.after.line)}`);
  return parts.map((p) => `, ${p}`).join('');
}

/**
 * ", inside a database transaction (`transaction.atomic`, …) that locks the row it reads
 * (`select_for_update`, …)": what keeps two requests for one record from overwriting each other.
 */
function transactionText(s: MainPathStep): string {
  const t = s.transaction;
  if (!t) return '';
  const opened = `${code(t.opener)} at ${cite(s.path, t.line)}`;
  return t.lock
    ? `; it runs inside a database transaction (${opened}) and locks the rows it reads until the transaction ends (${code(t.lock.call)} at ${cite(s.path, t.lock.line)}), so concurrent requests for one record wait their turn`
    : `; it runs inside a database transaction (${opened})`;
}

/**
 * " For a `Group`, `Group.invoke()` (…) takes its place and calls `Group.resolve_command()` (…) at …,
 * then this path's `make_context()` (at …) and `invoke()` (at …) again.": how nested work goes on.
 */
/** " It is declared by an interface; `json.Codec` (…) and `yaml.Codec` (…) implement it.": who does the work. */
function implementationsText(s: MainPathStep): string {
  const impls = s.implementations ?? [];
  if (!impls.length) return '';
  const named = impls.map((i) => `${code(i.name)} (${cite(i.path, i.line)})`);
  return ` The interface only declares it; ${joinAnd(named)} ${impls.length === 1 ? 'implements' : 'implement'} it, and the one the value holds runs.`;
}

function overrideText(s: MainPathStep): string {
  const o = s.override;
  if (!o) return '';
  const own = o.own.map(
    (c) =>
      `${methodName({ name: c.name, owner: o.owner })} (${cite(o.path, c.defLine)}) at ${cite(o.path, c.line)}`,
  );
  const again = o.again.map((c) => `${code(`${c.name}()`)} (at ${cite(o.path, c.line)})`);
  const calls = [
    ...(own.length ? [`calls ${joinAnd(own)}`] : []),
    ...(again.length ? [`${own.length ? 'then ' : ''}runs this path's ${joinAnd(again)} again`] : []),
  ];
  return ` For ${article(o.owner)} ${code(o.owner)}, ${methodName(o)} (${cite(o.path, o.line)}) takes its place and ${calls.join(', ')}.`;
}

/** ", which runs `Parser::parse_source()`, then `Analyzer::analyze()`": the stages a step hands its work to. */
function stagesText(s: MainPathStep): string {
  if (!s.stages?.length) return '';
  const sep = s.path.endsWith('.rs') ? '::' : '.';
  const names = s.stages.map((n) => code(`${n.replace('.', sep)}()`));
  const built = s.builds ? ` to build the ${code(s.builds)}` : '';
  return `, which runs ${names.slice(0, -1).join(', ')}, then ${names[names.length - 1]}${built}`;
}

/** " Its methods evaluate assignments, sets and parameters.": what an undocumented type the path makes does. */
function doesText(s: MainPathStep): string {
  if (!s.does?.objects.length) return '';
  return ` Its methods ${s.does.verb} ${joinSome(s.does.objects, 8)}.`;
}

/**
 * " Its `evaluate_value()` evaluates 16 kinds of `Expression`, among them `And`, `Assert`, `Backtick` and
 * `Call`.": the enum a type's method chooses among by kind, named with the verb its methods share.
 */
function casesText(s: MainPathStep): string {
  const c = s.cases;
  if (!c) return '';
  const verb = s.does && c.method.toLowerCase().startsWith(`${s.does.verb}_`) ? `${s.does.verb}s` : 'handles';
  const named = c.kinds.slice(0, 4).map(code);
  const among = c.kinds.length > named.length ? `, among them ${joinAnd(named)}` : `: ${joinAnd(named)}`;
  return ` Its ${code(`${c.method}()`)} ${verb} ${c.kinds.length} kinds of ${code(c.of)}${among}.`;
}

/** " `Justfile.run_recipe` calls it a second time at …, with `recipe.subsequents()` in place of `recipe.priors()`." */
function againText(s: MainPathStep, caller: MainPathStep | undefined): string {
  const a = s.again;
  if (!a || !caller) return '';
  const who = code(caller.owner ? `${caller.owner}.${caller.name}` : caller.name);
  return ` ${who} calls it a second time at ${cite(caller.path, a.line)}, with ${code(a.now)} in place of ${code(a.was)}.`;
}

/** ", which writes a file into a temporary directory (…) and runs it (…)": a script run from a file. */
function scriptText(s: MainPathStep): string {
  const x = s.script;
  if (!x) return '';
  return `, which writes a file into a temporary directory (${cite(s.path, x.made)}, ${cite(s.path, x.written)}) and makes the command that runs it (${cite(s.path, x.run)})`;
}

/** ", by default through `sh -cu` (`DEFAULT_SHELL` and `DEFAULT_SHELL_ARGS`, …)": the product's named default. */
function namedDefaultText(s: MainPathStep): string {
  const d = s.defaults;
  if (!d) return '';
  return `, by default through ${code(d.value)} (${joinAnd(d.names.map(code))}, ${cite(d.path, d.line, d.end > d.line ? d.end : undefined)})`;
}

/** ", written by `#[derive(Parser)]`": a step whose code a derive macro generates. */
function derivedText(s: MainPathStep): string {
  if (!s.derived) return '';
  const [name, crate] = s.derived.split(' of ');
  return `, written by ${crate ? `${crate}'s ` : ''}${code(`#[derive(${name})]`)}`;
}

/** ", given the receiving end of the channel `bounded()` makes at …": what joins a step to the one beside it. */
function channelText(s: MainPathStep): string {
  const c = s.channel;
  if (!c) return '';
  const end = c.end === 'both' ? '' : `the ${c.end} end of `;
  return `, given ${end}the channel ${code(`${c.made}()`)} makes at ${cite(c.path, c.line)}`;
}

/**
 * " It stores `rctx` in the request's context under `RouteCtxKey` (…), where `Mux.routeHTTP()` reads
 * it back. Before `h.ServeHTTP()` runs, it calls `r.SetPathValue()` (…) and sets `r.Pattern` (…)":
 * the state a step leaves in the request for the steps after it.
 */
function requestStateText(s: MainPathStep, unit = 'request'): string {
  const out: string[] = [];
  const c = s.context;
  // the context belongs to the unit of work: a request's, or one call's of a command-line library
  if (c)
    out.push(
      `It stores ${code(c.value)} in the ${unit}'s context under ${code(c.key)} (${cite(s.path, c.line)})${
        c.readBy ? `, where ${methodName(c.readBy)} reads it back` : ''
      }.`,
    );
  if (s.sets?.length && s.setsBefore) {
    const calls = s.sets.filter((w) => w.call).map((w) => `${code(`${w.name}()`)} (${cite(s.path, w.line)})`);
    const fields = s.sets.filter((w) => !w.call).map((w) => `${code(w.name)} (${cite(s.path, w.line)})`);
    const what = [
      calls.length ? `calls ${joinSome(calls, 3)}` : '',
      fields.length ? `sets ${joinSome(fields, 3)}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    out.push(
      `Before ${code(`${s.setsBefore.owner ? `${s.setsBefore.owner}.` : ''}${s.setsBefore.name}()`)} runs, it ${what} on the request.`,
    );
  }
  return out.length ? ` ${out.join(' ')}` : '';
}

/**
 * What the maker does with a value the path makes: ", as `c`, passed first to `handler` (`a.ts:434`)
 * and `composed()` (`a.ts:455`)". A plain name is a function called; anything else is shown as written.
 */
function handedAsText(s: MainPathStep): string {
  const h = s.handedAs;
  if (!h) return '';
  const to = h.calls
    .slice(0, 3)
    .map((c) => `${code(/^[\w$]+$/.test(c.callee) ? `${c.callee}()` : c.callee)} (${cite(h.path, c.line)})`);
  return `, as ${code(h.name)}, passed first to ${joinAnd(to)}`;
}

/** " (or, when `c.TraverseChildren` holds, `Command.Traverse()` (…) at …)": the call made instead under a switch. */
function alternativeText(s: MainPathStep): string {
  const o = s.alternative;
  if (!o) return '';
  return ` (or, when ${code(o.when)} holds, ${methodName(o)} (${cite(o.path, o.line)}) at ${cite(o.path, o.at)})`;
}

/** The main path, step by step with citations: where the unit of work enters and where it is done. */
export function mainPathParts(a: Analysis): string[] {
  const path = a.identity?.mainPath ?? [];
  if (path.length < 2) return [];
  const unit = unitOf(a, path);
  const line = (s: MainPathStep) => {
    const why = noteOf(s.note ?? '');
    // the author's own words for the step, as plain text
    const doc = s.doc ? ` ${text(s.doc.replace(/[.!?]?$/, '.'))}` : doesText(s);
    const cases = casesText(s);
    const caller = s.from !== undefined ? path[s.from] : undefined;
    return `${stepName(s)} (${cite(s.path, s.line)})${why ? `, ${why}` : ''}${alternativeText(s)}${scriptText(s)}${namedDefaultText(s)}${handedAsText(s)}${reached(s)}${derivedText(s)}${stagesText(s)}${channelText(s)}${handedIn(s)}${transactionText(s)}.${doc}${cases}${againText(s, caller)}${readsText(s)}${implementationsText(s)}${overrideText(s)}${fallbackText(s)}${requestStateText(s, unit)}`;
  };
  // the steps given the two ends of a channel run at the same time, on threads of their own
  const order = path.some((s) => s.channel)
    ? '; the steps given the ends of a channel run at the same time'
    : '';
  // the opening names the span of the path, from where to where; not a count, which would say the
  // trace holds every call the work makes
  const span = (steps: MainPathStep[]) =>
    steps.length > 1
      ? `from ${stepName(steps[0]!)} to ${stepName(steps.at(-1)!)}`
      : `through ${stepName(steps[0]!)}`;
  // a webhook the outside service calls back is a second request, told as such
  const back = path.findIndex((s, i) => i > 0 && s.calledBack);
  if (back > 0)
    return [
      `One ${unitOf(a, path)} runs ${span(path.slice(0, back))}:`,
      bullets(path.slice(0, back).map(line)),
      `An outside service then calls the product back; that second request runs ${span(path.slice(back))}:`,
      bullets(path.slice(back).map(line)),
      ...dispatchParts(a),
    ];
  // set-up that runs once (a listener building the function it hands the server) is told apart from
  // the steps that function runs for each unit of work
  const first = perCallFrom(path);
  if (first > 0) {
    const p = path[first]!.perCall!;
    const maker = path[path[first]!.from!]!;
    return [
      `Before any ${unitOf(a, path)}, set-up runs once, ${span(path.slice(0, first))}:`,
      bullets(path.slice(0, first).map(line)),
      `Then each ${unitOf(a, path)} runs through the function ${code(p.name)} that ${methodName(maker)} returns (${cite(maker.path, p.line)}), in these steps:`,
      bullets(path.slice(first).map(line)),
    ];
  }
  return [
    `One ${unitOf(a, path)} runs ${span(path)}${order}:`,
    bullets(path.map(line)),
    ...outcomeParts(a),
    ...dispatchParts(a),
    wrappersSentence(path[0]!),
  ].filter((p) => p !== '');
}

/**
 * The other work of a step that picks it by a value's kind: "`POST()` picks its work by `event.type`
 * (…): `product.created` and `product.updated` call `upsertProductRecord()`; …".
 */
export function dispatchParts(a: Analysis): string[] {
  const d = a.flow?.dispatch;
  if (!d?.step) return [];
  const arms = d.arms
    .slice(0, 6)
    .map(
      (arm) =>
        `${joinAnd(arm.cases.map(code))} ${arm.cases.length === 1 ? 'calls' : 'call'} ${joinAnd(arm.calls.map((c) => fnName({ name: c })))}`,
    );
  const more = d.arms.length > 6 ? `; ${plural(d.arms.length - 6, 'more arm')}` : '';
  return [
    `${fnName(d.step)} picks its work by ${code(d.subject)} (${cite(d.step.path, d.line)}): ${arms.join('; ')}${more}.`,
  ];
}

/**
 * How the handler the path enters answers: "`processFindForm()` answers in one of 3 ways: the view
 * `owners/findOwners` (…), a redirect to `/owners/…` (…), or the view `owners/ownersList` through
 * `addPaginationModel()` (…)."
 */
export function outcomeParts(a: Analysis): string[] {
  const outcomes = a.flow?.outcomes ?? [];
  const handler = (a.identity?.mainPath ?? []).find((s) => /^handles /.test(s.note ?? ''));
  if (outcomes.length < 2 || !handler) return [];
  // a redirect with a placeholder (`/owners/{id}`) reaches the product route of that shape
  const routes = (a.routes ?? []).filter((r) => !r.area || r.area === 'product').map((r) => r.path);
  const shape = (p: string) => p.replace(/(?<!\{)\{[^{}/]*\}/g, '{}');
  const reached = (target: string) =>
    target.includes('{') ? (routes.find((r) => shape(r) === shape(target)) ?? target) : target;
  // each answer with the condition it is given under; the last, given when none holds, is "otherwise"
  const conditioned = outcomes.some((o) => o.when);
  const one = (o: (typeof outcomes)[number], i: number) =>
    `${conditioned && !o.when && i === outcomes.length - 1 ? 'otherwise ' : ''}${
      o.kind === 'view' ? `the view ${code(o.target)}` : `a redirect to ${code(reached(o.target))}`
    }${o.via ? ` through ${fnName({ name: o.via, owner: handler.owner })}` : ''}${
      o.when ? ` when ${code(o.when)}` : ''
    } (${cite(handler.path, o.line)})`;
  return [
    `${fnName(handler)} answers in one of ${outcomes.length} ways: ${joinAnd(outcomes.map(one), 'or')}.`,
  ];
}

/**
 * "8 other product files call `Hono.fetch()` on an instance handed to them, so they add no path of
 * their own: 6 in `src/adapter` (…)": the adapters that drive the entry, by folder.
 */
export function wrappersSentence(entry: MainPathStep): string {
  const ws = entry.wrappedBy ?? [];
  if (!ws.length) return '';
  const folder = (p: string) => (p.includes('/') ? p.split('/').slice(0, -1).slice(0, 2).join('/') : '');
  const groups = new Map<string, { path: string; line: number }[]>();
  for (const w of ws) groups.set(folder(w.path), [...(groups.get(folder(w.path)) ?? []), w]);
  const parts = [...groups.entries()]
    .sort((x, y) => y[1].length - x[1].length || x[0].localeCompare(y[0]))
    .map(
      ([dir, files]) =>
        `${num(files.length)} in ${dir ? code(dir) : 'the root folder'} (${joinSome(
          files.map((w) => cite(w.path, w.line)),
          3,
        )})`,
    );
  return `${plural(ws.length, 'other product file')} ${ws.length === 1 ? 'calls' : 'call'} ${stepName(
    entry,
  )} on an instance handed to ${ws.length === 1 ? 'it' : 'them'}, so ${ws.length === 1 ? 'it leads' : 'they lead'} into this same path: ${joinSome(parts, 4)}.`;
}

/**
 * The index of the first step that runs inside a function its caller returns, when every step after it
 * runs there too (directly or called from one that does); else -1.
 */
function perCallFrom(path: MainPathStep[]): number {
  const first = path.findIndex((s) => s.perCall && s.from !== undefined);
  if (first <= 0) return -1;
  const inside = (i: number): boolean =>
    !!path[i]!.perCall || (path[i]!.from !== undefined && path[i]!.from! >= first && inside(path[i]!.from!));
  return path.slice(first).every((_, k) => inside(first + k)) ? first : -1;
}

/** The step near the entry that makes the most calls (then has the most work behind it): the main path. */
function mainStep(flow: Flow): FlowStep | undefined {
  return flow.steps
    .filter((s) => s.depth <= 1 && s.calls.some((c) => !c.from))
    .sort((x, y) => y.calls.length - x.calls.length || y.weight - x.weight)[0];
}

/** How to order a step's callees when a list is cut short: by the work behind each, a private helper last. */
function byWork(flow: Flow, step: FlowStep): (c: FlowCall) => number {
  const work = new Map(flow.steps.map((s) => [`${s.path}:${s.line}`, s.weight]));
  return (c) =>
    c.name.startsWith('_') ? -1 : (work.get(`${c.path}:${c.target}`) ?? 0) * (c.path === step.path ? 1 : 3);
}

/** "an" before a vowel or a spelled-out capital (`an HTTPAdapter`), else "a". */
const article = (name: string) => (/^[AEIOU]|^[FHLMNRSX][A-Z]/.test(name) ? 'an' : 'a');

/** `Mux.Use()` in Go, `Session.mount()` in Python: a method as its users call it. */
const methodName = (p: { name: string; owner?: string }) =>
  code(`${p.owner ? `${p.owner}.` : ''}${p.name.replace(/^#/, '')}()`);

/**
 * What a registration point is handed, as its declared type says: "a `func(http.Handler)
 * http.Handler`", "a `BaseAdapter` (adapters.py:122)"; a type the product declares is named without
 * its type arguments and cited.
 */
function contractText(p: ExtensionPoint): string {
  const c = p.contract;
  if (!c) return '';
  const each = p.many ? 'each' : '';
  if (c.type === 'function') return `, ${each ? 'each ' : ''}a function`;
  const declared = c.path && c.line;
  const type = declared ? c.type.split(/[<[]/)[0]!.split('.').pop()! : c.type;
  return `, ${each ? 'each ' : ''}${article(type)} ${code(type)}${declared ? ` (${cite(c.path!, c.line)})` : ''}`;
}

/** "appends its `fn`, a function, to `this.middleware`": how the point keeps what it is given. */
function storeText(p: ExtensionPoint): string {
  const given = `its ${code(p.value)}${contractText(p)}`;
  // a store made by a helper in another place is cited where it is made
  const at =
    p.storePath !== p.path || p.storeLine - p.line > 20 ? ` (${cite(p.storePath, p.storeLine)})` : '';
  switch (p.how) {
    case 'appends':
      return `appends ${given}, to ${code(p.store)}${at}`;
    case 'keyed':
      return `stores ${given}, in ${code(p.store)}${at} under its ${code(p.key ?? '')}`;
    case 'keyed-list':
      return `adds ${given}, to the list in ${code(p.store)}${at} under its ${code(p.key ?? '')}`;
    case 'calls':
      return `hands ${given}, to ${code(`${p.store}.${p.call}()`)}${at}`;
  }
}

/** "`Application.callback()` (…) passes them to `compose()`": where what was registered is used. */
function useText(p: ExtensionPoint): string {
  const r = p.runs;
  const w = r.within;
  // where the main path runs the use: "(called by `Command.execute()` at …, before `Command.ValidateArgs()`)"
  const within = !w
    ? ''
    : w.deferred
      ? `, which ${methodName(w)} defers at ${cite(w.path, w.line)} to run as it returns,`
      : `, which ${methodName(w)} calls at ${cite(w.path, w.line)}${w.before ? ` before ${methodName(w.before)}` : ''},`;
  const who = `${methodName(r)} (${cite(r.path, r.line)})${r.onPath ? ', on the main path,' : within}`;
  switch (r.how) {
    case 'passes':
      return `${who} passes them to ${code(`${r.callee}()`)}`;
    case 'iterates':
      return `${who} goes through them`;
    case 'calls':
      return `${who} calls ${code(`${r.callee}()`)} on them`;
    case 'looks up':
      return `${who} looks them up`;
  }
}

/** "It panics with "…" when `mx.handler != nil` (mux.go:102).": the rule the point enforces. */
function guardText(p: ExtensionPoint): string {
  const g = p.guard;
  if (!g) return '';
  const what = g.error
    ? `${article(g.error)} ${code(g.error)} ("${text(g.message)}")`
    : `"${text(g.message)}"`;
  return ` It ${g.verb} ${g.error ? what : `with ${what}`} when ${code(g.when)} (${cite(p.path, g.line)}).`;
}

/** "Its `event` must be `response` (hooks.py:22); any other raises a `ValueError` (models.py:262)." */
function closedKeysText(p: ExtensionPoint): string {
  const c = p.closedKeys;
  if (!c || !p.key) return '';
  const keys = c.keys.map(code);
  const which = keys.length === 1 ? keys[0]! : `one of ${joinAnd(keys)}`;
  const refusal = c.error ? `raises ${article(c.error)} ${code(c.error)}` : 'is refused';
  return ` Its ${code(p.key)} must be ${which} (${cite(c.path, c.line)}); any other ${refusal} (${cite(p.path, c.errorLine)}).`;
}

/** "By default, `Session.__init__()` (…) registers an `HTTPAdapter` under `https://` and `http://`." */
function defaultsText(p: ExtensionPoint): string {
  const d = p.defaults;
  if (!d) return '';
  const types = joinSome(
    d.types.map((t) => `${article(t)} ${code(t)}`),
    3,
  );
  const keys = d.keys.length ? ` under ${joinSome(d.keys.map(code), 4)}` : '';
  return ` By default, ${methodName(d)} (${cite(d.path, d.line)}) registers ${types}${keys}.`;
}

/** "`this.router` is any `Router` (…), by default a `SmartRouter` (…)." */
function pluggableText(p: ExtensionPoint): string {
  const g = p.pluggable;
  if (!g) return '';
  const fallback = g.default
    ? `, by default a ${code(g.default.name)} (${cite(g.default.path, g.default.line)})`
    : '';
  return ` ${code(p.store)} can be any ${code(g.type)} (${cite(g.path, g.line)})${fallback}.`;
}

/** One registration point in a sentence: what it keeps, where, and where that is used. */
function extensionSentence(p: ExtensionPoint): string {
  const via = p.via?.length
    ? ` ${joinSome(p.via.map(methodName), 3)} register${p.via.length === 1 ? 's' : ''} through it.`
    : '';
  return `${methodName(p)} (${cite(p.path, p.line)}) ${storeText(p)}; ${useText(p)}.${guardText(p)}${closedKeysText(p)}${defaultsText(p)}${pluggableText(p)}${via}`;
}

/** "`Command` holds the user's functions in its fields `PersistentPreRun`, … ; `Command.execute()` calls them." */
function hooksSentence(h: HookFields): string {
  const caller = `${methodName(h.caller)} (${cite(h.caller.path, h.caller.line)})${h.caller.onPath ? ', on the main path,' : ''}`;
  return `${code(h.owner)} holds the user's functions in its fields ${joinSome(h.fields.map(code), 5)} (${cite(h.path, h.line, h.endLine)}), the first declared as ${code(h.type)}; ${caller} calls them.`;
}

/**
 * "`command()` and `option()` build the class their `cls` argument names, by default `Command` and
 * `Option` (…): users pass their own subclass there."
 */
function classParamsSentence(cs: ClassParam[]): string {
  const fns = joinSome(
    cs.map((c) => methodName(c)),
    5,
  );
  const params = [...new Set(cs.map((c) => code(c.param)))];
  const defaults = joinSome([...new Set(cs.map((c) => c.default))].map(code), 5);
  const one = cs.length === 1;
  return `${fns} build${one ? 's' : ''} the class ${one ? 'its' : 'their'} ${joinSome(params, 3)} argument names, by default ${defaults} (${cite(cs[0]!.path, cs[0]!.line)}): users pass their own subclass there.`;
}

/**
 * "`Mux.With()` (…), `Mux.Group()` (…) and `Mux.Route()` (…) each return a new `Mux` as a `Router`;
 * `Mux.Group()` and `Mux.Route()` first hand it to the caller's `fn`, and `Mux.Route()` attaches it
 * through `Mux.Mount()` (…)."
 */
function composersSentence(cs: Composer[]): string {
  const owner = cs[0]!.owner;
  const returns = [...new Set(cs.map((c) => c.returns.replace(/^\*/, '')))];
  const as =
    returns.length === 1 && returns[0] !== owner ? ` as ${article(returns[0]!)} ${code(returns[0]!)}` : '';
  const named = (c: Composer) => `${methodName(c)} (${cite(c.path, c.line)})`;
  const each = cs.length === 1 ? 'returns' : 'each return';
  const hand = cs.filter((c) => c.hands);
  const fns = [...new Set(hand.map((c) => c.hands!))];
  const handText = hand.length
    ? `; ${joinSome(hand.map(methodName), 4)} first ${hand.length === 1 ? 'hands' : 'hand'} it to the caller's function${fns.length === 1 ? ` ${code(fns[0]!)}` : ''}`
    : '';
  const attach = cs.filter((c) => c.attaches);
  const attachText = attach.length
    ? `, and ${joinSome(attach.map(methodName), 3)} ${attach.length === 1 ? 'attaches' : 'attach'} it through ${joinSome(
        [...new Map(attach.map((c) => [c.attaches!.name, c.attaches!])).values()].map(
          (t) => `${methodName({ name: t.name, owner })} (${cite(t.path, t.line)})`,
        ),
        2,
      )}`
    : '';
  // what attaching does to the request's routing state: a mount shifting the path its router sees
  const shifted = [...new Map(attach.map((c) => [c.attaches!.name, c.attaches!])).values()].flatMap((t) =>
    t.rewrites?.length
      ? [
          ` For each request it passes on, ${methodName({ name: t.name, owner })} sets ${joinAnd(
            t.rewrites.map((w) => `${code(w.name)} (${cite(t.path, w.line)})`),
          )} before the attached handler runs.`,
        ]
      : [],
  );
  return `${joinSome(cs.map(named), 6)} ${each} a new ${code(owner)}${as}, which users fill with their own code${handText}${attachText}.${shifted.join('')}`;
}

/** "`RegisterMethod()` (…) adds its `method` to the package-level table `methodMap` (…), which `Mux.routeHTTP()` looks up on the main path (…)." */
function tableSentence(t: PackageTable): string {
  return `${methodName(t)} (${cite(t.path, t.line)}) adds its ${code(t.key)} to the package-level table ${code(t.table)} (${cite(t.tablePath, t.tableLine)}), which ${methodName(t.lookup)} looks up on the main path (${cite(t.lookup.path, t.lookup.line)}).`;
}

/**
 * "Users' handlers read what `Mux.ServeHTTP()` stores under `RouteCtxKey` through `RouteContext()` (…)
 * and `URLParam()` (…).": the exported functions that get at the state the main path keeps in the request.
 */
function accessorSentences(path: MainPathStep[]): string[] {
  return path.flatMap((s) =>
    s.context?.accessors?.length
      ? [
          `Users' handlers read what ${methodName(s)} stores under ${code(s.context.key)} through ${joinSome(
            s.context.accessors.map((x) => `${methodName(x)} (${cite(x.path, x.line)})`),
            4,
          )}.`,
        ]
      : [],
  );
}

/** "`options.compose` replaces `compose` (from `koa-compose`) as `this.compose` (…), which `Application.callback()` calls (…)." */
function optionSentence(o: OptionStrategy): string {
  const fallback = `${code(o.fallback)}${o.from ? ` (from ${code(o.from)})` : ''}`;
  return `The constructor option ${code(o.option)} replaces ${fallback} as ${code(o.field)} (${cite(o.path, o.line)}), which ${methodName(o.use)} calls (${cite(o.use.path, o.use.line)}).`;
}

/** "`Application` is an event emitter: the product emits `error` (…) for users to handle with `on('error', …)`; …" */
function eventsSentence(events: EmittedEvent[]): string {
  const owner = events[0]!.owner;
  const named = joinSome(
    events.map((e) => `${code(e.name)} (${cite(e.path, e.line)})`),
    3,
  );
  const fallbacks = events.flatMap((e) =>
    e.fallback
      ? [
          `${methodName(e.fallback.by)} adds ${methodName(e.fallback)} as the ${code(e.name)} listener when users add none (${cite(e.fallback.path, e.fallback.line)})`,
        ]
      : [],
  );
  return `${code(owner)} is an event emitter: the product emits ${named}, which users handle with ${code(`on('${events[0]!.name}', …)`)}${fallbacks.length ? `; ${joinSome(fallbacks, 2)}` : ''}.`;
}

/**
 * "`ParamType` (…) is an abstract base (“Represents the type of a parameter. …”); the product's own
 * subclasses include `Choice`, `Path` and `IntRange`, and users add their own kind the same way."
 */
function baseSentence(b: BaseClass): string {
  // the subclasses found are named, never counted: a class head over several lines may be missed
  const subs = b.subclasses.filter((n) => !/^[_#]/.test(n)).slice(0, 3);
  // the authors' words quoted beside the name, so that they read as theirs
  const doc = b.doc ? ` (“${text(b.doc.replace(/[.!?]$/, ''))}”)` : '';
  return `${code(b.name)} (${cite(b.path, b.line)}) is an abstract base${doc}; the product's own subclasses include ${joinAnd(
    subs.map(code),
  )}, and users add their own kind the same way.`;
}

/**
 * Ways users plug their own code into the product, and where that code is used; nothing when none
 * was found. The analysis finds some of them, never provably all: no "one point".
 */
export function extensionParts(a: Analysis): string[] {
  const x = extensionOf(a).value.detail;
  const items = [
    ...(x.extensions ?? []).map(extensionSentence),
    ...(x.registrations ?? []).map(extensionSentence),
    ...(x.hooks ? [hooksSentence(x.hooks)] : []),
    ...(x.classParams?.length ? [classParamsSentence(x.classParams)] : []),
    ...(x.composers?.length ? [composersSentence(x.composers)] : []),
    ...(x.bases ?? []).map(baseSentence),
    ...(x.tables ?? []).map(tableSentence),
    ...(x.options ?? []).map(optionSentence),
    ...(x.events?.length ? [eventsSentence(x.events)] : []),
    ...accessorSentences(a.identity?.mainPath ?? []),
  ];
  if (!items.length) return [];
  if (items.length === 1) return [`One way users plug their own code in: ${items[0]!}`];
  return ['Ways users plug their own code in include:', bullets(items)];
}

/**
 * "`HTTPAdapter` keeps a `PoolManager` from `urllib3.poolmanager` in its field `poolmanager` (…) for
 * the calls it serves; its constructor (…) sets it up with `pool_connections` and `pool_maxsize`, by
 * default `DEFAULT_POOLSIZE` = `10` (…)." Parameters sharing a default are told together.
 */
export function heldSentence(h: HeldObject): string {
  const byConstant = new Map<string, HeldObject['sizes']>();
  for (const z of h.sizes) byConstant.set(z.constant, [...(byConstant.get(z.constant) ?? []), z]);
  const settings = [...byConstant.values()].map((zs) => {
    const z = zs[0]!;
    const value = z.value && z.line ? ` = ${code(z.value)} (${cite(h.path, z.line)})` : '';
    return `${joinAnd(zs.map((x) => code(x.param)))}, by default ${code(z.constant)}${value}`;
  });
  const sized =
    h.ctorLine && settings.length
      ? `; its constructor (${cite(h.path, h.ctorLine)}) sets it up with ${settings.join(', and ')}`
      : '';
  return `${code(h.owner)} keeps ${article(h.type)} ${code(h.type)} from ${code(h.module)} in its field ${code(
    h.field,
  )} (${cite(h.path, h.line)}) for the calls it serves${sized}.`;
}

/**
 * "The library builds `Command` values of its own: `help` (…) and the hidden `__complete` (…), whose
 * `Run` calls `Command.getCompletions()` (…); `genBashComp()` and … take its name from
 * `ShellCompRequestCmd` (…) for what they write.": the product's own values of its central type.
 */
export function builtInsSentence(flow: Flow, owner: string | undefined, kind?: string): string {
  const all = flow.builtIns ?? [];
  if (!owner || !all.length) return '';
  const shown = all.filter((b) => !b.hidden);
  const hidden = all.filter((b) => b.hidden);
  const named = (b: (typeof all)[number]) => `${code(b.name)} (${cite(b.path, b.line)})`;
  const hiddenText = (b: (typeof all)[number]) => {
    const uses = (b.runs?.uses ?? []).map((u) =>
      u.filledBy
        ? `registered with ${methodName({ name: u.filledBy.name, owner })} (${cite(u.filledBy.path, u.filledBy.line)}; read at ${cite(u.path, u.line)})`
        : `set in the field ${code(u.name)} (${cite(u.path, u.line)})`,
    );
    const usesText = uses.length ? `, which calls the user's functions ${uses.join(' or ')}` : '';
    const runs = b.runs
      ? `, whose \`Run\` calls ${methodName({ name: b.runs.name, owner })} (${cite(b.path, b.runs.line)})${usesText}`
      : '';
    const ws = b.written ?? [];
    const one = ws.length === 1;
    const written = ws.length
      ? `. ${joinSome(
          ws.map((w) => code(`${w.name}()`)),
          4,
        )} ${one ? 'takes' : 'take'} the name ${code(b.name)} from ${code(b.constant!)} (${joinSome(
          ws.map((w) => cite(w.path, w.line)),
          2,
        )}) for what ${one ? 'it writes' : 'they write'}`
      : '';
    return `the hidden ${named(b)}${runs}${written}`;
  };
  const items = [...shown.map(named), ...hidden.map(hiddenText)];
  const who = kind === 'library' || kind === 'framework' ? `The ${kind}` : 'The product';
  // the writers of a hidden value's name close the sentence that names it, so it comes last
  return `${who} builds ${code(owner)} values of its own: ${joinSome(items, 8)}.`;
}

/**
 * "It is configured in the input it reads rather than by plugins: its input language has 10 kinds of
 * `Item` (…): `Alias`, … `Setting` and `Unexport`; beside them come 30 kinds of `Attribute` (…) …":
 * the language the main path lexes and parses, told by the enums its stages work with. The top level
 * is named kind by kind, the others by their count. That nothing plugs in is said only where no way to
 * plug code in was found.
 */
export function languageParts(a: Analysis, pluggable: boolean): string[] {
  const [top, ...rest] = extensionOf(a).value.detail.language ?? [];
  if (!top) return [];
  const kinds = (n: number, c: { name: string; path: string; line: number }) =>
    `${n} kinds of ${code(c.name)} (${cite(c.path, c.line)})`;
  const listed = top.kinds.length <= 10 ? `: ${joinAnd(top.kinds.map(code))}` : '';
  const others = rest.map((c, i) =>
    i ? `${c.kinds.length} of ${code(c.name)} (${cite(c.path, c.line)})` : kinds(c.kinds.length, c),
  );
  const lead = pluggable
    ? 'Its input language'
    : `${text(a.project.manifestName ?? a.project.name)} is configured in the input it reads rather than by plugins: its input language`;
  return [
    `${lead} has ${kinds(top.kinds.length, top)}${listed}${
      others.length ? `; beside them come ${joinAnd(others)}` : ''
    }.`,
  ];
}

/** The mechanism, whole: types, the traced calls, concurrency and request handlers. */
export function mechanismParts(a: Analysis): string[] {
  const flow = a.flow;
  if (!flow) return [];
  const parts: string[] = [];
  parts.push(...renderingParts(flow));
  parts.push(...clientsParts(flow));
  parts.push(...abstractionParts(a));
  // the main path when it was traced; else the steps with the most work behind them, told in the
  // order they are reached (one traced call says too little to be called a path)
  const main = mainPathParts(a);
  const heavy = new Set([...flow.steps].sort((x, y) => y.weight - x.weight).slice(0, MAX_STEPS));
  const steps = flow.steps.filter((s) => heavy.has(s));
  if (main.length) parts.push(...main, ...(flow.held ?? []).map(heldSentence));
  else if (steps.length >= 2)
    parts.push(
      `The product's own functions call each other from the entry point as follows, one call level at a time:`,
      bullets(steps.map(stepSentence)),
    );
  const extension = extensionParts(a);
  parts.push(...extension);
  parts.push(...languageParts(a, extension.length > 0));
  parts.push(...annotatedParts(flow));
  parts.push(...retryParts(flow));
  const own = builtInsSentence(flow, a.identity?.mainPath?.[0]?.owner, a.identity?.kind);
  if (own) parts.push(own);
  const conc = concurrencySentence(flow);
  if (conc) parts.push(conc);
  const layered = webLayersSentence(a);
  if (layered) parts.push(layered);
  parts.push(...handlerParts(flow));
  return parts;
}

/** Two sentences for the overview: the central types and the first traced step. */
export function mechanismDigest(a: Analysis): string | null {
  const flow = a.flow;
  if (!flow) return null;
  const first = mainStep(flow);
  // an application is driven by its requests: where they arrive and where the data goes
  const handlers = flow.handlers.filter((h) => h.uses.length);
  // the busiest is the file with the most routes, whatever types it works with
  const busiest = [...flow.handlers].sort((x, y) => y.routes - x.routes)[0];
  const requests =
    handlers.length && busiest
      ? `Requests reach ${plural(flow.handlers.length, 'handler file')}, the busiest being ${cite(busiest.path)} (${plural(busiest.routes, 'route')}).`
      : null;
  const sentences = [
    // the summary names the central types; the architecture section cites where each is defined
    centralTypesNamed(a),
    requests,
    requests ? storesSentence(flow, false) : null,
    ...renderingParts(flow, false),
    mainPathSentence(a) ??
      (requests
        ? null
        : first
          ? `Its main path runs through ${fnName(first)} (${cite(first.path, first.line)}), which ${stepBody(first, 4, byWork(flow, first))}.`
          : null),
    concurrencySentence(flow),
  ].filter(Boolean);
  return sentences.length ? sentences.join(' ') : null;
}

/**
 * The mechanism as findings, for the chapter intros and the model's evidence: the main path, the
 * central types, the concurrency and where an application keeps its data, each with its citations.
 */
export function mechanismFindings(a: Analysis): Finding[] {
  const flow = a.flow;
  if (!flow) return [];
  const out: Finding[] = [];
  const found = (statement: string | null, citations: string[]) => {
    if (statement) out.push({ statement, citations, aspect: 'flow' });
  };
  const path = a.identity?.mainPath ?? [];
  const story = mainPathSentence(a);
  if (story)
    found(
      story,
      path.slice(0, 4).map((s) => `${s.path}:${s.line}`),
    );
  const main = story ? undefined : mainStep(flow);
  if (main && !flow.handlers.some((h) => h.uses.length))
    found(`${fnName(main)} ${stepBody(main, 4, byWork(flow, main))}.`, [
      `${main.path}:${main.line}`,
      ...main.calls
        .filter((c) => c.path && c.target)
        .slice(0, 3)
        .map((c) => `${c.path}:${c.target}`),
    ]);
  const types = abstractionsOf(a).value.slice(0, 3);
  found(
    abstractionsSentence(a, 3, false),
    types.map((t) => `${t.path}:${t.line}`),
  );
  const points = extensionOf(a).value.detail.extensions ?? [];
  found(
    points.length
      ? `Users plug their own code in through ${joinSome(
          points.map((p) => `${methodName(p)}, which fills ${code(p.store)}`),
          4,
        )}.`
      : null,
    points.map((p) => `${p.path}:${p.line}`),
  );
  const concurrent = coreConcurrency(flow);
  found(
    concurrent.length
      ? `Work ${concurrent.every((c) => c.when) ? 'can run' : 'runs'} concurrently through ${joinSome(
          concurrent.map((c) => `${c.what}${c.when ? `, only when ${code(c.when)}` : ''}`),
          4,
        )}.`
      : null,
    concurrent.slice(0, 3).map((c) => `${c.path}:${c.line}`),
  );
  found(
    storesSentence(flow, false),
    flow.handlers
      .flatMap((h) => h.uses)
      .filter((u) => u.bases?.length)
      .slice(0, 3)
      .map((u) => `${u.path}:${u.line}`),
  );
  return out;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * False when a type's doc comment counts its methods ("adds two methods") and the code has another
 * number, or none the analysis counted: an outdated comment is not quoted as what the type is.
 */
export function docCountHolds(doc: string, methods: number | undefined): boolean {
  const m = /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:[a-z-]+\s+)?methods?\b/i.exec(
    doc,
  );
  if (!m) return true;
  const said = /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS.indexOf(m[1]!.toLowerCase());
  return methods !== undefined && methods > 0 && said === methods;
}
