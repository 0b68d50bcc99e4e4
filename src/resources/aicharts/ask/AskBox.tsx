import { useMemo, useState } from 'react';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { useLocaleState, useTranslate } from 'react-admin';
import { exampleQuestions, parseQuestion, type AskAnswer } from '../../../../common/nl';
import { CancelledError } from '../../../ui/api/httpClient';
import { DatasetSelect } from '../DatasetSelect';
import type { ChartDraftState } from '../useChartDraft';
import { useDatasets } from '../useDatasets';
import { askQuestion } from './api';
import { AskAnswerNotes } from './AskAnswerNotes';
import { InterpretationChips } from './InterpretationChips';
import { LabelledChoices } from './LabelledChoices';
import { QuestionInput } from './QuestionInput';
import { useQuestionContext } from './useQuestionContext';

// The Ask box of AI charts: a question about the chosen dataset becomes the builder's draft.
// The browser parses as the user types (a preview of the reading); asking goes to the server,
// which answers the same reading with its SQL, or the operator's model's when it has one.

export function AskBox({ state }: { state: ChartDraftState }) {
  const translate = useTranslate();
  // questions are read in the user's language (unless typed plainly in another)
  const [language] = useLocaleState();
  const datasets = useDatasets();
  const dataset = datasets.data?.find((candidate) => candidate.id === state.draft.datasetId);
  const context = useQuestionContext(dataset);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<AskAnswer | null>(null);
  const [askedQuestion, setAskedQuestion] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<AbortController | null>(null);

  const examples = useMemo(() => (context ? exampleQuestions(context, 4) : []), [context]);
  const preview = useMemo(() => {
    if (!context || !question.trim() || question === askedQuestion) return null;
    const reading = parseQuestion(question, context, language);
    return reading.understood
      ? reading.interpretation.map((token) => token.label).join(' · ')
      : null;
  }, [context, question, askedQuestion, language]);

  const chooseDataset = (datasetId: number) => {
    asking?.abort();
    state.setDataset(datasetId);
    setAnswer(null);
    setError(null);
  };

  const ask = async (text: string) => {
    if (!dataset || !text.trim()) return;
    asking?.abort();
    const controller = new AbortController();
    setAsking(controller);
    setError(null);
    try {
      const answered = await askQuestion(dataset.id, text.trim(), language, controller.signal);
      state.load(answered.spec);
      setAnswer(answered);
      setAskedQuestion(text);
    } catch (failure) {
      if (failure instanceof CancelledError || controller.signal.aborted) return;
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setAsking((current) => (current === controller ? null : current));
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      component="section"
      aria-label={translate('charts.ask.title')}
    >
      <Stack spacing={1.5}>
        <Typography
          variant="h6"
          component="h2"
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <AutoAwesomeIcon color="primary" fontSize="small" />
          {translate('charts.ask.title')}
        </Typography>
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void ask(question);
          }}
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'flex-start',
            flexWrap: { xs: 'wrap', md: 'nowrap' },
          }}
        >
          <DatasetSelect
            size="medium"
            sx={{ minWidth: 200 }}
            label={translate('charts.ask.dataset')}
            datasets={datasets.data}
            loading={datasets.isPending}
            value={dataset?.id}
            onChange={chooseDataset}
          />
          <QuestionInput
            context={context}
            value={question}
            onChange={(text) => {
              setQuestion(text);
              setError(null);
            }}
            onAsk={(text) => void ask(text)}
            error={error}
            disabled={!dataset}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!dataset || !question.trim() || asking !== null}
            startIcon={asking ? <CircularProgress size={18} color="inherit" /> : undefined}
            sx={{ flexShrink: 0, height: 56 }}
          >
            {translate('charts.ask.ask')}
          </Button>
        </Box>
        {!dataset && (
          <Typography variant="body2" color="text.secondary">
            {translate('charts.ask.pickDataset')}
          </Typography>
        )}
        {preview && !asking && (
          <Typography variant="body2" color="text.secondary" data-testid="reading-preview">
            {translate('charts.ask.typing', { reading: preview })}
          </Typography>
        )}
        {dataset && !question && examples.length > 0 && (
          <LabelledChoices
            label={translate('charts.ask.examples')}
            choices={examples}
            textOf={(example) => example}
            onPick={(example) => {
              setQuestion(example);
              void ask(example);
            }}
          />
        )}
        {answer && <AskAnswerNotes answer={answer} onAlternative={(spec) => state.load(spec)} />}
        {answer && dataset && <InterpretationChips state={state} fields={dataset.fields} />}
      </Stack>
    </Paper>
  );
}
