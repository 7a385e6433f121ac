// Processes a process manager keeps running beside the server it starts: uWSGI's `attach-daemon`
// lines and supervisord's `[program:x]` sections. Each is a unit of work of its own (an alert loop,
// a mail listener), started with the product, not by a request.

import { baseName, type Sources } from './sources.ts';
import type { EntryPoint } from './types.ts';

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
    return { ...e, ...(role ? { role } : {}) } as EntryPoint;
  });
}
