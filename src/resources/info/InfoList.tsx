import { useTranslate } from 'react-admin';
import { PublishedContentList } from '../../ui/publishedContent';
import { InfoForm } from './InfoForm';
import { toInfoPayload } from './infoInputs';

/** Information pages at /info; a page opens in a drawer (/info?record=<id>). */
export default function InfoList() {
  const translate = useTranslate();
  return (
    <PublishedContentList
      resource="info"
      messages="platform.info"
      sort={{ field: 'title', order: 'ASC' }}
      transform={toInfoPayload}
      form={<InfoForm />}
      address={{
        source: 'slug',
        path: (page) => `/info/${String(page.slug)}`,
        title: translate('platform.info.open'),
      }}
      dateSource="updatedAt"
    />
  );
}
