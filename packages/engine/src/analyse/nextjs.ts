// Next.js file-system routing: the routes a Next.js project answers on come from where its files
// sit (app/**/page.tsx, app/**/route.ts, pages/**), not from calls in the code; its entry points are
// the root layout, the middleware and the custom App.

import { baseName, dirName, LineIndex, packageJsons, type Sources } from './sources.ts';
import type { NextRendering, Route } from './types.ts';

const HTTP_METHODS = 'GET|HEAD|POST|PUT|DELETE|PATCH|OPTIONS';
// the default pageExtensions: .mdx pages need next.config to opt in
const SCRIPT_EXT = /\.(tsx|jsx|ts|js)$/;

/** The folders of Next.js projects: those whose package.json depends on `next`. */
export function nextProjectDirs(src: Sources): string[] {
  const out: string[] = [];
  for (const { path, pkg } of packageJsons(src)) {
    const declared = [pkg.dependencies, pkg.devDependencies].some(
      (d) => !!d && typeof d === 'object' && 'next' in d,
    );
    if (declared) out.push(dirName(path));
  }
  return out;
}

const under = (dir: string, sub: string) => (dir ? `${dir}/${sub}` : sub);

/** The router folder of a project: `app` (or `pages`) at its root, else under `src/`, as Next.js looks. */
function routerRoot(has: (dir: string) => boolean, dir: string, name: 'app' | 'pages'): string | undefined {
  return [under(dir, name), under(dir, `src/${name}`)].find(has);
}

export interface NextLayout {
  dir: string;
  app?: string;
  pages?: string;
}

/** Where each Next.js project keeps its App Router and Pages Router folders. */
export function nextLayouts(src: Sources, paths: string[] = src.files.map((f) => f.path)): NextLayout[] {
  const folders = new Set<string>();
  for (const p of paths) for (let d = dirName(p); d && !folders.has(d); d = dirName(d)) folders.add(d);
  const has = (d: string) => folders.has(d);
  return nextProjectDirs(src).map((dir) => ({
    dir,
    app: routerRoot(has, dir, 'app'),
    pages: routerRoot(has, dir, 'pages'),
  }));
}

/**
 * The URL path of an App Router folder: route groups `(name)` leave no segment; null for folders
 * that are not addressable on their own (private `_x`, parallel `@slot`, intercepting `(.)x`).
 */
export function appRoutePath(segments: string[]): string | null {
  const kept: string[] = [];
  for (const s of segments) {
    if (s.startsWith('_') || s.startsWith('@') || /^\(\.{1,3}\)/.test(s)) return null;
    if (/^\([^)]*\)$/.test(s)) continue;
    kept.push(s);
  }
  return '/' + kept.join('/');
}

/** The URL path of a Pages Router file (`pages/blog/[slug].tsx` → `/blog/[slug]`); null for special files. */
export function pagesRoutePath(rel: string): string | null {
  if (!SCRIPT_EXT.test(rel) || /\.d\.ts$|\.(test|spec)\.[jt]sx?$/.test(rel)) return null;
  const segments = rel.replace(SCRIPT_EXT, '').split('/');
  // _app, _document, _error and the error pages are not addressable routes
  if (segments.length === 1 && /^(_\w+|404|500)$/.test(segments[0]!)) return null;
  if (segments.at(-1) === 'index') segments.pop();
  return '/' + segments.join('/');
}

/** The HTTP methods a route handler exports: `export async function GET`, `export const POST =`, `export { h as GET }`. */
export function routeHandlerMethods(text: string): { method: string; line: number }[] {
  const out: { method: string; line: number }[] = [];
  const index = new LineIndex(text);
  const add = (method: string, at: number) => {
    if (!out.some((o) => o.method === method)) out.push({ method, line: index.lineOf(at) });
  };
  const direct = new RegExp(
    `^[ \\t]*export\\s+(?:async\\s+)?(?:function\\s*|const\\s+|let\\s+|var\\s+)(${HTTP_METHODS})\\b`,
    'gm',
  );
  for (const m of text.matchAll(direct)) add(m[1]!, m.index);
  for (const m of text.matchAll(/^[ \t]*export\s*\{([^}]{0,2000})\}/gm)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/(?<!\s)\s+as\s+/)
        .pop()!
        .trim();
      if (new RegExp(`^(${HTTP_METHODS})$`).test(name)) add(name, m.index);
    }
  }
  return out;
}

