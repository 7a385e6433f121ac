// What a web application gives its users beyond listing and editing its records, and the choices
// that only show in its code: the plug-in packages its work goes out through, features its routes,
// tables and libraries show, a storage backend configuration switches on, and documentation pages
// a command of its own generates.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Analysis, Flow, Route } from '../analyse/types.ts';
import type { Workspace } from '../types.ts';
import { abstractionsOf } from './model.ts';
import { cite, code, joinAnd, joinSome, plural, text, unique } from './writers/markdown.ts';

/** Sibling packages under one folder before they count as a family of one shape (plug-ins, integrations). */
export const FAMILY_MIN = 5;

/** A test file's name: `x.test.ts`, `x.spec.js`, `test_x.py`, `x_test.go`. */
const isTestName = (f: string) => /\.(?:test|spec)\.\w+$|^test_\w+\.py$|_test\.\w+$/.test(f);

export interface PackageFamily {
  dir: string;
  /** The packages, by folder name. */
  subs: string[];
  /** The files at least four in five of them hold, tests and bare entry files left out. */
  shared: string[];
  /** How many packages hold every one of the first four shared files. */
  least: number;
  /** The central type one shared file derives from in at least four in five of them. */
  kind?: { file: string; n: number; type: Flow['abstractions'][number] };
}

/**
 * A folder whose subfolders are packages of one shape, each with the same files (an integration's
 * `transport.py`, `urls.py` and `views.py`): one plug-in per subfolder, which the file sample alone
 * never shows.
 */
export function packageFamily(
  dir: string,
  paths: string[],
  types: Flow['abstractions'] = [],
): PackageFamily | null {
  const byDir = new Map<string, Set<string>>();
  for (const p of paths) {
    if (!p.startsWith(`${dir}/`)) continue;
    const parts = p.slice(dir.length + 1).split('/');
    if (parts.length !== 2 || /^(tests?|__pycache__)$/.test(parts[0]!)) continue;
    const files = byDir.get(parts[0]!) ?? new Set<string>();
    files.add(parts[1]!);
    byDir.set(parts[0]!, files);
  }
  const subs = [...byDir.keys()].sort();
  if (subs.length < FAMILY_MIN) return null;
  const counts = new Map<string, number>();
  for (const files of byDir.values()) for (const f of files) counts.set(f, (counts.get(f) ?? 0) + 1);
  const shared = [...counts]
    // a package's tests and its bare entry file say nothing of its shape
    .filter(
      ([f, n]) =>
        n * 5 >= subs.length * 4 && !/^__init__\.py$|^index\.[jt]s$|^mod\.rs$/.test(f) && !isTestName(f),
    )
    .map(([f]) => f)
    .sort();
  if (shared.length < 2) return null;
  const least = Math.min(...shared.slice(0, 4).map((f) => counts.get(f)!));
  let kind: PackageFamily['kind'];
  for (const file of shared) {
    for (const type of types) {
      const files = new Set(type.subclassed?.files ?? []);
      const n = subs.filter((s) => files.has(`${dir}/${s}/${file}`)).length;
      if (n < FAMILY_MIN || n * 5 < subs.length * 4) continue;
      kind = { file, n, type };
      break;
    }
    if (kind) break;
  }
  return { dir, subs, shared, least, ...(kind ? { kind } : {}) };
}

/**
 * The largest family of plug-in packages in the product whose members each derive from one central
 * type: the folders that hold the type's subclasses are the candidates.
 */
export function pluginFamily(a: Analysis, productPaths: Set<string>): PackageFamily | null {
  const types = abstractionsOf(a).value;
  const dirs = unique(
    types.flatMap((t) =>
      (t.subclassed?.files ?? [])
        .filter((f) => productPaths.has(f))
        .map((f) => path.posix.dirname(path.posix.dirname(f))),
    ),
  ).filter((d) => d !== '.');
  const paths = a.files.map((f) => f.path);
  let best: PackageFamily | null = null;
  for (const dir of dirs) {
    const family = packageFamily(dir, paths, types);
    if (family?.kind && (!best || family.kind.n > best.kind!.n)) best = family;
  }
  return best;
}

/**
 * "29 packages under `hc/integrations` plug into it, each through a subclass of `Transport` (…) in its
 * `transport.py`, whose `notify()` is documented as “…”": what the plug-ins are for, in the words of
 * the method the base type leaves to them, which says where the product's work goes out.
 */
