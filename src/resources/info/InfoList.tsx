import {
  BooleanField,
  DateField,
  FunctionField,
  NullableBooleanInput,
  SearchInput,
  TextField,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { DrawerRecordList } from '../shared/DrawerRecordList';
import { InfoForm } from './InfoForm';
import { toInfoPayload } from './infoInputs';

const label = (field: string) => `platform.info.fields.${field}`;

/** Information pages at /info; a page opens in a drawer (/info?record=<id>). */
export default function InfoList() {
  const translate = useTranslate();
  return (
    <DrawerRecordList
      resource="info"
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <NullableBooleanInput key="published" source="published" label={label('published')} />,
      ]}
      sort={{ field: 'title', order: 'ASC' }}
      titleKey={{ create: 'platform.info.createTitle', edit: 'platform.info.editTitle' }}
      transform={toInfoPayload}
      form={<InfoForm />}
    >
      <TextField source="title" label={label('title')} />
      <FunctionField
        source="slug"
        label={label('slug')}
        render={(page) =>
          page.published ? (
            <Link
              component={RouterLink}
              to={`/info/${page.slug}`}
              onClick={(event) => event.stopPropagation()}
              title={translate('platform.info.open')}
            >
              /info/{page.slug}
            </Link>
          ) : (
            `/info/${page.slug}`
          )
        }
      />
      <BooleanField source="published" label={label('published')} sortable={false} />
      <DateField source="updatedAt" label={label('updatedAt')} showTime />
    </DrawerRecordList>
  );
}
