// Pass: the JVM system properties the product's Java, Kotlin and Scala code reads. A JVM library is
// configured through them (`-Djsoup.useHttpClient=false`) as a program is through environment variables.

import { codeText } from './comments.ts';
import { closing, splitArgs } from './identity/cli-options.ts';
import { literalOf } from './env-expr.ts';
import { baseName, type Sources } from './sources.ts';
import { isNonProductCode } from './test-code.ts';
import type { FileInfo, SystemProperty } from './types.ts';

const JVM_FILE = /\.(java|kt|scala)$/;

// `System.getProperty(k)`, `System.getProperty(k, d)`, `Boolean.getBoolean(k)`, `Integer.getInteger(k, d)`,
// `Long.getLong(k)` (Kotlin's `java.lang.Boolean.getBoolean` too); group 1 is the call's name
const READ = /\b(System\.getProperty|Boolean\.getBoolean|Integer\.getInteger|Long\.getLong)\s*\(/g;

// the properties every JVM sets itself (`user.home`, `line.separator`, `os.name`): facts about the
// machine the code runs on, not settings of the product
const JVM_OWN =
  /^(?:java\.(?:version|vendor|home|vm|specification|class|library|io\.tmpdir|runtime|compiler|ext|endorsed)\b|os\.|user\.(?:name|home|dir|language|country|timezone)$|(?:file|path|line)\.separator$|(?:native|file|stdout|stderr|sun\.jnu)\.encoding$|sun\.)/;

// a string constant: Java's `static final String X = "a";` (modifiers in any order), Kotlin's `const val X = "a"`
const CONSTANT =
  /\b(?:(?:static|final|public|private|protected)\s+){2,4}String\s+(\w+)\s*=\s*("(?:[^"\\\n]|\\.)*")\s*;|\bconst\s+val\s+(\w+)\s*(?::\s*String\s*)?=\s*("(?:[^"\\\n]|\\.)*")/g;

/** The arguments of a call whose `(` sits at `open`. */
function argsOf(text: string, open: number): string[] | null {
  const end = closing(text, open);
  return end < 0 ? null : splitArgs(text.slice(open + 1, end - 1));
}

export function systemPropertiesPass(src: Sources, files: FileInfo[]): SystemProperty[] {
  const jvm = files.filter((f) => JVM_FILE.test(f.path) && !isNonProductCode(f.path));
  // comments blanked: a read shown in a doc comment (`System.getProperty("x")`) is no read
  const texts = new Map(jvm.map((f) => [f.path, codeText(src, f.path, f.language) ?? '']));
  // constants by file and by class (`SharedConstants.UseHttpClient`), and by name where one value is
  // given to it in the whole code (a static import)
  const own = new Map<string, Map<string, string>>();
  const byClass = new Map<string, string>();
  const byName = new Map<string, Set<string>>();
  for (const [file, text] of texts) {
    const m = new Map<string, string>();
    for (const c of text.matchAll(CONSTANT)) {
      const value = literalOf(c[2] ?? c[4]!);
      if (value === undefined) continue;
      const name = c[1] ?? c[3]!;
      m.set(name, value);
      byClass.set(`${baseName(file).replace(JVM_FILE, '')}.${name}`, value);
      byName.set(name, (byName.get(name) ?? new Set()).add(value));
    }
    own.set(file, m);
  }
  const nameOf = (file: string, arg: string): string | undefined => {
    const lit = literalOf(arg);
    if (lit !== undefined) return lit;
    if (byClass.has(arg)) return byClass.get(arg);
    if (!/^\w+$/.test(arg)) return undefined;
    const values = byName.get(arg);
    return own.get(file)?.get(arg) ?? (values?.size === 1 ? [...values][0] : undefined);
  };
  const out: SystemProperty[] = [];
  for (const [file, text] of texts) {
    for (const m of text.matchAll(READ)) {
      const args = argsOf(text, m.index + m[0].length - 1);
      const name = args?.[0] ? nameOf(file, args[0]) : undefined;
      if (!name || JVM_OWN.test(name)) continue;
      const line = text.slice(0, m.index).split('\n').length;
      const p: SystemProperty = { name, file, line };
      // `Boolean.getBoolean` is false unless the property is `true`; the others fall back to their
      // second argument, or give null
      if (m[1] === 'Boolean.getBoolean') p.defaultValue = 'false';
      else if (args![1]) p.defaultValue = literalOf(args![1]) ?? args![1];
      out.push(p);
    }
  }
  return out;
}
