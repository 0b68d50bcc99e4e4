import { AGGREGATIONS, FILTER_OPS, TIME_GRAINS, type Dataset } from '../../../common/analytics';
import { CHART_TYPES } from '../../../common/charts';
import { CHART_NEEDS } from '../../../common/nl/chartFit';
import type { AiConfig } from '../../config';

// The operator's language model, spoken to in the OpenAI chat-completions protocol. It is
// sent the dataset's schema and the question, never rows or sampled values, and asked for a
// semantic query as JSON; what it answers is checked (modelProposal.ts) before anything runs.

export class ModelUnavailableError extends Error {}

// `relative` dates take a structured value the model is not taught; it names fixed ones.
const MODEL_FILTER_OPS = FILTER_OPS.filter((op) => op !== 'relative');

const INSTRUCTIONS = `You turn a question about one dataset into a chart request.
Answer with one JSON object and nothing else:
{"chart": one of ${CHART_TYPES.join(', ')},
 "dimensions": [{"field": name, "grain"?: ${TIME_GRAINS.join('|')}, "bin"?: number}],
 "measures": [{"field": name or "*", "agg": ${AGGREGATIONS.join('|')}}],
 "filters": [{"field": name, "op": ${MODEL_FILTER_OPS.join('|')}, "value"?: value}],
 "sort": [{"key": a dimension field or a measure key "<agg>_<field>" ("count" for a row count), "dir": asc|desc}],
 "limit"?: number}
What each chart needs (its dimensions in this order): ${CHART_TYPES.map((type) => `${type}: ${CHART_NEEDS[type]}`).join('; ')}.
Use only the field names listed in the schema. Never write SQL.`;

function schemaOf(dataset: Dataset) {
  return {
    dataset: dataset.name,
    fields: dataset.fields.map(({ name, label, type, role, synonyms }) => ({
      name,
      label,
      type,
      role,
      synonyms,
    })),
  };
}

function contentOf(body: unknown): string {
  const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]
    ?.message?.content;
  if (typeof content !== 'string') throw new ModelUnavailableError('The model sent no answer.');
  return content;
}

/** The model's answer, parsed as JSON (a fenced ```json block is accepted). */
function parseAnswer(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  try {
    return JSON.parse((fenced ? fenced[1] : content).trim());
  } catch {
    throw new ModelUnavailableError('The model did not answer with JSON.');
  }
}

export async function askModel(ai: AiConfig, dataset: Dataset, question: string): Promise<unknown> {
  const request = {
    model: ai.model,
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: JSON.stringify({ schema: schemaOf(dataset), question }) },
    ],
  };
  let response: Response;
  try {
    response = await fetch(`${ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
      },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(ai.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new ModelUnavailableError(
      timedOut ? 'The model did not answer in time.' : 'The model could not be reached.',
    );
  }
  if (!response.ok) throw new ModelUnavailableError(`The model answered HTTP ${response.status}.`);
  return parseAnswer(contentOf(await response.json().catch(() => null)));
}