export function pluginSentence(family: PackageFamily | null): string | null {
  const kind = family?.kind;
  if (!family || !kind) return null;
  const open = kind.type.subclassed?.open;
  const what = open?.doc
    ? `, whose ${code(`${open.name}()`)} is documented as “${text(open.doc.replace(/[.!?]?$/, '.'))}”`
    : '';
  // only the packages that derive from the type are named: the count is of them
  const files = new Set(kind.type.subclassed?.files ?? []);
  const members = family.subs.filter((s) => files.has(`${family.dir}/${s}/${kind.file}`));
  // a quoted doc ends with its own full stop
  return `${plural(kind.n, 'package')} under ${code(family.dir)} (${joinSome(members.map(code), 3)}) plug into it, each through a subclass of ${code(kind.type.name)} (${cite(kind.type.path, kind.type.line)}) in its ${code(kind.file)}${what}${what ? '' : '.'}`;
}

/** Libraries whose import means the product signs users in with a security key (WebAuthn, FIDO2). */
const SECURITY_KEY_LIBS = [
  'fido2',
  'webauthn',
  'py_webauthn',
  '@simplewebauthn/server',
  'github.com/go-webauthn/webauthn',
  'webauthn-rs',
];
/** Libraries whose import means the product checks one-time codes from an authenticator app (TOTP). */
const ONE_TIME_CODE_LIBS = [
  'pyotp',
  'django_otp',
  'otplib',
  'speakeasy',
  'rotp',
  'github.com/pquerna/otp',
  'totp-rs',
];

/** A product file imports the library: its module or a submodule of it. */
function importedBy(a: Analysis, productPaths: Set<string>, libs: string[]): string | undefined {
  const hit = a.imports.find(
    (i) =>
      !i.resolved &&
      productPaths.has(i.from) &&
      libs.some(
        (l) => i.specifier === l || (/^[./:]/.test(i.specifier.slice(l.length)) && i.specifier.startsWith(l)),
      ),
  );
  return hit?.from;
}

/** A stored entity that stands for a person: the table a membership links to. */
const PERSON = /^(?:user|account|person|auth_?user)s?$/i;

/**
 * What the application offers that its record routes do not say, each from its own evidence:
 * badges from routes that serve them, a record shared with its members from a membership table that
 * links people to it, and sign-in with security keys or one-time codes from the libraries the
 * product's own code imports for them.
 */
export function productFeatures(
  a: Analysis,
  productPaths: Set<string>,
): {
  badges?: Route;
  shared?: { table: string; record: string; file: string; line: number };
  keys?: string;
  codes?: string;
} {
  const routes = a.routes.filter((r) => (!r.area || r.area === 'product') && productPaths.has(r.file));
  const badgeRoutes = routes.filter((r) => r.path.split('/').some((s) => /^badges?$/i.test(s)));
  // the route that serves a badge (`/badge/…`) before the API that lists them
  const badges =
    badgeRoutes.find((r) => /^badges?$/i.test(r.path.split('/').filter(Boolean)[0] ?? '')) ?? badgeRoutes[0];
  // a membership links people to one kind of record, and a word before "Member" names it
  // (`ProjectMember`); a board member's office and term are what the member holds, not shares
  const member = (a.dataModel ?? []).find((e) => {
    if (e.store === 'schema' || !/members?(?:hips?)?$/i.test(e.name) || !productPaths.has(e.file))
      return false;
    const rel = e.relations ?? [];
    const records = new Set(rel.filter((r) => !PERSON.test(r.to) && r.to !== e.name).map((r) => r.to));
    const prefix = e.name.replace(/members?(?:hips?)?$/i, '');
    return (
      rel.some((r) => PERSON.test(r.to)) &&
      records.size === 1 &&
      (!prefix || prefix.toLowerCase() === [...records][0]!.toLowerCase())
    );
  });
  const record = member?.relations?.find((r) => !PERSON.test(r.to) && r.to !== member.name)?.to;
  return {
    ...(badges ? { badges } : {}),
    ...(member && record
      ? { shared: { table: member.name, record, file: member.file, line: member.line } }
      : {}),
    ...(importedBy(a, productPaths, SECURITY_KEY_LIBS)
      ? { keys: importedBy(a, productPaths, SECURITY_KEY_LIBS) }
      : {}),
    ...(importedBy(a, productPaths, ONE_TIME_CODE_LIBS)
      ? { codes: importedBy(a, productPaths, ONE_TIME_CODE_LIBS) }
      : {}),
  };
}

/** "projects" from `Project`: a table's name as the plural noun a reader says. */
function pluralNoun(name: string): string {
  const w = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return w.endsWith('y') && !/[aeiou]y$/.test(w)
    ? `${w.slice(0, -1)}ies`
    : /(?:s|x|ch|sh)$/.test(w)
      ? `${w}es`
      : `${w}s`;
}

