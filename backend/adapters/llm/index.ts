/**
 * The language-model adapter: one structured answer from any OpenAI-compatible server
 * (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL) through the `openai` SDK's chat completions, the answer
 * parsed and validated against a zod schema (strict JSON schema output). The SDK's own retries are
 * off: this adapter retries 429 and 5xx answers (and dropped connections) with exponential backoff,
 * honouring Retry-After up to the backoff's cap, and gives each call LLM_TIMEOUT_MS. A timeout is
 * not retried: a model that did not answer in time is a failure of that call, and the caller goes
 * on without it. Every failure is an LlmError whose `reason` says what happened.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { z } from 'zod';

export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Retries after the first call, for 429, 5xx and dropped connections. */
  retries: number;
  /** The first wait before a retry; each next one doubles. */
  backoffMs: number;
  /** How many calls run at once (2 to 4). */
  concurrency: number;
}

export type LlmFailure = 'timeout' | 'rateLimited' | 'serverError' | 'malformed' | 'failed';

export class LlmError extends Error {
  constructor(
    readonly reason: LlmFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'LlmError';
  }
}

export interface LlmMessage {
  role: 'system' | 'user';
  content: string;
}

export interface LlmAdapter {
  readonly model: string;
  /** The model's answer to `messages` as `schema` reads it; throws LlmError. */
  structured<T>(messages: LlmMessage[], schema: z.ZodType<T>, name: string): Promise<T>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The wait before retry `attempt` (0-based): Retry-After when the server sent one, else doubling backoff; never past 8 backoffs. */
function waitFor(err: unknown, attempt: number, backoffMs: number): number {
  const cap = backoffMs * 8;
  const header = err instanceof APIError ? err.headers?.get?.('retry-after') : null;
  const seconds = header ? Number(header) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, cap);
  return Math.min(backoffMs * 2 ** attempt, cap);
}

/** The detail with the answer's status first, once: the SDK's message already starts with it ('429 Rate limit reached'). */
const withStatus = (status: number | undefined, detail: string) =>
  status === undefined || detail.startsWith(`${status} `) || detail === String(status) ? detail : `${status} ${detail}`;

/** What went wrong, and whether another try may help. */
function classify(err: unknown): { reason: LlmFailure; retry: boolean; detail: string } {
  const detail = err instanceof Error ? err.message.slice(0, 400) : String(err).slice(0, 400);
  if (err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError)
    return { reason: 'timeout', retry: false, detail };
  if (err instanceof APIError && err.status === 429)
    return { reason: 'rateLimited', retry: true, detail: withStatus(429, detail) };
  if (err instanceof APIError && typeof err.status === 'number' && err.status >= 500)
    return { reason: 'serverError', retry: true, detail: withStatus(err.status, detail) };
  if (err instanceof APIConnectionError) return { reason: 'serverError', retry: true, detail };
  if (err instanceof APIError) return { reason: 'failed', retry: false, detail: withStatus(err.status, detail) };
  // The answer came but is not JSON, or not the schema's shape, or was cut short or refused.
  return { reason: 'malformed', retry: false, detail };
}

export function createLlmAdapter(config: LlmConfig): LlmAdapter {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey || 'none',
    maxRetries: 0,
    timeout: config.timeoutMs,
  });
  return {
    model: config.model,
    async structured(messages, schema, name) {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const completion = await client.chat.completions.parse({
            model: config.model,
            messages,
            response_format: zodResponseFormat(schema, name),
          });
          const message = completion.choices[0]?.message;
          if (message?.refusal) throw new LlmError('malformed', `refused: ${message.refusal.slice(0, 300)}`);
          if (message?.parsed === null || message?.parsed === undefined) throw new LlmError('malformed', 'no answer');
          return message.parsed as never;
        } catch (err) {
          if (err instanceof LlmError) throw err;
          const { reason, retry, detail } = classify(err);
          if (!retry || attempt >= config.retries) throw new LlmError(reason, detail);
          await sleep(waitFor(err, attempt, config.backoffMs));
        }
      }
    },
  };
}
