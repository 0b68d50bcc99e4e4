import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server that speaks the OpenAI chat-completions protocol (POST
// {base}/chat/completions), standing in for an operator's language model: each test sets
// what it answers and reads what it was sent.

export interface ChatRequest {
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: unknown;
  };
}

export type ChatReply = { content: string } | { status: number };

export interface ChatCompletionsServer {
  /** The AI_BASE_URL to configure. */
  baseUrl: string;
  requests: ChatRequest[];
  answerWith(reply: ChatReply): void;
  close(): Promise<void>;
}

export async function startChatCompletionsServer(): Promise<ChatCompletionsServer> {
  const requests: ChatRequest[] = [];
  let reply: ChatReply = { status: 503 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      requests.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()) });
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'unavailable' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.content },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith: (next) => {
      reply = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