/** The features as phrases, each with its evidence, for the summary; bare phrases for the conclusion. */
export function featurePhrases(f: ReturnType<typeof productFeatures>, cited = true): string[] {
  const out: string[] = [];
  const at = (s: string) => (cited ? ` (${s})` : '');
  // a badge route's path up to its first parameter: `/badge/…`
  const stem = (p: string) => {
    const segments = p.split('/');
    const first = segments.findIndex((x) => /[*:<[{]/.test(x));
    return first < 0 ? p : `${segments.slice(0, first).join('/')}/…`;
  };
  if (f.badges)
    out.push(`badges${at(`${code(stem(f.badges.path))}, ${cite(f.badges.file, f.badges.line)}`)}`);
  if (f.shared)
    out.push(
      `${pluralNoun(f.shared.record)} shared with their members${at(`the ${code(f.shared.table)} table, ${cite(f.shared.file, f.shared.line)}`)}`,
    );
  // a one-time code is always a second factor; a security key beside it is the other one offered
  const keys = f.keys && `security keys (WebAuthn${cited ? `, ${cite(f.keys)}` : ''})`;
  const codes = f.codes && `one-time codes (TOTP${cited ? `, ${cite(f.codes)}` : ''})`;
  if (keys && codes) out.push(`two-factor sign-in with ${keys} or ${codes}`);
  else if (codes) out.push(`two-factor sign-in with ${codes}`);
  else if (keys) out.push(`sign-in with ${keys}`);
  return out;
}

/**
 * "Beyond these, it offers badges (…), projects shared with their members (…) and two-factor sign-in
 * with …". Said where at least two features show, so one stray route never makes a feature list.
 */
export function featureSentence(a: Analysis, productPaths: Set<string>): string | null {
  const items = featurePhrases(productFeatures(a, productPaths));
  if (items.length < 2) return null;
  return `Its routes, tables and libraries show what else it offers: ${joinAnd(items)}.`;
}

/** Libraries that reach an object store (S3 and the services that speak its protocol, GCS, Azure Blob). */
const OBJECT_STORE_LIBS = [
  'minio',
  'boto3',
  'aioboto3',
  'google.cloud.storage',
  'azure.storage.blob',
  '@aws-sdk/client-s3',
  '@google-cloud/storage',
  '@azure/storage-blob',
  'github.com/minio/minio-go',
  'github.com/aws/aws-sdk-go-v2/service/s3',
];

/** Files read to find where the code branches on a setting; a bound, not a guess at size. */
const READ_BUDGET = 4 * 1024 * 1024;

function readText(workspace: Workspace, p: string): string {
  try {
    return readFileSync(path.join(workspace.root, p), 'utf8');
  } catch {
    return '';
  }
}

/** The function or method a line lies in, from the symbols before it: `Check.ping()`. */
function enclosing(a: Analysis, file: string, line: number): string | null {
  const before = a.symbols.filter((s) => s.path === file && s.line <= line);
  const fn = before.filter((s) => s.kind === 'function' || s.kind === 'method').at(-1);
  if (!fn) return null;
  const owner =
    fn.kind === 'method' ? before.filter((s) => s.kind === 'class' && s.line < fn.line).at(-1) : undefined;
  return `${owner ? `${owner.name}.` : ''}${fn.name}()`;
}

/**
 * "Object storage is optional, switched on by configuration: when `S3_BUCKET` is set, `Check.ping()`
 * (…) and `Check.prune()` (…) take the branch that uses it, and `hc/lib/s3.py` reaches the store through
 * minio (…)." The rule: a variable with no default that the file importing an object-store client
 * reads, and that other product code tests in an `if`; unset, the store is never used.
 */
export function optionalStoreSentence(
  a: Analysis,
  workspace: Workspace,
  productPaths: Set<string>,
): string | null {
  const clients = a.imports.filter(
    (i) =>
      !i.resolved &&
      productPaths.has(i.from) &&
      OBJECT_STORE_LIBS.some(
        (l) => i.specifier === l || (i.specifier.startsWith(l) && /^[./:]/.test(i.specifier.slice(l.length))),
      ),
  );
  // the product's wrapper of the client, which the rest of its code goes through, before a file that
  // only uses the client on the side
  const users = (p: string) => a.imports.filter((i) => i.resolved === p && productPaths.has(i.from)).length;
  const client = [...clients].sort((x, y) => users(y.from) - users(x.from))[0];
  if (!client) return null;
  const clientFiles = new Set(clients.map((c) => c.from));
  const optional = unique(
    a.envVars
      .filter(
        (e) =>
          (!e.area || e.area === 'product') && !e.hasDefault && e.defaultValue === undefined && !e.required,
      )
      .map((e) => e.name),
  ).filter((n) => /^[A-Z][A-Z0-9_]+$/.test(n));
  const clientText = readText(workspace, client.from);
  const named = optional.filter((n) => new RegExp(`\\b${n}\\b`).test(clientText));
  if (!named.length) return null;
  let budget = READ_BUDGET;
  const sites = new Map<string, { file: string; line: number }[]>();
  for (const f of a.files) {
    if (!productPaths.has(f.path) || clientFiles.has(f.path) || f.size > budget) continue;
    budget -= f.size;
    const body = readText(workspace, f.path);
    if (!named.some((n) => body.includes(n))) continue;
    body.split('\n').forEach((l, i) => {
      for (const n of named)
        // a branch on the setting: `if settings.S3_BUCKET:`, `if (process.env.S3_BUCKET)`, `unless ENV['X']`
        if (/^\s*(?:\}\s*)?(?:if|elif|else if|unless)\b/.test(l) && new RegExp(`\\b${n}\\b`).test(l))
          sites.set(n, [...(sites.get(n) ?? []), { file: f.path, line: i + 1 }]);
    });
  }
  const [name, at] = [...sites].sort((x, y) => y[1].length - x[1].length)[0] ?? [];
  if (!name || !at) return null;
  const lib = OBJECT_STORE_LIBS.find((l) => client.specifier.startsWith(l))!;
  const places = at.map((s) => {
    const fn = enclosing(a, s.file, s.line);
    return fn ? `${code(fn)} (${cite(s.file, s.line)})` : cite(s.file, s.line);
  });
  return `Object storage is optional, switched on by configuration: when ${code(name)} is set, the code takes the branches that use it in ${joinSome(places, 3)}, and ${code(client.from)} reaches the store through ${text(lib)} (${cite(client.from, client.line)}).`;
}

/** Libraries that turn Markdown into HTML. */
const MARKDOWN_LIBS = [
  'markdown',
  'markdown2',
  'mistune',
  'commonmark',
  'markdown_it',
  'marked',
  'markdown-it',
  'remark',
  'showdown',
  'micromark',
  'redcarpet',
  'kramdown',
  'commonmarker',
  'github.com/yuin/goldmark',
];

/**
 * "The documentation pages the site serves at `/docs/` (…) are generated: `manage.py render_docs` (…)
 * renders Markdown files in `templates/docs` into `.html-fragment` files with markdown, and
 * `serve_doc()` reads them." The rule: a command the product ships imports a Markdown renderer and
 * names the file suffix it writes; a route's handler reads files of that suffix from the same folder.
 */
export function docsPipelineSentence(
  a: Analysis,
  workspace: Workspace,
  productPaths: Set<string>,
): string | null {
  const commands = new Map((a.identity?.entryPoints ?? []).map((e) => [e.path, e]));
  const render = a.imports.find(
    (i) =>
      !i.resolved && commands.has(i.from) && productPaths.has(i.from) && MARKDOWN_LIBS.includes(i.specifier),
  );
  if (!render) return null;
  const source = readText(workspace, render.from);
  // the suffix it writes: a file suffix other than Markdown's own among its string literals
  const suffixes = unique([...source.matchAll(/["'](\.[a-z][\w-]*)["']/g)].map((m) => m[1]!)).filter(
    (s) => !/^\.(?:md|markdown|py|js|ts|rb)$/.test(s),
  );
  const folders = unique([...source.matchAll(/["']([\w-]+(?:\/[\w-]+)+)\/?["']/g)].map((m) => m[1]!));
  if (suffixes.length !== 1) return null;
  const suffix = suffixes[0]!;
  const routes = a.routes.filter((r) => (!r.area || r.area === 'product') && r.handler);
  for (const r of routes) {
    const handler = r.handler!.split('.').at(-1)!;
    const defs = a.symbols.filter(
      (s) => s.name === handler && s.path !== render.from && productPaths.has(s.path),
    );
    for (const d of defs) {
      // the handler's own lines, up to the next definition in its file
      const next = a.symbols
        .filter((s) => s.path === d.path && s.line > d.line)
        .reduce((m, s) => Math.min(m, s.line), Infinity);
      const body = readText(workspace, d.path)
        .split('\n')
        .slice(d.line - 1, Number.isFinite(next) ? next - 1 : undefined)
        .join('\n');
      if (!body.includes(suffix)) continue;
      const folder = folders.find((f) => body.includes(f));
      const entry = commands.get(render.from)!;
      const command = /\(([^()]+)\)$/.exec(entry.how ?? '')?.[1];
      const by = command
        ? `${code(command)} (${cite(render.from, entry.line)})`
        : cite(render.from, entry.line);
      return `The documentation pages the site serves at ${code(r.path)} (${cite(r.file, r.line)}) are generated from Markdown: ${by}, a command the project ships, renders the Markdown files${folder ? ` in ${code(folder)}` : ''} into ${code(suffix)} files with the ${text(render.specifier)} library, and ${code(`${handler}()`)} (${cite(d.path, d.line)}) reads them.`;
    }
  }
  return null;
}
