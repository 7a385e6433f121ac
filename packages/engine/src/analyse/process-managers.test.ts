// The processes a process manager keeps running beside the server are units of work of their own.
import { describe, expect, it } from 'vitest';
import { entryPointsPass } from './entry-points.ts';
import { sourcesFromMap } from './sources.ts';

const daemons = (files: Record<string, string>) =>
  entryPointsPass(sourcesFromMap(files))
    .filter((e) => e.kind === 'daemon')
    .map((e) =>
      [`${e.name}: ${e.command}`, e.condition, e.role && `“${e.role}”`, `${e.path}:${e.line}`]
        .filter(Boolean)
        .join(' | '),
    );

describe('processes a process manager attaches', () => {
  it("uWSGI's attach-daemon lines, the env test around each, and a management command's own help", () => {
    const out = daemons({
      'deploy/uwsgi.ini': [
        '[uwsgi]', // 1
        'module = app.wsgi:application', // 2
        'attach-daemon = ./manage.py sendalerts --skip-checks', // 3
        'smart-attach-daemon = /tmp/worker.pid python worker.py', // 4
        'if-env = SMTPD_PORT', // 5
        'attach-daemon = ./manage.py smtpd --port %(_)', // 6
        'endif =', // 7
        'attach-daemon2 = cmd=./manage.py sendreports --loop,freq=3', // 8
      ].join('\n'),
      'app/api/management/commands/sendalerts.py': 'class Command(BaseCommand):\n    help = "Sends alerts"\n',
      'app/api/management/commands/smtpd.py':
        'class Command(BaseCommand):\n    help = "Listen for ping emails"\n',
      'mypy.ini': '[mypy]\nstrict = True\n',
    });
    expect(out).toEqual([
      'uWSGI: ./manage.py sendalerts --skip-checks | “Sends alerts” | deploy/uwsgi.ini:3',
      'uWSGI: python worker.py | deploy/uwsgi.ini:4',
      'uWSGI: ./manage.py smtpd --port %(_) | when `SMTPD_PORT` is set | “Listen for ping emails” | deploy/uwsgi.ini:6',
      'uWSGI: ./manage.py sendreports --loop | deploy/uwsgi.ini:8',
    ]);
  });

  it("supervisord's programs, and no other section's command", () => {
    expect(
      daemons({
        'supervisord.conf': [
          '[supervisord]',
          'command = not a program',
          '[program:web]',
          'command = gunicorn app.wsgi',
          '[program:worker]',
          'command=python -m app.worker',
        ].join('\n'),
      }),
    ).toEqual([
      'supervisord: gunicorn app.wsgi | supervisord.conf:4',
      'supervisord: python -m app.worker | supervisord.conf:6',
    ]);
  });
});

describe('the loop of a long-running process', () => {
  it('names the functions its loop calls, the pool it hands work to and the rows it claims', () => {
    const code = [
      'from concurrent.futures import ThreadPoolExecutor', // 1
      'class Command(BaseCommand):', // 2
      '    def process_one(self):', // 3
      '        """Find one job, send it.', // 4
      '', // 5
      '        More words."""', // 6
      '        n = Job.objects.filter(id=1, done=None).update(done=now())', // 7
      '        if n != 1:', // 8
      '            return True', // 9
      '        self.executor.submit(send, job)', // 10
      '    def handle(self, **options):', // 11
      '        self.executor = ThreadPoolExecutor(max_workers=4)', // 12
      '        while not self.shutdown:', // 13
      '            while self.process_one():', // 14
      '                pass', // 15
      '            time.sleep(2)', // 16
      '        return "Done."', // 17
    ].join('\n');
    const out = entryPointsPass(
      sourcesFromMap({
        'uwsgi.ini': '[uwsgi]\nattach-daemon = ./manage.py worker\n',
        'app/management/commands/worker.py': code,
      }),
    ).find((e) => e.kind === 'daemon');
    expect(out?.loop).toEqual({
      path: 'app/management/commands/worker.py',
      line: 13,
      calls: [{ name: 'process_one', line: 3, doc: 'Find one job, send it.' }],
      pool: { kind: 'ThreadPoolExecutor', line: 12, runs: 'send' },
      claims: [7],
    });
  });
});
