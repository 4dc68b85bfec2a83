/**
 * A local stand-in of an OpenAI-compatible language model on loopback: `POST /v1/chat/completions`
 * with structured output (`response_format.type = json_schema`), driven by the real `openai` SDK.
 * It records every request it gets (the prompts the privacy test reads) and answers like a careful
 * model: the verdict follows the matcher score and evidence the prompt carries. A test can make the
 * calls about one candidate (found by the "Candidate #n" line of the prompt) answer malformed JSON,
 * hang past the client's time limit, or answer 429 / 500, a given number of times.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Misbehaviour = 'malformed' | 'wrongShape' | 'hang' | 429 | 500;

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
}

export interface LlmStandIn {
  /** The base URL the SDK takes (ends in /v1). */
  baseUrl: string;
  model: string;
  /** Every request received, in order, including the ones answered with a failure. */
  requests: ChatRequest[];
  /** The text of every prompt received (system and user messages joined). */
  prompts(): string[];
  /** Calls about candidate #rank answer `how`, `times` times (default: always). */
  misbehave(rank: number, how: Misbehaviour, times?: number): void;
  /** Every answer waits `ms` first (so a run can be watched or cancelled mid-way). */
  delay(ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

const rankOf = (req: ChatRequest) =>
  Number(/Candidate #(\d+)/.exec(req.messages.map((m) => m.content).join('\n'))?.[1] ?? 0);

/** A verdict read from the prompt: the matcher's score and the evidence lines it shows. */
function verdictFor(req: ChatRequest) {
  const text = req.messages.map((m) => m.content).join('\n');
  const score = Math.min(100, Math.max(0, Number(/Matcher score: (\d+)/.exec(text)?.[1] ?? 50)));
  const evidence = [
    ...text.matchAll(/^- (skills|title|years|languages|salary|notice)[^:]*: [\d.]+\/[\d.]+ points?, (.+)$/gm),
  ]
    .map((m) => m[2])
    .filter(Boolean);
  return {
    score,
    strengths: (evidence.length ? evidence : ['Relevant experience']).slice(0, 3),
    recommendation: score >= 80 ? 'strong_yes' : score >= 60 ? 'yes' : score >= 40 ? 'maybe' : 'no',
    reasoning: `Scored ${score} on the stated requirements; ${evidence[0] ?? 'little direct evidence'}.`,
  };
}

export async function startLlmStandIn(model = 'stand-in-model'): Promise<LlmStandIn> {
  const requests: ChatRequest[] = [];
  let rules: { rank: number; how: Misbehaviour; left: number }[] = [];
  let delayMs = 0;
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const json = (status: number, body: object, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return json(404, { error: { message: 'not found', type: 'invalid_request_error' } });
      let body: ChatRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return json(400, { error: { message: 'invalid JSON body', type: 'invalid_request_error' } });
      }
      requests.push(body);
      if (body.model !== model)
        return json(404, { error: { message: `model ${body.model} not found`, type: 'invalid_request_error' } });
      if (body.response_format?.type !== 'json_schema' || !body.response_format.json_schema?.schema)
        return json(400, {
          error: { message: 'this stand-in answers structured output only', type: 'invalid_request_error' },
        });
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const rule = rules.find((r) => r.rank === rankOf(body) && r.left > 0);
      if (rule) rule.left -= 1;
      if (rule?.how === 'hang') return void hanging.add(res);
      if (rule?.how === 429)
        return json(
          429,
          { error: { message: 'Rate limit reached', type: 'rate_limit_error' } },
          { 'retry-after': '0' },
        );
      if (rule?.how === 500) return json(500, { error: { message: 'The server had an error', type: 'server_error' } });
      const content =
        rule?.how === 'malformed'
          ? '{"score": 87, "strengths": ["Java"'
          : rule?.how === 'wrongShape'
            ? JSON.stringify({ score: 'high' })
            : JSON.stringify(verdictFor(body));
      json(200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model,
    requests,
    prompts: () => requests.map((r) => r.messages.map((m) => m.content).join('\n')),
    misbehave: (rank, how, times = Number.MAX_SAFE_INTEGER) => void rules.push({ rank, how, left: times }),
    delay: (ms) => void (delayMs = ms),
    reset: () => {
      rules = [];
      delayMs = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
