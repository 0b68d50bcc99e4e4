import { Box, Button, Divider, IconButton, Tooltip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import AddchartIcon from '@mui/icons-material/Addchart';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { DataSource } from '../../../common/analytics';
import { isWarehouseType } from '../../../common/sourceTypes';
import { SchemaBrowser } from '../../ui/warehouse/SchemaBrowser';
import { useSchema } from '../../ui/warehouse/useSchema';
import { TestConnectionButton } from './TestConnectionButton';
import { UploadPanel } from '../datasets/upload/UploadPanel';
import { datasetFromTablePath } from '../../ui/warehouse/datasetLinks';

/** Below the edit form of a saved source: test the connection, browse the schema, upload. */
export function DataSourceTools() {
  const translate = useTranslate();
  const record = useRecordContext<DataSource>();
  const schema = useSchema(record?.id);
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }} component="section" aria-label={translate('analytics.datasources.tools')}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('analytics.datasources.test.hint')}
      </Typography>
      <TestConnectionButton sourceId={record.id} />
      {isWarehouseType(record.type) && (
        <Box sx={{ mt: 3 }}>
          <UploadPanel sourceId={record.id} onTablesChanged={schema.reload} />
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', mt: 3 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('analytics.schema.title')}
        </Typography>
        <Tooltip title={translate('analytics.schema.reload')}>
          <IconButton aria-label={translate('analytics.schema.reload')} onClick={schema.reload}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <SchemaBrowser
        state={schema}
        tableActions={(table) => (
          <Button
            size="small"
            component={RouterLink}
            to={datasetFromTablePath(record.id, table.name)}
            startIcon={<AddchartIcon />}
            aria-label={translate('analytics.datasources.createDatasetFor', { table: table.name })}
          >
            {translate('analytics.datasources.createDataset')}
          </Button>
        )}
      />
    </Box>
  );
}
