// Which product files are the centre of the code: the files the main path runs through and the files
// of its central types first, then the files the most others use, counted by the work they do and by
// their role. A file many others name can still be a side show: a private compatibility shim, a
// framework's admin registrations, one plug-in among many, browser code in a server framework, an
// abstract base class without behaviour, generated code or a file of type declarations.

import { baseName } from '../sources.ts';
import { generatedHeader } from './generated.ts';
import type { Graph } from './rank.ts';
import type { SideRole, WebLayer } from '../types.ts';

/** How much of its centrality a file of each side role keeps. */
const SIDE_WEIGHT: Record<SideRole, number> = {
  compatibility: 0.2,
  private: 0.4,
  admin: 0.2,
  'plug-in': 0.3,
  'client-side': 0.2,
  'abstract-base': 0.3,
  generated: 0.1,
  'types-only': 0.3,
};

export function sideWeight(role: SideRole | undefined): number {
  return role ? SIDE_WEIGHT[role] : 1;
}

/** Folders whose children are each an optional piece the user picks: one middleware of many. */
const PLUG_IN_FOLDER =
  /^(middlewares?|plugins?|extensions?|addons?|add-ons|contrib|adapters?|helpers?|integrations?)$/i;
/** Plug-ins a folder must hold before one of them is only one choice among many. */
const MIN_SIBLINGS = 4;

// private compatibility and platform modules: click's `_compat.py`, `_winconsole.py`, Go's `*_windows.go`
const COMPAT_NAME =
  /^_.*(compat|platform|win|posix|unix|darwin|py2|py3)|(^|_)compat(_|$)|_(windows|win32|darwin|linux|unix|posix|plan9)$/i;
// an author saying the module is no part of the interface
const NOT_PUBLIC =
  /\bnot (a )?(part of (the )?)?public\b|\bfor internal use only\b|\bprivate (module|api)\b/i;
// UI libraries whose presence makes the product a browser application, where browser code is the point
const UI_DEPENDENCY =
  /^(react|react-dom|preact|vue|svelte|solid-js|next|nuxt|@angular\/core|lit|@remix-run\/react)$/;

export interface RoleContext {
  /** The product's code files: a plug-in counts its siblings among them. */
  productFiles: string[];
  /** The product's runtime dependencies by name. */
  dependencies: string[];
  /** The file's lines inside function bodies, when its language's definitions are read. */
  work: (path: string) => number | undefined;
}

/** The side role a file plays, read from its name, its folder, its header and its code. */
export function sideRole(path: string, text: string, ctx: RoleContext): SideRole | undefined {
  const name = baseName(path).replace(/\.[^.]+$/, '');
  // an author saying the module is no public interface says so at its top
  const head = text.slice(0, 1500);
  if (generatedHeader(text, path)) return 'generated';
  if (COMPAT_NAME.test(name)) return 'compatibility';
  // a module its author calls no part of the public API, or one Python's underscore marks private to
  // its package, does its work for a public module: that one is the centre
  if (NOT_PUBLIC.test(head) || (/\.py$/.test(path) && /^_[^_]/.test(name) && hasPublicSibling(path, ctx)))
    return 'private';
  if (/\.py$/.test(path) && name === 'admin' && /\badmin\.(site\.register|register|ModelAdmin)\b/.test(text))
    return 'admin';
  if (isClientSide(text) && !ctx.dependencies.some((d) => UI_DEPENDENCY.test(d))) return 'client-side';
  const work = ctx.work(path);
  if (isAbstractBase(text, work)) return 'abstract-base';
  if (work === 0 && declaresTypes(text)) return 'types-only';
  if (isOnePlugIn(path, ctx.productFiles)) return 'plug-in';
  return undefined;
}

/**
 * Whether the folder of a Python module also holds a public one: where every module is private (httpx's
 * `_client.py`, `_models.py`), the underscore hides the layout, not a helper.
 */
function hasPublicSibling(path: string, ctx: RoleContext): boolean {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  return ctx.productFiles.some(
    (p) =>
      p.endsWith('.py') &&
      p.startsWith(folder) &&
      !p.slice(folder.length).includes('/') &&
      !/^_/.test(baseName(p)),
  );
}

