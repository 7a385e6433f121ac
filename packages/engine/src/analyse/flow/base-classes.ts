// The kinds users add their own of: an abstract base class of the product (it derives from `ABC`, is
// declared `abstract`, or leaves a method to its subclasses by raising `NotImplementedError`), which
// its authors document as a base to derive from, and which the product itself subclasses several
// times (a parameter type's `Choice`, `IntRange`, `Path`; an auth scheme's `HTTPBasicAuth`,
// `HTTPDigestAuth`). One implementation is an interface with its default, told by the registration
// point that takes it; several show a family users extend.

import type { BaseClass } from '../types.ts';
import type { FileModel, Target } from './definitions.ts';

/** Subclasses the product must define before a base counts as a family. */
const MIN_SUBCLASSES = 2;
const MAX = 3;

/** A body that leaves the work to subclasses: `raise NotImplementedError`, `throw new Error(…)`. */
const LEFT_OPEN = /^(?:raise\s+NotImplementedError\b|throw\s+new\s+Error\()/;

function isAbstract(t: Target): boolean {
  const head = t.file.bare[t.def.line - 1] ?? '';
  if (/\babstract\s+class\b/.test(head) || t.def.bases?.some((b) => /^(?:ABC|ABCMeta)$/.test(b))) return true;
  if (/metaclass\s*=\s*(?:abc\.)?ABCMeta\b/.test(head)) return true;
  return openMethod(t) !== undefined;
}

/**
 * The first method a type leaves to its subclasses: its whole body raises (`raise
 * NotImplementedError`), and a `throw` that guards a check is no such method.
 */
export function openMethod(t: Target): Target['def'] | undefined {
  return t.file.defs
    .filter((d) => d.owner === t.def.name && d.kind !== 'type')
    .find((d) => {
      const body = t.file.bare
        .slice(d.line, d.end)
        .map((l) => l.trim())
        .filter((l) => l && !/^["'{}]+$/.test(l) && !l.startsWith('@'));
      return (
        body.length > 0 && body.length <= 2 && body.every((l) => LEFT_OPEN.test(l) || /^[)};]+$/.test(l))
      );
    });
}

/**
 * The product files that define a subclass of a type, directly or through other subclasses (a
 * `Discord(Slackalike)` whose `Slackalike` derives from `HttpTransport(Transport)`): where a family of
 * plug-ins shows what each plug-in is.
 */
export function subclassFiles(models: FileModel[], name: string): string[] {
  const children = new Map<string, { name: string; path: string }[]>();
  for (const m of models)
    for (const d of m.defs)
      if (d.kind === 'type')
        for (const b of d.bases ?? []) {
          // `transports.Transport`, `Base[T]`: the type's own name
          const bare = b.split('[')[0]!.split('.').pop()!;
          children.set(bare, [...(children.get(bare) ?? []), { name: d.name, path: m.path }]);
        }
  const seen = new Set<string>([name]);
  const files = new Set<string>();
  const queue = [name];
  while (queue.length) {
    for (const c of children.get(queue.shift()!) ?? []) {
      files.add(c.path);
      if (seen.has(c.name)) continue;
      seen.add(c.name);
      queue.push(c.name);
    }
  }
  return [...files].sort();
}

/** Its authors say it is there to be derived from: "Base class for…", "subclass and implement…". */
const FOR_SUBCLASSES = /\bbase\s+class\b|\bsubclass|\bderive[sd]?\b|\bimplement(?:s|ations?)?\b/i;

/** The documentation of a type: a Python docstring below its line, else the comment block above. */
function docBlock(text: string, t: Target): string {
  const lines = text.split('\n');
  if (t.file.language === 'Python') {
    const below = lines.slice(t.def.line, t.def.line + 30).join('\n');
    return /^\s*[rRuU]?("""|''')([\s\S]*?)\1/.exec(below)?.[2] ?? '';
  }
  const out: string[] = [];
  for (let i = t.def.line - 2; i >= 0 && i >= t.def.line - 40; i--) {
    const l = lines[i]!.trim();
    if (/^(?:\/\/|\/\*|\*|#(?!\[))/.test(l)) out.unshift(l);
    else if (!l.startsWith('@')) break;
  }
  return out.join('\n');
}

/**
 * The product's abstract bases with at least two public subclasses, most subclasses first; `skip`
 * holds the types the report already tells (the central types, the contracts of registration
 * points), and errors are left out: an exception hierarchy is raised, not extended.
 */
export function baseClasses(
  models: FileModel[],
  types: Map<string, Target[]>,
  skip: Set<string>,
  /** The names the package exports to its users. */
  exported: Set<string>,
  doc: (t: Target) => string | undefined,
  /** A file's text with its comments and docstrings. */
  raw: (path: string) => string | null | undefined,
): BaseClass[] {
  const children = new Map<string, string[]>();
  for (const m of models)
    for (const d of m.defs)
      if (d.kind === 'type')
        for (const b of d.bases ?? []) children.set(b, [...(children.get(b) ?? []), d.name]);
  const descendants = (name: string, seen = new Set<string>()): string[] => {
    for (const c of children.get(name) ?? [])
      if (!seen.has(c)) {
        seen.add(c);
        descendants(c, seen);
      }
    return [...seen];
  };
  const out: BaseClass[] = [];
  for (const [name, defs] of types) {
    const t = defs[0];
    if (!t || skip.has(name) || /^_/.test(name) || /(?:Error|Exception|Warning)$/.test(name)) continue;
    const subs = descendants(name).filter((n) => n !== name);
    if (subs.filter((n) => !n.startsWith('_')).length < MIN_SUBCLASSES || !isAbstract(t)) continue;
    if (subs.some((n) => /(?:Error|Exception)$/.test(n))) continue;
    // that users add their own is their authors' word, not a guess: an internal family (one adapter's
    // event processors) is abstract too, but not documented as a base to derive from
    if (!FOR_SUBCLASSES.test(docBlock(raw(t.file.path) ?? '', t))) continue;
    // the ones the package exports first (`Choice`, `Path`, not a `BoolParamType` behind a `BOOL`
    // constant), then the ones its code names most; private ones last
    const uses = (n: string) => models.reduce((sum, m) => sum + (m.words.get(n) ?? 0), 0);
    const rank = (n: string) => (n.startsWith('_') ? 2 : exported.has(n) ? 0 : 1);
    const ordered = [...subs].sort((x, y) => rank(x) - rank(y) || uses(y) - uses(x));
    const said = doc(t);
    out.push({
      name,
      path: t.file.path,
      line: t.def.line,
      subclasses: ordered,
      ...(said ? { doc: said } : {}),
    });
  }
  return out
    .sort((x, y) => y.subclasses.length - x.subclasses.length || x.name.localeCompare(y.name))
    .slice(0, MAX);
}
