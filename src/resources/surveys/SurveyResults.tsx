import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { Survey } from '../../../common/surveys';
import type { QuestionSummary } from '../../../common/api/surveys';
import { downloadAnswersCsv, surveyResults } from './api';

// The results of a survey: a card per question (counts per choice or rating as bars,
// min/average/max of numbers, the texts given), and the answers as a CSV download.

const MAX_TEXTS_SHOWN = 50;
const round = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : String(Math.round(value * 100) / 100);

function Counts({
  counts,
  answered,
}: Required<Pick<QuestionSummary, 'counts'>> & { answered: number }) {
  return (
    <Stack spacing={0.5}>
      {counts.map(({ value, count }) => (
        <Box key={value}>
          <Typography variant="body2">
            {value}: {count}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={answered ? (count / answered) * 100 : 0}
            aria-label={value}
          />
        </Box>
      ))}
    </Stack>
  );
}

function QuestionCard({ summary }: { summary: QuestionSummary }) {
  const translate = useTranslate();
  const numeric = summary.type === 'number' || summary.type === 'rating';
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1">{summary.text}</Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('surveys.results.answered', { smart_count: summary.answered })}
        </Typography>
        {numeric && (
          <Typography variant="body2" gutterBottom>
            {translate('surveys.results.minAvgMax', {
              min: round(summary.min),
              avg: round(summary.avg),
              max: round(summary.max),
            })}
          </Typography>
        )}
        {summary.counts && <Counts counts={summary.counts} answered={summary.answered} />}
        {summary.texts && (
          <List dense>
            {summary.texts.slice(-MAX_TEXTS_SHOWN).map((text, index) => (
              <ListItem key={index} disableGutters>
                {text}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

export function SurveyResults() {
  const survey = useRecordContext<Survey>();
  const translate = useTranslate();
  const notify = useNotify();
  const answer = useQuery({
    queryKey: ['surveyResults', survey?.id],
    queryFn: () => surveyResults(survey!.id),
    enabled: survey !== undefined,
    retry: false,
  });
  const results = answer.data ?? null;
  const failed = answer.error?.message ?? null;

  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!survey || !results) return null;

  async function download() {
    try {
      await downloadAnswersCsv(survey!.id, survey!.name);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    }
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography>
          {translate('surveys.results.total', { smart_count: results.total })}
        </Typography>
        <Button startIcon={<DownloadIcon />} onClick={download} disabled={results.total === 0}>
          {translate('surveys.results.downloadCsv')}
        </Button>
      </Stack>
      {results.questions.map((summary) => (
        <QuestionCard key={summary.questionId} summary={summary} />
      ))}
    </Stack>
  );
}
