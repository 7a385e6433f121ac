// Test double of a model provider: a loopback HTTP server speaking the OpenAI Chat Completions and
// Anthropic Messages wire protocols, answering from a handler (fixtures), and able to answer 429
// with Retry-After, 5xx, slowly, or with malformed JSON. Records every request it receives.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseCitation } from '../citations.ts';
import { countTokens } from './tokens.ts';

export type Protocol = 'openai' | 'anthropic';

export interface FakeRequest {
  protocol: Protocol;
  model: string;
  system: string;
  prompt: string;
  headers: http.IncomingHttpHeaders;
  maxTokens?: number;
  at: number;
}

export type FakeReply =
  | { text: string; finishReason?: 'stop' | 'length'; delayMs?: number }
  | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number }
  | { raw: string; delayMs?: number };

export interface FakeServer {
  url: string; // base URL including /v1
  requests: FakeRequest[];
  /** Requests whose client went away before the answer (cancellation, timeouts). */
  aborted: number;
  close(): Promise<void>;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c: { text?: string }) => c?.text ?? '').join('');
  return '';
}

export async function startFakeModelServer(
  handler: (req: FakeRequest) => FakeReply | Promise<FakeReply>,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const state = { aborted: 0 };
  const server = http.createServer(async (req, res) => {
    let gone = false;
    res.on('close', () => {
      if (!res.writableEnded) {
        gone = true;
        state.aborted++;
      }
    });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end('{"error":"bad json"}');
      return;
    }
    const protocol: Protocol = req.url?.endsWith('/messages') ? 'anthropic' : 'openai';
    const messages = (body.messages ?? []) as { role: string; content: unknown }[];
    const system =
      protocol === 'anthropic'
        ? textOf(body.system)
        : messages
            .filter((m) => m.role === 'system' || m.role === 'developer')
            .map((m) => textOf(m.content))
            .join('\n');
    const prompt = messages
      .filter((m) => m.role === 'user')
      .map((m) => textOf(m.content))
      .join('\n');
    const maxTokens = (body.max_tokens ?? body.max_completion_tokens) as number | undefined;
    const fr: FakeRequest = {
      protocol,
      model: String(body.model),
      system,
      prompt,
      headers: req.headers,
      ...(maxTokens ? { maxTokens } : {}),
      at: Date.now(),
    };
    requests.push(fr);
    const reply = await handler(fr);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (gone) return;
    if ('status' in reply) {
      res
        .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
        .end(
          reply.body ??
            JSON.stringify({ error: { message: `fake error ${reply.status}`, type: 'server_error' } }),
        );
      return;
    }
    if ('raw' in reply) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(reply.raw);
      return;
    }
    // usage as the provider counts it: the model's own tokenizer where it is known (chars/4 otherwise)
    const inputTokens = inputTokensOf(fr);
    const outputTokens = countTokens(reply.text, fr.model);
    const json =
      protocol === 'openai'
        ? {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: fr.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.text },
                finish_reason: reply.finishReason ?? 'stop',
              },
            ],
            usage: {
              prompt_tokens: inputTokens,
              completion_tokens: outputTokens,
              total_tokens: inputTokens + outputTokens,
            },
          }
        : {
            id: 'msg_fake',
            type: 'message',
            role: 'assistant',
            model: fr.model,
            content: [{ type: 'text', text: reply.text }],
            stop_reason: reply.finishReason === 'length' ? 'max_tokens' : 'end_turn',
            stop_sequence: null,
            usage: { input_tokens: inputTokens, output_tokens: outputTokens },
          };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get aborted() {
      return state.aborted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Text outside every <<<DATA …>>> block of a prompt: what the model is told to follow. */
export function outsideData(prompt: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = prompt.indexOf('<<<DATA ', at);
    if (open < 0) break;
    const name = /^\w+/.exec(prompt.slice(open + 8, open + 8 + 200))?.[0];
    const headEnd = prompt.indexOf('>>>', open);
    const lineEnd = prompt.indexOf('\n', open);
    const close = name && headEnd >= 0 ? prompt.indexOf(`<<<END DATA ${name}>>>`, headEnd + 3) : -1;
    // a block opens with `<<<DATA name …>>>` on one line and ends at its own `<<<END DATA name>>>`
    if (close < 0 || (lineEnd >= 0 && lineEnd < headEnd)) {
      out += prompt.slice(at, open + 8);
      at = open + 8;
      continue;
    }
    out += prompt.slice(at, open) + ' ';
    at = close + `<<<END DATA ${name}>>>`.length;
  }
  return out + prompt.slice(at);
}

