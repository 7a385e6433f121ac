// A promise rejected with nobody listening must not end the web or worker process (Node's default).
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const runtime = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-runtime.ts'),
).href;

async function child(install: boolean): Promise<{ code: number; stdout: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  const script = path.join(dir, 'child.ts');
  await fs.writeFile(
    script,
    `import { logUnhandledRejections } from ${JSON.stringify(runtime)};
const logged: string[] = [];
if (${install}) logUnhandledRejections({ error: (o: { err: Error }, msg: string) => { logged.push(msg + ': ' + o.err.message); } } as never);
void Promise.reject(new Error('archive reader blew up'));
setTimeout(() => { console.log('alive ' + JSON.stringify(logged)); }, 50);
`,
  );
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { timeout: 20_000 });
    return { code: 0, stdout };
  } catch (e) {
    return { code: (e as { code: number }).code, stdout: (e as { stdout: string }).stdout };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('logUnhandledRejections', () => {
  it('keeps the process running and logs the rejection', async () => {
    const res = await child(true);
    expect(res.code).toBe(0);
    expect(res.stdout.trim()).toBe('alive ["unhandled rejection: archive reader blew up"]');
  }, 30_000);

  it('is needed: without it Node ends the process', async () => {
    const res = await child(false);
    expect(res.code).not.toBe(0);
    expect(res.stdout).not.toContain('alive');
  }, 30_000);
});