/** Code that runs in a browser: it drives the DOM, or it is a module of React-style hooks. */
function isClientSide(text: string): boolean {
  const dom =
    /\bdocument\.(createElement|createTextNode|getElementById|querySelector)|\b(requestAnimationFrame|queueMicrotask\(\s*\(\)\s*=>\s*\w+\.render)\b/;
  const hooks = text.match(/^export\s+(const|function|async function)\s+use[A-Z]\w*/gm) ?? [];
  return dom.test(text) || hooks.length >= 3;
}

/** An abstract base class or JPA `@MappedSuperclass` that holds fields and accessors, not behaviour. */
function isAbstractBase(text: string, work: number | undefined): boolean {
  const base = /@MappedSuperclass\b|^[ \t]*(public[ \t]+)?abstract[ \t]+class[ \t]/m.test(text);
  return base && (work ?? 0) < 25;
}

function declaresTypes(text: string): boolean {
  return /^[ \t]*(export[ \t]+)?(declare[ \t]+)?(type|interface|enum|struct|class|namespace)[ \t]/m.test(
    text,
  );
}

/** One child of a plug-in folder that holds at least MIN_SIBLINGS children among the product's files. */
function isOnePlugIn(path: string, productFiles: string[]): boolean {
  const parts = path.split('/');
  for (let i = parts.length - 2; i >= 0; i--) {
    if (!PLUG_IN_FOLDER.test(parts[i]!)) continue;
    const folder = `${parts.slice(0, i + 1).join('/')}/`;
    const children = new Set(
      productFiles
        .filter((p) => p.startsWith(folder))
        .map((p) =>
          p
            .slice(folder.length)
            .split('/')[0]!
            .replace(/\.[^.]+$/, ''),
        )
        .filter(
          (c) => !/^(index|mod|__init__|doc|types?|common|utils?)$/.test(c) && !/_test$|\.test$/.test(c),
        ),
    );
    return children.size >= MIN_SIBLINGS;
  }
  return false;
}

/** For each file, how many other files use it: refer to a name it defines or import it. */
export function usersOf(g: Graph): Map<string, number> {
  const users = new Map<string, number>();
  for (const [from, tos] of g.edges)
    for (const [to, w] of tos) if (from !== to && w >= 1) users.set(to, (users.get(to) ?? 0) + 1);
  return users;
}

/**
 * How central a file is by use: the files that use it and the rank their references earn, both
 * counted by the work the file does and by its role. The count of users keeps a file imported once by
 * an entry point from outranking the client eight files import; the rank breaks ties among files
 * used alike.
 */
export function useScore(users: number, rank: number, work: number, side: number): number {
  return (Math.sqrt(users + 1) + 10 * rank) * work * side;
}

/** The layer of a file in an MVC web application, or undefined for a file outside the three. */
export type Layer = WebLayer;

export const LAYERS: Layer[] = ['controller', 'service', 'entity'];
/** Files of each layer placed before the rest. */
const PER_LAYER = 3;

/** The web-application layer a file belongs to, by its annotations, directives or conventional name. */
export function layerOf(path: string, text: string): Layer | undefined {
  const name = baseName(path).replace(/\.[^.]+$/, '');
  if (
    /@(Rest)?Controller\b/.test(text) ||
    /^['"]use server['"]/m.test(text) ||
    /(Controller|Handler)$/.test(name) ||
    /^(views|controllers?|handlers?|route)$/.test(name)
  )
    return 'controller';
  if (
    /@(Service|Repository)\b|\bextends\s+(Jpa|Crud|PagingAndSorting)?Repository\b/.test(text) ||
    /(Service|Repository|Dao|DAO)$/.test(name) ||
    /^(services?|repositor(y|ies)|queries|dao)$/.test(name) ||
    queriesStore(text)
  )
    return 'service';
  if (/@Entity\b|@Table\b|\(models\.Model\)/.test(text) || /^(models?|entities|entity)$/.test(name))
    return 'entity';
  return undefined;
}

// code that queries a data store itself, whatever the file is called: a query builder's table
// (`.from('users')` then `.select(`, the Supabase and Knex way), a Prisma model's call, raw SQL
const QUERIES_STORE =
  /\.from\(\s*['"`]\w+['"`]\s*\)\s*\.(?:select|insert|upsert|update|delete)\(|\bprisma\.\w+\.(?:find(?:Many|Unique|First)\w*|create(?:Many)?|update(?:Many)?|upsert|delete(?:Many)?)\(|\.query\(\s*['"`]\s*(?:SELECT|INSERT|UPDATE|DELETE)\s/;

/** Whether a file's code reads or writes a data store through a query builder, Prisma or raw SQL. */
export function queriesStore(text: string): boolean {
  return QUERIES_STORE.test(text);
}

export interface CentreInput {
  /** Every ranked product file's centrality by use (useScore). */
  score: Map<string, number>;
  /** The files of the main path's own steps. */
  pathFiles: string[];
  /** The files of the central types, in their order. */
  typeFiles: string[];
  /** Side roles of the files that have one. */
  side: Map<string, SideRole>;
  /** Layers of a web application's files; empty for any other project. */
  layers: Map<string, Layer>;
}

/** Files of the main path placed first: a long path through many small files leaves room for the rest. */
const PATH_FILES = 5;

/**
 * The product files in order of centrality: the main path's files, the most used first; then, in a
 * web application, its controllers before its services and repositories before its entities (the
 * most used few of each); then the files of the central types that play no side role; then the rest
 * by use.
 */
export function centreOrder(input: CentreInput): string[] {
  const score = (p: string) => input.score.get(p) ?? 0;
  const byUse = [...input.score.keys()].sort((x, y) => score(y) - score(x) || x.localeCompare(y));
  const out: string[] = [];
  const add = (p: string) => {
    if (!out.includes(p)) out.push(p);
  };
  // when the path runs through more files than there is room for, those it takes the most steps in
  // stay: a binding table one step makes (a scope, a cache) gives way to the evaluator the path
  // calls twice, however many files use the table; the files kept are then ordered by use
  const steps = (p: string) => input.pathFiles.filter((x) => x === p).length;
  [...new Set(input.pathFiles)]
    .sort((x, y) => steps(y) - steps(x) || score(y) - score(x) || x.localeCompare(y))
    .slice(0, PATH_FILES)
    .sort((x, y) => score(y) - score(x) || x.localeCompare(y))
    .forEach(add);
  // the most used few of each layer, so that many small controllers leave room for the other layers
  for (const layer of LAYERS)
    byUse
      .filter((p) => input.layers.get(p) === layer && !input.side.has(p))
      .slice(0, PER_LAYER)
      .forEach(add);
  for (const p of input.typeFiles) if (!input.side.has(p)) add(p);
  byUse.forEach(add);
  return out;
}
