import { FunctionField, useTranslate } from 'react-admin';
import { PublicAddress, PublishedContentList } from '../../ui/publishedContent';
import { InfoForm } from './InfoForm';
import { toInfoPayload } from './infoInputs';

const MESSAGES = 'platform.info';

/** Information pages at /info; a page opens in a drawer (/info?record=<id>). */
export default function InfoList() {
  const translate = useTranslate();
  return (
    <PublishedContentList
      resource="info"
      messages={MESSAGES}
      sort={{ field: 'title', order: 'ASC' }}
      transform={toInfoPayload}
      form={<InfoForm />}
      address={
        <FunctionField
          source="slug"
          label={`${MESSAGES}.fields.slug`}
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
      }
      dateSource="updatedAt"
    />
  );
}
