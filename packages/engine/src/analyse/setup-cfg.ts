// setuptools' declarative configuration (`setup.cfg`): an INI file whose list values continue on
// indented lines (`install_requires =` then one requirement per line).

export interface IniEntry {
  section: string;
  key: string;
  /** The value on the key's own line, trimmed (often empty for a list). */
  value: string;
  line: number;
  /** The value's items: the key's own value, then each continuation line, with their line numbers. */
  items: { text: string; line: number }[];
}

/** The entries of an INI file, each with its continuation lines; comments and blank lines skipped. */
export function iniEntries(text: string): IniEntry[] {
  const out: IniEntry[] = [];
  let section = '';
  let current: IniEntry | null = null;
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const t = line.trim();
    if (!t || t.startsWith('#') || t.startsWith(';')) return;
    const head = /^\[([^\]]+)\]$/.exec(t);
    if (head) {
      section = head[1]!.trim();
      current = null;
      return;
    }
    // an indented line continues the value of the key above it
    if (/^\s/.test(line) && current) {
      current.items.push({ text: t, line: i + 1 });
      return;
    }
    const eq = t.search(/[=:]/);
    if (eq <= 0) return;
    const value = t.slice(eq + 1).trim();
    current = {
      section,
      key: t.slice(0, eq).trim(),
      value,
      line: i + 1,
      items: value ? [{ text: value, line: i + 1 }] : [],
    };
    out.push(current);
  });
  return out;
}

/** `name = package.module:function` lines of a console_scripts list. */
export function consoleScripts(
  items: { text: string; line: number }[],
): { name: string; target: string; line: number }[] {
  const out: { name: string; target: string; line: number }[] = [];
  for (const it of items) {
    const m = /^([\w.-]+)\s*=\s*([\w.]+(?::[\w.]+)?)/.exec(it.text.replace(/^["']|["'],?$/g, ''));
    if (m) out.push({ name: m[1]!, target: m[2]!, line: it.line });
  }
  return out;
}
