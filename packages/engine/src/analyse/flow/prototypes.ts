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
/** `Object.setPrototypeOf(req, this.request)`: an object the server made, given the prototype. */
const SET_PROTO = /\bObject\.setPrototypeOf\(\s*([\w.]+)\s*,\s*this\.(\w+)\s*\)/;
/** `this.context = Object.create(context)`, `app.request = Object.create(req, { … })`. */
const KEPT = /^\s*(?:this|[A-Za-z_$][\w$]*)\.(\w+)\s*=\s*Object\.create\(\s*(\w+)\s*[,)]/;
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

/**
 * Members assigned to the object a module exports (`module.exports = req` with `req.get = function …`,
 * `req.header = req.get = …`), and the properties a helper defines on it (`defineGetter(req, 'ip', …)`,
 * `Object.defineProperty(req, 'ip', …)`).
 */
function assignedMembers(proto: FileModel): string[] {
  const exported = proto.lines
    .map(
      (l) =>
        /^\s*(?:exports[ \t]*=[ \t]*)?module\.exports[ \t]*=[ \t]*([A-Za-z_$][\w$]*)(?:[ \t]*;)?[ \t]*$/.exec(
          l,
        )?.[1],
    )
    .find(Boolean);
  if (!exported) return [];
  const own = new RegExp(`^${exported.replace(/\$/g, '\\$')}\\.([A-Za-z$][\\w$]*)\\s*=`);
  const defined = new RegExp(
    `^[\\w.]+\\(\\s*${exported.replace(/\$/g, '\\$')}\\s*,\\s*(['"])([A-Za-z$][\\w$]*)\\1`,
  );
  const out: string[] = [];
  for (const line of proto.lines) {
    // `req.header = req.get = function header(…)`: each name of the chain
    for (const part of line.split(/=(?!=)/).slice(0, -1)) {
      const m = own.exec(part.trim() + ' =');
      if (m) out.push(m[1]!);
    }
    const d = defined.exec(line);
    if (d) out.push(d[2]!);
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
      const created = MADE.exec(file.lines[i]!);
      const made = created ?? SET_PROTO.exec(file.lines[i]!);
      if (!made) continue;
      const field = made[2]!;
      // where the constructor (or the factory that makes the application) keeps the prototype, and
      // the module it comes from: the step's own file first
      const keeper = [file, ...js.filter((m) => m !== file)].find((m) =>
        m.lines.some((l) => KEPT.exec(l)?.[1] === field),
      );
      const kept = keeper?.lines.map((l) => KEPT.exec(l)).find((k) => k?.[1] === field);
      const spec = kept && keeper ? keeper.bindings.get(kept[2]!) : undefined;
      const path = spec && keeper ? resolve(keeper.path, spec, paths) : undefined;
      const proto = path ? js.find((m) => m.path === path) : undefined;
      if (!proto || out.some((o) => o.path === proto.path)) continue;
      const delegates = delegations(proto);
      // its own members: the methods and accessors of the object literal (a getter and its setter once)
      const defined = proto.defs.filter((d) => d.kind !== 'type' && d.indent > 0 && !/^[_#]/.test(d.name));
      const members = [
        ...new Set([
          ...defined.map((d) => d.name),
          ...literalMembers(proto, defined),
          ...assignedMembers(proto),
        ]),
      ];
      out.push({
        path: proto.path,
        name: field,
        members,
        by: { name: s.name, ...(s.owner ? { owner: s.owner } : {}), path: file.path, line: i + 1 },
        ...(delegates.length ? { delegates } : {}),
        ...(created ? {} : { sets: true as const }),
      });
    }
  }
  return out;
}
