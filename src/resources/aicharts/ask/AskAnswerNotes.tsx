import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ChartSpec } from '../../../../common/charts';
import type { AskAnswer } from '../../../../common/nl';
import { LabelledChoices } from './LabelledChoices';

// What the reader of a question wants to know beyond the chart: who read it (the parser or
// the language model), what was shown instead of what was asked (notes), which words were
// ignored, and the other readings of an ambiguous one.

export function AskAnswerNotes({
  answer,
  onAlternative,
}: {
  answer: AskAnswer;
  onAlternative: (spec: ChartSpec) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      {answer.answeredBy === 'model' && (
        <Alert severity="info" data-testid="answered-by-model">
          {translate('charts.ask.byModel')}
        </Alert>
      )}
      {(answer.notes ?? []).map((note) => (
        <Alert severity="info" key={note} data-testid="answer-note">
          {note}
        </Alert>
      ))}
      {answer.unmatched.length > 0 && (
        <Alert severity="warning" data-testid="ignored-words">
          {translate('charts.ask.ignored', { words: answer.unmatched.join(', ') })}
        </Alert>
      )}
      {answer.alternatives.length > 0 && (
        <LabelledChoices
          label={translate('charts.ask.alternatives')}
          choices={answer.alternatives}
          textOf={(alternative) =>
            alternative.title || translate(`charts.types.${alternative.type}`)
          }
          onPick={onAlternative}
          variant="outlined"
        />
      )}
    </Stack>
  );
}
