// Processes a process manager keeps running beside the server it starts: uWSGI's `attach-daemon`
// lines and supervisord's `[program:x]` sections. Each is a unit of work of its own (an alert loop,
// a mail listener), started with the product, not by a request.

import { baseName, type Sources } from './sources.ts';
import type { DaemonLoop, EntryPoint } from './types.ts';

/** Whether a file may be a process manager's configuration, by its name. */
export function isProcessManagerFile(p: string): boolean {
  const b = baseName(p);
  return /\.ini$/i.test(b) || /^supervisord?\.conf$/i.test(b) || /(^|\/)supervisor\/.+\.conf$/i.test(p);
}

// `./manage.py sendalerts --skip-checks`, `python manage.py smtpd`: a Django management command
const MANAGE = /(?:^|[\s/])manage\.py\s+([\w-]+)/;

/**
 * What a process's command is for, in the project's own words: a Django management command's
 * `help` text, read from the command's module.
 */
function roleOf(src: Sources, command: string): string | undefined {
  const name = MANAGE.exec(command)?.[1];
  if (!name) return undefined;
  const module = src.files.map((f) => f.path).find((p) => p.endsWith(`/management/commands/${name}.py`));
  const text = module ? src.text(module) : null;
  return text ? /^[ \t]+help[ \t]*=[ \t]*["']([^"'\n]+)["']/m.exec(text)?.[1] : undefined;
}

/** The processes uWSGI attaches (`attach-daemon`, `smart-attach-daemon`), with the env test around each. */
function uwsgiDaemons(path: string, text: string): Omit<EntryPoint, 'role'>[] {
  if (!/^\[uwsgi\]/m.test(text)) return [];
  const out: Omit<EntryPoint, 'role'>[] = [];
  let condition: string | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^[ \t]*([\w-]+)[ \t]*=(.*)$/.exec(lines[i]!);
    if (!m) continue;
    const key = m[1]!;
    const value = m[2]!.trim();
    if (key === 'if-env' || key === 'if-not-env')
      condition = `${key === 'if-env' ? 'when' : 'unless'} \`${value}\` is set`;
    else if (key.startsWith('if-')) condition = `under \`${key} = ${value}\``;
    else if (key === 'endif') condition = undefined;
    else if (/^(smart-)?attach-daemon2?$/.test(key) && value) {
      // smart-attach-daemon names the pid file first; attach-daemon2 takes key=value options
      const command = key.startsWith('smart-')
        ? value.replace(/^\S+\s+/, '')
        : key.endsWith('2')
          ? (/(?:^|,)cmd=([^,]+)/.exec(value)?.[1] ?? value)
          : value;
      out.push({
        kind: 'daemon',
        name: 'uWSGI',
        command,
        path,
        line: i + 1,
        ...(condition ? { condition } : {}),
      });
    }
  }
  return out;
}

/** The programs supervisord runs: each `[program:x]` section's `command`. */
function supervisordPrograms(path: string, text: string): Omit<EntryPoint, 'role'>[] {
  const out: Omit<EntryPoint, 'role'>[] = [];
  let program: string | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const section = /^\[([^\]]+)\]/.exec(lines[i]!.trim())?.[1];
    if (section) program = /^program:(.+)$/.exec(section)?.[1];
    const command = program ? /^command[ \t]*=(.*)$/.exec(lines[i]!)?.[1]?.trim() : undefined;
    if (command) out.push({ kind: 'daemon', name: 'supervisord', command, path, line: i + 1 });
  }
  return out;
}

/** The long-running processes a process manager's configuration starts, each with its role if the code says it. */
export function attachedProcesses(src: Sources, path: string, text: string): EntryPoint[] {
  const found = [...uwsgiDaemons(path, text), ...supervisordPrograms(path, text)];
  return found.map((e) => {
    const role = roleOf(src, e.command ?? '');
    const module = commandModule(src, e.command ?? '');
    const code = module ? src.text(module) : null;
    const loop = module && code ? pythonLoop(module, code) : undefined;
    return { ...e, ...(role ? { role } : {}), ...(loop ? { loop } : {}) } as EntryPoint;
  });
}

