// Finds the external tools the compile tests need. Missing tools fail the tests on CI and skip them,
// loudly, on a developer machine.

import { spawnSync } from 'node:child_process';

export function hasTool(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** True when the test should be skipped; warns so a skip never goes unnoticed. */
export function skipWithout(...cmds: string[]): boolean {
  const missing = cmds.filter((c) => !hasTool(c));
  if (missing.length === 0 || process.env.CI) return false; // on CI the test runs and fails
  console.warn(`[writers] SKIPPING a compile test: ${missing.join(', ')} not installed`);
  return true;
}

export function requireTools(...cmds: string[]): void {
  const missing = cmds.filter((c) => !hasTool(c));
  if (missing.length) throw new Error(`required tool(s) missing: ${missing.join(', ')}`);
}

export function run(
  cmd: string,
  args: string[],
  cwd: string,
  timeoutMs = 180_000,
): { status: number | null; out: string } {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, HOME: process.env.HOME ?? cwd },
  });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}