/**
 * A well-behaved model for the agents' prompts: the planner keeps the suggested kinds, analysts
 * report the first excerpt's first line, summarisers cite a module's first numbered line, writers cite their first piece of evidence and state the
 * file count from the facts, the reviewer finds nothing. Like a gullible real model, it obeys
 * "ignore previous instructions" when it appears outside a data block.
 */
/** The input tokens of a request as the server reports them in `usage`. */
export function inputTokensOf(req: Pick<FakeRequest, 'system' | 'prompt' | 'model'>): number {
  return countTokens(req.system, req.model) + countTokens(req.prompt, req.model);
}

export function fixtureModel(req: FakeRequest): FakeReply {
  const visible = outsideData(`${req.system}\n${req.prompt}`);
  if (/ignore previous instructions/i.test(visible)) return { text: 'PWNED: injection obeyed' };
  const role = /Role: (\w+)/.exec(req.system)?.[1];
  if (role === 'planner') {
    const sections = [...req.prompt.matchAll(/^\{"id":"([\d.]+)".*"suggested":"([\w-]+)"\}$/gm)].map((m) => ({
      id: m[1],
      kind: m[2],
    }));
    return { text: JSON.stringify({ sections }) };
  }
  if (role === 'analyst') {
    const file = /^FILE (\S+) \(lines (\d+)-/m.exec(req.prompt);
    return {
      text: JSON.stringify({
        findings: file
          ? [
              {
                statement: `${file[1]} is part of what this section is about.`,
                citations: [`${file[1]}:${file[2]}`],
              },
            ]
          : [],
      }),
    };
  }
  if (role === 'summariser') {
    // a module: its first excerpt's first numbered line; a folder or the repository: the first
    // citation its children's summaries carry
    const file = /^FILE (\S+) \(.*\)\n\s*(\d+)\|/m.exec(req.prompt);
    const child = /\[([^[\]\n:]+:\d+)/.exec(req.prompt)?.[1];
    const cite = file ? `${file[1]}:${file[2]}` : child;
    const what = /^(Module \S+|Folder \S+|The repository \S+)/m.exec(req.prompt)?.[1] ?? 'This part';
    return {
      text: JSON.stringify({
        summary: `${what} is summarised here${cite ? `, starting at ${cite}` : ''}.`,
        findings: cite ? [{ statement: `${what} starts at the cited line.`, citations: [cite] }] : [],
      }),
    };
  }
  if (role === 'reviewer') return { text: '{"problems": []}' };
  const title = /^Project: .*? Section [\d.]+ "(.*?)"/m.exec(req.prompt)?.[1] ?? 'this section';
  const files = /^files analysed: (\d+)$/m.exec(req.prompt)?.[1];
  // the first cited line of the findings list ("- statement [path:line, …]")
  const cite = [...req.prompt.matchAll(/\[([^[\]\n]+)\]/g)]
    .flatMap((m) => m[1]!.split(', '))
    .find((c) => parseCitation(c)?.line !== undefined);
  return {
    text: `Model-written prose on ${title}: the project has ${files ?? 'several'} files${cite ? ` and the evidence starts at \`${cite}\`` : ''}.`,
  };
}

const FILLER =
  'It keeps the concerns of this part apart and hands the work on to the next layer, as the cited lines show.';

/**
 * `fixtureModel` with answers as long as a real model's: summaries of about 350 tokens and drafts of
 * about 550, padded with plain prose that states no number and names no code, so the checks pass.
 * What the budget planner estimates is measured against this.
 */
export function realisticModel(req: FakeRequest): FakeReply {
  const reply = fixtureModel(req);
  if (!('text' in reply)) return reply;
  const role = /Role: (\w+)/.exec(req.system)?.[1];
  const pad = (chars: number) =>
    Array.from({ length: Math.ceil(chars / (FILLER.length + 1)) }, () => FILLER).join(' ');
  if (role === 'summariser') {
    const answer = JSON.parse(reply.text) as { summary: string; findings: unknown[] };
    return { text: JSON.stringify({ ...answer, summary: `${answer.summary} ${pad(1200)}` }) };
  }
  if (role !== 'planner' && role !== 'reviewer' && role !== 'analyst')
    return { text: `${reply.text} ${pad(2100)}` };
  return reply;
}