/** The name and line of a module's default export, if it names one. */
function defaultExport(text: string): { handler?: string; line: number } {
  const m =
    /^[ \t]*export\s+default\s+(?:async\s+)?(?:function(?:\s*\*)?\s*([\w$]+)|class\s+([\w$]+)|([\w$]+)[ \t]*(?:;[ \t]*)?$)/m.exec(
      text,
    );
  if (!m) return { line: 1 };
  return { handler: m[1] ?? m[2] ?? m[3], line: new LineIndex(text).lineOf(m.index) };
}

/**
 * The routes of Next.js projects from their files: App Router pages (GET) and route handlers (their
 * exported methods), Pages Router pages (GET) and API routes (any method).
 */
export function nextRoutes(
  layouts: NextLayout[],
  paths: string[],
  textOf: (p: string) => string | null,
): Route[] {
  const out: Route[] = [];
  for (const { app, pages } of layouts) {
    for (const p of paths) {
      if (app && p.startsWith(app + '/')) out.push(...appRoutes(p, p.slice(app.length + 1), textOf));
      else if (pages && p.startsWith(pages + '/'))
        out.push(...pagesRoutes(p, p.slice(pages.length + 1), textOf));
    }
  }
  return out;
}

function appRoutes(path: string, rel: string, textOf: (p: string) => string | null): Route[] {
  const file = baseName(rel);
  const page = /^page\.(tsx|jsx|ts|js)$/.test(file);
  if (!page && !/^route\.(ts|js|tsx|jsx)$/.test(file)) return [];
  const url = appRoutePath(rel.split('/').slice(0, -1));
  const text = textOf(path);
  if (url === null || text == null) return [];
  if (page) return [{ method: 'GET', path: url, framework: 'Next.js', file: path, ...defaultExport(text) }];
  return routeHandlerMethods(text).map(({ method, line }) => ({
    method,
    path: url,
    framework: 'Next.js',
    file: path,
    line,
    handler: method,
  }));
}

function pagesRoutes(path: string, rel: string, textOf: (p: string) => string | null): Route[] {
  const url = pagesRoutePath(rel);
  const text = url === null ? null : textOf(path);
  if (url === null || text == null) return [];
  const method = rel.startsWith('api/') ? 'ANY' : 'GET';
  return [{ method, path: url, framework: 'Next.js', file: path, ...defaultExport(text) }];
}

