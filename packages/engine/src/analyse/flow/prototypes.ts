// Files that are the prototypes of the objects a JavaScript product makes for each unit of work: a
// main-path step makes `Object.create(this.context)`, where the constructor set `this.context =
// Object.create(context)` and `context` is required from a product file. Such a file is told by that
// role, and by the members it hands on to other objects through the `delegates` package
// (`delegate(proto, 'response').method('redirect').access('body')…`), not by members picked from it.

import type { MainPathStep, Prototype } from '../types.ts';
import type { FileModel } from './definitions.ts';

const JS = new Set(['JavaScript', 'TypeScript', 'JSX']);
/** `const context = Object.create(this.context)`, `(context.request = Object.create(this.request))`. */
const MADE =
  /^\s*(?:(?:const|let|var)\s+)?(?:\w+\s*=\s*\()?([\w.]+)\s*=\s*Object\.create\(\s*this\.(\w+)\s*\)/;
/** `this.context = Object.create(context)`. */
const KEPT = /^\s*this\.(\w+)\s*=\s*Object\.create\(\s*(\w+)\s*\)/;
const DELEGATE = /^\s*delegate\(\s*(\w+)\s*,\s*(['"])(\w+)\2\s*\)/;
const MEMBER = /^\s*\.(?:method|access|getter|setter|fluent)\(\s*(['"])\w+\1\s*\)/;

// a member a method search misses: one named for a keyword that cannot open a block (`throw (…args) {`)
// or a property that is another function (`assert: httpAssert,`)
const KEYWORD_METHOD =
  /^(\s+)(throw|delete|new|return|typeof|void|yield|await|import|export|default)\s*\([^()]*\)\s*\{\s*$/;
const ALIAS = /^(\s+)([A-Za-z$][\w$]*)\s*:\s*[A-Za-z_$][\w$.]*,?\s*$/;

/** Members of the object literal at the indentation of the methods found in it. */
function literalMembers(proto: FileModel, defined: { indent: number }[]): string[] {
  const indent = defined[0]?.indent;
  if (indent === undefined) return [];
  const out: string[] = [];
  for (const line of proto.bare) {
    const m = KEYWORD_METHOD.exec(line.trimEnd()) ?? ALIAS.exec(line.trimEnd());
    if (m && m[1]!.length === indent) out.push(m[2]!);
  }
  return out;
}

/** The product file a relative require names (`./context` from lib/application.js → lib/context.js). */
function resolve(from: string, spec: string, paths: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  const base = parts.join('/');
  return [base, `${base}.js`, `${base}.ts`, `${base}.mjs`, `${base}/index.js`, `${base}/index.ts`].find((p) =>
    paths.has(p),
  );
}

/** The `delegate(…)` chains of a file: what each hands on, to which object, and how many members. */
function delegations(file: FileModel): NonNullable<Prototype['delegates']> {
  const out: NonNullable<Prototype['delegates']> = [];
  file.lines.forEach((text, i) => {
    const m = DELEGATE.exec(text);
    if (!m) return;
    let members = 0;
    for (let j = i + 1; j < file.lines.length && MEMBER.test(file.lines[j]!); j++) members++;
    if (members) out.push({ to: m[3]!, members, line: i + 1 });
  });
  return out;
}

/** The per-unit-of-work prototypes the main path makes, each with the step that makes it. */
export function prototypes(models: FileModel[], mainPath: MainPathStep[]): Prototype[] {
  const js = models.filter((m) => JS.has(m.language));
  const paths = new Set(models.map((m) => m.path));
  const out: Prototype[] = [];
  for (const s of mainPath) {
    const file = js.find((m) => m.path === s.path);
    const def =
      !s.external && !s.handedIn ? file?.defs.find((d) => d.line === s.line && d.kind !== 'type') : undefined;
    if (!file || !def) continue;
    for (let i = def.line; i < def.end && i < file.lines.length; i++) {
      const made = MADE.exec(file.lines[i]!);
      if (!made) continue;
      const field = made[2]!;
      // where the constructor keeps the prototype, and the module it comes from
      const kept = file.lines.map((l) => KEPT.exec(l)).find((k) => k?.[1] === field);
      const spec = kept ? file.bindings.get(kept[2]!) : undefined;
      const path = spec ? resolve(file.path, spec, paths) : undefined;
      const proto = path ? js.find((m) => m.path === path) : undefined;
      if (!proto || out.some((o) => o.path === proto.path)) continue;
      const delegates = delegations(proto);
      // its own members: the methods and accessors of the object literal (a getter and its setter once)
      const defined = proto.defs.filter((d) => d.kind !== 'type' && d.indent > 0 && !/^[_#]/.test(d.name));
      const members = [...new Set([...defined.map((d) => d.name), ...literalMembers(proto, defined)])];
      out.push({
        path: proto.path,
        name: field,
        members,
        by: { name: s.name, ...(s.owner ? { owner: s.owner } : {}), path: file.path, line: i + 1 },
        ...(delegates.length ? { delegates } : {}),
      });
    }
  }
  return out;
}
