// The template parser's thread (template-parser.ts starts it): reads one template at a time with the shared
// parser, off the web process's event loop, and answers with the template or the parser's own message.
import { parentPort } from 'node:worker_threads';
import { TemplateError, parseTemplate, type ReportTemplate } from '@atr/shared/template';

export interface TemplateJob {
  id: number;
  text: string;
  maxHeadings: number;
}

export type TemplateAnswer =
  | { type: 'ready' }
  | { type: 'parsed'; id: number; template: ReportTemplate }
  | { type: 'refused'; id: number; message: string }
  | { type: 'failed'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('template-worker runs as a worker thread only');
const answer = (a: TemplateAnswer) => port.postMessage(a);

port.on('message', (job: TemplateJob) => {
  try {
    answer({
      type: 'parsed',
      id: job.id,
      template: parseTemplate(job.text, { maxHeadings: job.maxHeadings }),
    });
  } catch (e) {
    if (e instanceof TemplateError) answer({ type: 'refused', id: job.id, message: e.message });
    else answer({ type: 'failed', id: job.id, message: e instanceof Error ? e.message : String(e) });
  }
});
answer({ type: 'ready' });
