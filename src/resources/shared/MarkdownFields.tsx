import { FormDataConsumer, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { Markdown } from '../../public/platform/Markdown';

/** Live preview of the form's markdown `body`, rendered as the public page renders it. */
export function MarkdownPreview() {
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
