import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Form, SaveButton, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Survey, SurveyAnswers } from '../../../common/surveys';
import { AnswerInput } from './AnswerInput';
import { myAnswers, sendAnswers } from './api';
import type { AnswerStanding } from '../../../common/api/surveys';

// Answering a survey: its questions in order, sent once (or again when the survey allows it).

export function SurveyAnswerForm() {
  const survey = useRecordContext<Survey>();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const standingKey = ['surveyStanding', survey?.id];
  // Without an answer from the server the survey shows as answered, not as a form.
  const { data: standing } = useQuery({
    queryKey: standingKey,
    queryFn: (): Promise<AnswerStanding> =>
      myAnswers(survey!.id).catch(() => ({ count: 0, canAnswer: false })),
    enabled: survey !== undefined && survey.status !== 'draft',
    refetchOnWindowFocus: false,
  });
  const [formKey, setFormKey] = useState(0);
  const [answering, setAnswering] = useState(true);

  if (!survey) return null;
  if (survey.status === 'draft')
    return <Alert severity="info">{translate('surveys.answer.draft')}</Alert>;
  if (survey.status === 'closed')
    return <Alert severity="warning">{translate('surveys.answer.closed')}</Alert>;
  if (!standing) return null;

  if (!standing.canAnswer || !answering) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success">{translate('surveys.answer.thanks')}</Alert>
        {standing.canAnswer && (
          <Button
            onClick={() => {
              setFormKey((key) => key + 1);
              setAnswering(true);
            }}
          >
            {translate('surveys.answer.again')}
          </Button>
        )}
      </Stack>
    );
  }

  async function submit(values: Record<string, unknown>) {
    try {
      await sendAnswers(survey!.id, (values.answers ?? {}) as SurveyAnswers);
      notify('surveys.answer.sent', { type: 'info' });
      queryClient.setQueryData<AnswerStanding>(standingKey, {
        count: standing!.count + 1,
        canAnswer: survey!.allowMultiple,
      });
      setAnswering(false);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    }
  }

  return (
    <Form key={formKey} onSubmit={submit} defaultValues={{ answers: {} }} record={{}}>
      <Stack spacing={1} sx={{ maxWidth: 640 }}>
        {survey.description && <Typography>{survey.description}</Typography>}
        {survey.questions.map((question) => (
          <Box key={question.id}>
            <AnswerInput question={question} />
          </Box>
        ))}
        <Box>
          <SaveButton label="surveys.answer.submit" alwaysEnable />
        </Box>
      </Stack>
    </Form>
  );
}
