import type { ReactNode } from 'react';
import { NullableBooleanInput, SearchInput } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';

// Pieces of the lists of publishable platform content (info pages, messages).

/** The list filters: free-text search, and published yes / no / either. */
export function publishedFilters(publishedLabel: string) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <NullableBooleanInput key="published" source="published" label={publishedLabel} />,
  ];
}

/** A record's public address: a link once it is published, plain text before. */
export function PublicAddress({
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
