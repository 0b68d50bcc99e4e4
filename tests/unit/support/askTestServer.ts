import { request as httpRequest } from 'node:http';
import { startLocalJsonServer, type IncomingCall, type JsonReply } from './localJsonServer';
import { setApiPrefix } from '../../../src/ui/api/httpClient';
import { parseQuestion, type AskAnswer, type QuestionContext } from '../../../src/model/nl';
import {
  FLIGHTS,
  startChartsTestServer,
  type ChartsTestServer,
  type SeenRequest,
} from './chartsTestServer';

// A real HTTP server for the Ask box's component tests: it answers the Ask box's own calls
// (POST /aicharts/ask, GET /aicharts/context/:id) and passes every other call on to the charts
// test server, which answers the rest of the new-chart page (datasets, query, session).

/** The sampled values and ranges of Flights, as GET /aicharts/context/7 answers them. */
export const FLIGHTS_FACTS: Pick<QuestionContext, 'values' | 'ranges'> = {
  values: { origin: ['SEA', 'PDX', 'SFO'] },
  ranges: { delay: { min: -30, max: 300 }, distance: { min: 100, max: 2700 } },
};

export const FLIGHTS_CONTEXT: QuestionContext = { dataset: FLIGHTS, ...FLIGHTS_FACTS };

/** What the real endpoint answers when its parser reads the question (no model set up). */
export function parserAnswer(question: string): JsonReply {
  const parsed = parseQuestion(question, FLIGHTS_CONTEXT);
  if (!parsed.understood) {
    return {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: `question: no field, value or keyword of "Flights" was recognised in it.`,
        field: 'question',
      },
    };
  }
  const { spec, interpretation, unmatched, alternatives, notes } = parsed;
  const answer: AskAnswer = {
    spec,
    interpretation,
    unmatched,
    alternatives,
    notes,
    sql: 'SELECT 1',
    answeredBy: 'parser',
  };
  return { status: 200, body: answer };
}

export interface AskTestServer {
  url: string;
  /** the calls the Ask box made itself (ask, context) */
  requests: SeenRequest[];
  /** the server behind, answering everything else */
  charts: ChartsTestServer;
  /** Answers POST /api/v1/aicharts/ask; tests replace it. */
  ask: (body: { datasetId: number; question: string }) => JsonReply;
  close(): Promise<void>;
}

/** Passes a call on to the charts test server and answers with its reply. */
function forward(call: IncomingCall, to: string): Promise<JsonReply> {
  return new Promise((resolve, reject) => {
    const headers = { ...call.headers, host: new URL(to).host };
    const outgoing = httpRequest(
      `${to}${call.path}${call.search}`,
      { method: call.method, headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const contentRange = incoming.headers['content-range'];
          resolve({
            status: incoming.statusCode ?? 500,
            body: text ? JSON.parse(text) : null,
            headers: contentRange
              ? {
                  'Content-Range': String(contentRange),
                  'Access-Control-Expose-Headers': 'Content-Range, X-Total-Count',
                }
              : undefined,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(call.body);
  });
}

/** Starts both servers and points the web app at the Ask box's one. */
export async function startAskTestServer(): Promise<AskTestServer> {
  const charts = await startChartsTestServer();
  const requests: SeenRequest[] = [];
  const state = {
    ask: ((body) => parserAnswer(body.question)) as AskTestServer['ask'],
  };
  const front = await startLocalJsonServer((call, respond) => {
    const seen: SeenRequest = {
      method: call.method,
      path: call.path,
      search: call.search,
      body: call.body.toString('utf8'),
    };
    const own =
      call.path === '/api/v1/aicharts/ask' || call.path.startsWith('/api/v1/aicharts/context/');
    if (own && !call.headers.authorization) {
      respond({ status: 401, body: { message: 'No session' } });
    } else if (call.method === 'POST' && call.path === '/api/v1/aicharts/ask') {
      requests.push(seen);
      respond(state.ask(JSON.parse(seen.body)));
    } else if (call.method === 'GET' && call.path === `/api/v1/aicharts/context/${FLIGHTS.id}`) {
      requests.push(seen);
      respond({ status: 200, body: FLIGHTS_FACTS });
    } else {
      forward(call, charts.url).then(respond, (error: Error) =>
        respond({ status: 502, body: { message: error.message } }),
      );
    }
  });
  setApiPrefix(front.url);
  return {
    url: front.url,
    requests,
    charts,
    get ask() {
      return state.ask;
    },
    set ask(handler) {
      state.ask = handler;
    },
    close: async () => {
      await front.close();
      await charts.close();
    },
  };
}