/** The files Next.js itself loads first: the root layout, the middleware (`proxy` since Next.js 16), the custom App. */
export function nextEntryFiles(
  layouts: NextLayout[],
  has: (p: string) => boolean,
): { path: string; how: string }[] {
  const out: { path: string; how: string }[] = [];
  const first = (bases: string[], how: string) => {
    const hit = bases.flatMap((b) => ['tsx', 'ts', 'jsx', 'js'].map((e) => `${b}.${e}`)).find(has);
    if (hit) out.push({ path: hit, how });
  };
  for (const { dir, app, pages } of layouts) {
    // middleware sits beside app/ or pages/: at the project root, or in src/ when they are there
    const srcLayout = [app, pages].some((r) => r?.endsWith('src/app') || r?.endsWith('src/pages'));
    const mwDir = srcLayout ? under(dir, 'src') : dir;
    first(
      [`${mwDir}/middleware`, `${mwDir}/proxy`].map((p) => p.replace(/^\//, '')),
      'Next.js middleware',
    );
    if (app) first([`${app}/layout`], 'Next.js root layout (App Router)');
    if (pages) first([`${pages}/_app`], 'Next.js custom App (Pages Router)');
  }
  return out;
}

/** The module-level directive of a file (`'use client'`, `'use server'`), before any other statement. */
function directive(text: string): 'client' | 'server' | null {
  const head = text.replace(/^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '');
  const m = /^(['"])use (client|server)\1/.exec(head);
  return m ? (m[2] as 'client' | 'server') : null;
}

/** The rendering model of the Next.js projects among `paths` (product files), or null when there are none. */
export function nextRendering(src: Sources, paths: string[]): NextRendering | null {
  const layouts = nextLayouts(src).filter((l) => l.app);
  if (!layouts.length) return null;
  const out: NextRendering = { serverComponents: [], clientComponents: [], serverActions: [] };
  for (const p of paths) {
    if (!SCRIPT_EXT.test(p)) continue;
    const text = src.text(p);
    if (text == null) continue;
    const d = directive(text);
    if (d === 'client') out.clientComponents.push(p);
    else if (d === 'server') {
      const names = [
        ...text.matchAll(/^export\s+(?:default\s+)?(?:async\s+)?function\s+([A-Za-z_$][\w$]*)/gm),
      ].map((m) => m[1]!);
      const line = new LineIndex(text).lineOf(text.search(/['"]use server['"]/));
      out.serverActions.push({ path: p, line, names });
    } else if (
      layouts.some((l) => p.startsWith(`${l.app}/`)) &&
      /^(page|layout)\.(tsx|jsx|ts|js)$/.test(baseName(p))
    )
      out.serverComponents.push(p);
  }
  const redirects = actionRedirects(src, paths, out.serverActions);
  if (redirects) out.redirects = redirects;
  return out.serverActions.length || out.clientComponents.length || out.serverComponents.length ? out : null;
}

/** A top-level function or arrow function a module defines: `export async function f(`, `const f = (`. */
const TOP_FUNCTION =
  /^(?:export\s+)?(?:async\s+)?function\s+([A-Za-z_$][\w$]*)|^(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]*)?=\s*(?:async\s+)?(?:\(|[A-Za-z_$][\w$]*\s*=>)/;
/** A URL whose query string is built from values: `${path}?${key}=…`, `?status=${…}`. */
const QUERY_BUILT = /\?\$\{[\w$]+\}=|\?[\w-]+=\$\{/;

/** The top-level functions of a module, each with its line and its text up to the next top-level line. */
function topFunctions(text: string): { name: string; line: number; body: string }[] {
  const lines = text.split('\n');
  const out: { name: string; line: number; body: string }[] = [];
  let open: { name: string; line: number; from: number } | undefined;
  const close = (to: number) => {
    if (open) out.push({ name: open.name, line: open.line, body: lines.slice(open.from, to).join('\n') });
    open = undefined;
  };
  lines.forEach((l, i) => {
    const m = TOP_FUNCTION.exec(l);
    if (m) {
      close(i);
      open = { name: (m[1] ?? m[2])!, line: i + 1, from: i };
    } else if (/^(?:export|import|const|let|var|type|interface)\b/.test(l)) close(i);
  });
  close(lines.length);
  return out;
}

/**
 * Server actions that answer with the URL to go to next, the outcome written into its query string by
 * a product helper (`return getErrorRedirect('/signin', 'Sign in failed.', error.message)`), and the
 * client modules that read that query string back (`useSearchParams().get('error')`). Two actions at
 * least, since one such return is a detail of that action rather than how the actions report.
 */
function actionRedirects(
  src: Sources,
  paths: string[],
  actions: NextRendering['serverActions'],
): NextRendering['redirects'] | undefined {
  const fns = new Map<string, { name: string; path: string; line: number; body: string }[]>();
  const readers: { path: string; line: number }[] = [];
  for (const p of paths) {
    if (!SCRIPT_EXT.test(p)) continue;
    const text = src.text(p);
    if (text == null) continue;
    for (const f of topFunctions(text)) fns.set(f.name, [...(fns.get(f.name) ?? []), { ...f, path: p }]);
    const read = /\b(?:useSearchParams\(\)|searchParams)\.get\(\s*['"]/.exec(text);
    if (read && /\buseSearchParams\b/.test(text))
      readers.push({ path: p, line: new LineIndex(text).lineOf(read.index) });
  }
  const all = [...fns.values()].flat();
  const builders = new Set(all.filter((f) => QUERY_BUILT.test(f.body)).map((f) => f.name));
  const calls = (body: string, names: Set<string>) =>
    [...names].filter((n) => new RegExp(`(?<![\\w$.])${n.replace(/\$/g, '\\$')}\\s*\\(`).test(body));
  // a helper builds the URL itself or through one that does (`getErrorRedirect` → `getToastRedirect`)
  const helpers = new Set([
    ...builders,
    ...all.filter((f) => calls(f.body, builders).length).map((f) => f.name),
  ]);
  const answering: string[] = [];
  const used = new Set<string>();
  for (const a of actions) {
    const text = src.text(a.path) ?? '';
    for (const f of topFunctions(text).filter((x) => a.names.includes(x.name))) {
      const via = calls(f.body, helpers);
      if (!via.length || !/\breturn\b/.test(f.body)) continue;
      answering.push(f.name);
      for (const h of via) used.add(h);
    }
  }
  if (answering.length < 2) return undefined;
  return {
    actions: answering,
    helpers: [...used].sort().map((name) => {
      const f = fns.get(name)![0]!;
      return { name, path: f.path, line: f.line };
    }),
    readers,
  };
}
