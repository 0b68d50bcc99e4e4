import { useEditContext, usePermissions, useRecordContext } from 'react-admin';
import type { RevisionKind } from '../../../common/revisions';
import { canAccess, type Section } from '../../../common/sections';
import { RevisionHistory } from './RevisionHistory';

/**
 * The History button of an edit screen's record: its revisions for whoever reads it, restoring
 * for those who may write its section; `onRestored` after the record is read again.
 */
export function RecordHistory({
  kind,
  section,
  onRestored,
}: {
  kind: RevisionKind;
  section: Section;
  onRestored?: () => void;
}) {
  const record = useRecordContext<{ id: number }>();
  const { refetch } = useEditContext();
  const { permissions } = usePermissions();
  const canRestore =
    typeof permissions === 'string' && canAccess(permissions as never, section, 'write');
  if (!record) return null;
  const reload = async () => {
    await refetch?.();
    onRestored?.();
  };
  return (
    <RevisionHistory
      kind={kind}
      id={Number(record.id)}
      canRestore={canRestore}
      onRestored={() => void reload()}
    />
  );
}
