import { useContext } from 'react';
import { MenuItem } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import type { ChartSpec } from '../../../common/charts';
import { canAccess } from '../../../common/sections';
import { ROLES, type Role } from '../../../common/types';
import { ChartAlertsContext } from '../alerts/alertsApi';

// "Annotations…" in a chart's menu: for editors and admins on signed-in pages, on the chart
// types that can be drawn over time.

const ANNOTATED_TYPES: ReadonlySet<ChartSpec['type']> = new Set([
  'line',
  'area',
  'column',
  'bar',
  'stacked',
]);

/** Whether the signed-in user may annotate a chart of this type here. */
export function useCanAnnotate(spec: ChartSpec): boolean {
  const signedIn = useContext(ChartAlertsContext);
  const { permissions } = usePermissions<Role | null>();
  const writer =
    typeof permissions === 'string' &&
    (ROLES as readonly string[]).includes(permissions) &&
    canAccess(permissions, 'aicharts', 'write');
  return signedIn && writer && ANNOTATED_TYPES.has(spec.type);
}

export function ChartAnnotationsMenuItem({
  spec,
  onChosen,
}: {
  spec: ChartSpec;
  onChosen: () => void;
}) {
  const translate = useTranslate();
  if (!useCanAnnotate(spec)) return null;
  return <MenuItem onClick={onChosen}>{translate('annotations.menu')}</MenuItem>;
}
