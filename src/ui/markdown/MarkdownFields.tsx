import { FormDataConsumer, TextInput, maxLength, required, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { Markdown } from './Markdown';

/** Live preview of the form's markdown `body`, rendered as the public page renders it. */
function MarkdownPreview() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mt: 1 }}>
      <Typography variant="overline" component="p">
        {translate('platform.common.preview')}
      </Typography>
      <Box
        data-testid="markdown-preview"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 48 }}
      >
        <FormDataConsumer<{ body?: string }>>
          {({ formData }) => <Markdown>{formData.body ?? ''}</Markdown>}
        </FormDataConsumer>
      </Box>
    </Box>
  );
}

/**
 * The `title` and markdown `body` inputs of platform content (info pages, messages, help
 * sections), with the body's live preview. `labels` is the section's field-label prefix.
 */
export function MarkdownFields({ labels, minRows }: { labels: string; minRows: number }) {
  return (
    <>
      <TextInput source="title" label={`${labels}.title`} validate={[required(), maxLength(200)]} />
      <TextInput
        source="body"
        label={`${labels}.body`}
        helperText="platform.common.markdownHelp"
        multiline
        minRows={minRows}
        validate={maxLength(100_000)}
      />
      <MarkdownPreview />
    </>
  );
}
