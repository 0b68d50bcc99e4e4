import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/*
 * Shared route prefixes: /messages, /info and /pricing are both public and protected.
 *
 * RULE: the public patterns of the specification (§2) win for their shapes:
 *   /messages/:type, /messages/:type/:id, /info/<page>..., /pricing/:token
 * are always the public pages, signed in or not. The protected section keeps its list at the
 * bare prefix (/messages, /info, /pricing) and opens its record screens (create, edit, show)
 * in a drawer or dialog on that list route, driven by the query parameter `record`:
 *   /messages?record=new   create
 *   /messages?record=12    edit or show record 12
 * so no record URL of a protected section ever collides with a public shape.
 * Because `/info` alone is the protected list, the public `/info/*` is registered as
 * `/info/:page/*`; the public page reads its slug with `infoSlugFromParams(useParams())`.
 * App.tsx registers these sections with a list only (no create/edit/show routes) and the
 * sections' list components use `useRecordDrawer()` below to open and close their drawer.
 */

/** The prefixes shared by a public page and a protected section. */
const SHARED_PREFIXES = ['messages', 'info', 'pricing'] as const;
type SharedPrefix = (typeof SHARED_PREFIXES)[number];

/** The query parameter naming the record a shared-prefix section shows in its drawer. */
const recordDrawerParam = 'record';

/** The `record` value that opens the create form. */
const newRecordValue = 'new';

/** The route parameter holding the first segment of a public info page path. */
const infoPageParam = 'page';

/** The slug of a public info page from its route params: `/info/about` -> `about`. */
export function infoSlugFromParams(params: Readonly<Record<string, string | undefined>>): string {
  const page = params[infoPageParam] ?? '';
  const rest = params['*'] ?? '';
  return rest === '' ? page : `${page}/${rest}`;
}

export function isSharedPrefix(section: string): section is SharedPrefix {
  return (SHARED_PREFIXES as readonly string[]).includes(section);
}

/** The list URL of a shared-prefix section with its drawer open on a record, or on create. */
export function recordDrawerPath(prefix: SharedPrefix, recordId: string | number | 'new'): string {
  return `/${prefix}?${recordDrawerParam}=${encodeURIComponent(String(recordId))}`;
}

interface RecordDrawerState {
  /** The id in the URL (`?record=12` -> '12'), or null for create or when closed. */
  recordId: string | null;
  /** True when the URL asks for the create form (`?record=new`). */
  isCreate: boolean;
  /** True when a drawer should be shown at all. */
  isOpen: boolean;
  openRecord: (id: string | number) => void;
  openCreate: () => void;
  close: () => void;
}

/** Reads `?record=` from a search string: `{ isCreate, recordId }`. */
export function parseRecordParam(search: string): { isCreate: boolean; recordId: string | null } {
  const value = new URLSearchParams(search).get(recordDrawerParam);
  if (value === null || value === '') return { isCreate: false, recordId: null };
  if (value === newRecordValue) return { isCreate: true, recordId: null };
  return { isCreate: false, recordId: value };
}

/** Drawer state of a shared-prefix list route, kept in the URL's `record` query parameter. */
export function useRecordDrawer(): RecordDrawerState {
  const [searchParams, setSearchParams] = useSearchParams();
  const { isCreate, recordId } = parseRecordParam(searchParams.toString());

  const setRecord = useCallback(
    (value: string | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(recordDrawerParam);
        else next.set(recordDrawerParam, value);
        return next;
      }),
    [setSearchParams],
  );

  return {
    recordId,
    isCreate,
    isOpen: isCreate || recordId !== null,
    openRecord: useCallback((id: string | number) => setRecord(String(id)), [setRecord]),
    openCreate: useCallback(() => setRecord(newRecordValue), [setRecord]),
    close: useCallback(() => setRecord(null), [setRecord]),
  };
}