/** The module a Django management command or a `python x.py` command runs. */
function commandModule(src: Sources, command: string): string | undefined {
  const paths = src.files.map((f) => f.path);
  const name = MANAGE.exec(command)?.[1];
  if (name) return paths.find((p) => p.endsWith(`/management/commands/${name}.py`));
  const script = /(?:^|\s)python[\d.]*\s+(?:-u\s+)?([\w./-]+\.py)\b/.exec(command)?.[1]?.replace(/^\.\//, '');
  return script && paths.includes(script) ? script : undefined;
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].length;

/** A Python function's docstring, its first sentence: the first line after `def` when it opens with quotes. */
function docstringAfter(lines: string[], def: number): string | undefined {
  for (let i = def + 1; i < Math.min(lines.length, def + 8); i++) {
    const t = lines[i]!.trim();
    if (!t) continue;
    const m = /^(?:"{3}|'{3})\s*([^"'\n]*)/.exec(t);
    const first = m?.[1]?.split(/(?<=\.)\s/)[0]?.trim();
    return first || undefined;
  }
  return undefined;
}

/**
 * The main loop of a long-running Python process: the first `while` loop of its module, the
 * module's own functions called in it (its steps), the pool work is handed to, and the conditional
 * updates that let several copies of the process share the work. Undefined without a loop.
 */
export function pythonLoop(path: string, text: string): DaemonLoop | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^[ \t]+while\b[^:\n]*:[ \t]*(?:#.*)?$/.test(l));
  if (start < 0) return undefined;
  const defs = new Map<string, number>();
  lines.forEach((l, i) => {
    const m = /^[ \t]*(?:async\s+)?def\s+(\w+)\s*\(/.exec(l);
    if (m && !defs.has(m[1]!)) defs.set(m[1]!, i);
  });
  const depth = indentOf(lines[start]!);
  const calls: DaemonLoop['calls'] = [];
  for (let i = start; i < lines.length; i++) {
    const l = lines[i]!;
    if (i > start && l.trim() && !l.trim().startsWith('#') && indentOf(l) <= depth) break;
    for (const m of l.matchAll(/(?:\bself\.|(?<![.\w]))(\w+)\s*\(/g)) {
      const at = defs.get(m[1]!);
      if (at === undefined || calls.some((c) => c.name === m[1])) continue;
      const doc = docstringAfter(lines, at);
      calls.push({ name: m[1]!, line: at + 1, ...(doc ? { doc } : {}) });
    }
  }
  if (!calls.length) return undefined;
  const loop: DaemonLoop = { path, line: start + 1, calls };
  // the last pool the module makes is the one the loop uses (the constructor's default is replaced)
  const pools = lines.flatMap((l, i) => {
    const m = /\b(ThreadPoolExecutor|ProcessPoolExecutor)\s*\(/.exec(l);
    return m ? [{ kind: m[1]!, line: i + 1 }] : [];
  });
  const pool = pools.at(-1);
  if (pool) {
    const runs = lines.map((l) => /\.submit\(\s*(?:self\.)?(\w+)/.exec(l)?.[1]).find(Boolean);
    loop.pool = { ...pool, ...(runs ? { runs } : {}) };
  }
  // `n = q.update(…)` then `if n != 1:`: a row claimed only when no other process changed it first
  const claims = lines.flatMap((l, i) => {
    const m = l.includes('.update(') ? /^[ \t]*(\w+)\s*=(?!=)/.exec(l) : null;
    if (!m) return [];
    const test = new RegExp(String.raw`\bif\s+${m[1]}\s*(?:!=\s*1|==\s*0|<\s*1)(?!\d)`);
    return lines.slice(i + 1, i + 4).some((x) => test.test(x)) ? [i + 1] : [];
  });
  if (claims.length) loop.claims = claims;
  return loop;
}
