import { BooleanField, DateField, FunctionField, TextField, useTranslate } from 'react-admin';
import { DrawerRecordList } from '../../ui/recordDrawer/DrawerRecordList';
import { PublicAddress, publishedFilters } from '../../ui/publishedContent';
import { InfoForm } from './InfoForm';
import { toInfoPayload } from './infoInputs';

const label = (field: string) => `platform.info.fields.${field}`;

/** Information pages at /info; a page opens in a drawer (/info?record=<id>). */
export default function InfoList() {
  const translate = useTranslate();
  return (
    <DrawerRecordList
      resource="info"
      filters={publishedFilters(label('published'))}
      sort={{ field: 'title', order: 'ASC' }}
      titleKey={{ create: 'platform.info.createTitle', edit: 'platform.info.editTitle' }}
      transform={toInfoPayload}
      form={<InfoForm />}
    >
      <TextField source="title" label={label('title')} />
      <FunctionField
        source="slug"
        label={label('slug')}
        render={(page) => (
          <PublicAddress
            published={page.published}
            to={`/info/${page.slug}`}
            title={translate('platform.info.open')}
          >
            /info/{page.slug}
          </PublicAddress>
        )}
      />
      <BooleanField source="published" label={label('published')} sortable={false} />
      <DateField source="updatedAt" label={label('updatedAt')} showTime />
    </DrawerRecordList>
  );
}
