import type { ReactNode } from 'react';
import {
  BooleanField,
  DateField,
  FunctionField,
  NullableBooleanInput,
  SearchInput,
  TextField,
  type SortPayload,
  type TransformData,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { DrawerRecordList } from './recordDrawer/DrawerRecordList';

// Pieces of the lists of publishable platform content (info pages, messages).

/** The list filters: free-text search, and published yes / no / either. */
export function publishedFilters(publishedLabel: string) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <NullableBooleanInput key="published" source="published" label={publishedLabel} />,
  ];
}

/** A record's public address: a link once it is published, plain text before. */
function PublicAddress({
  published,
  to,
  title,
  children,
}: {
  published: boolean;
  to: string;
  title?: string;
  children: ReactNode;
}) {
  if (!published) return <>{children}</>;
  return (
    <Link
      component={RouterLink}
      to={to}
      // The row opens the record's drawer; following the link must not.
      onClick={(event) => event.stopPropagation()}
      title={title}
    >
      {children}
    </Link>
  );
}

type PublishedRecord = { id: number; published: boolean } & Record<string, unknown>;

export interface PublicAddressColumn {
  source: string;
  path: (record: PublishedRecord) => string;
  /** The text that shows, when it is not the path itself. */
  text?: (record: PublishedRecord) => ReactNode;
  /** The link's tooltip. */
  title?: string;
}

/**
 * The list of a publishable content section, each record in the drawer: title, public address,
 * published, its date, then `children`. `messages` is the section's i18n prefix (its
 * `fields.*`, `createTitle` and `editTitle`).
 */
export function PublishedContentList(props: {
  resource: string;
  messages: string;
  sort: SortPayload;
  transform: TransformData;
  form: ReactNode;
  /** The public address column: its source, a record's path and the text that shows. */
  address: PublicAddressColumn;
  /** The source of the date column. */
  dateSource: string;
  children?: ReactNode;
}) {
  const { messages } = props;
  const label = (field: string) => `${messages}.fields.${field}`;
  return (
    <DrawerRecordList
      resource={props.resource}
      filters={publishedFilters(label('published'))}
      sort={props.sort}
      titleKey={{ create: `${messages}.createTitle`, edit: `${messages}.editTitle` }}
      transform={props.transform}
      form={props.form}
    >
      <TextField source="title" label={label('title')} />
      <FunctionField
        source={props.address.source}
        label={label(props.address.source)}
        render={(record: PublishedRecord) => (
          <PublicAddress
            published={record.published}
            to={props.address.path(record)}
            title={props.address.title}
          >
            {/* An address reads left to right in a right-to-left layout too. */}
            <bdi>{(props.address.text ?? props.address.path)(record)}</bdi>
          </PublicAddress>
        )}
      />
      <BooleanField source="published" label={label('published')} sortable={false} />
      <DateField
        source={props.dateSource}
        label={label(props.dateSource)}
        showTime
        // A date and time in a Latin script keeps its order in a right-to-left layout.
        sx={{ unicodeBidi: 'plaintext' }}
      />
      {props.children}
    </DrawerRecordList>
  );
}
