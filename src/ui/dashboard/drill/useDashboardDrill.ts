import { useCallback, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SemanticQuery } from '../../../../common/analytics';
import type { DrillContextAnswer } from '../../../../common/api/drill';
import type { SavedChart } from '../../../../common/charts';
import {
  drilledQuery,
  drilledSpec,
  rowsFiltersOf,
  type ClickedValue,
  type DrillContext,
  type DrillStep,
} from '../../../../common/drill';
import type { ChartSelection } from '../LazyChart';
import type { TileRunner } from '../tileRunners';
import { clickedValueLabel, stepLabel } from './drillLabels';
import type { PickedValue } from './PointMenu';
import type { RowsView } from './RowsDialog';
import { useDrillContexts } from './useDrillContexts';

// A dashboard's drill state: each chart's steps down its hierarchies (by chart id), the value
// whose menu is open, and the rows being viewed. Charts are shown drilled; their breadcrumbs
// go back up.

export function useDashboardDrill(
  charts: SavedChart[],
  runner: TileRunner,
  given: DrillContextAnswer[] | undefined,
) {
  const translate = useTranslate();
  const contexts = useDrillContexts(runner, charts, given);
  const [drills, setDrills] = useState<ReadonlyMap<number, DrillStep[]>>(() => new Map());
  const [picked, setPicked] = useState<PickedValue | null>(null);
  const [rowsView, setRowsView] = useState<{ view: RowsView; context?: DrillContext } | null>(null);

  const contextOf = useCallback(
    (chart: SavedChart) => contexts.get(chart.spec.query.datasetId),
    [contexts],
  );

  /** The charts as shown: each drilled one by its drilled spec. */
  const shownCharts = useCallback(
    (byId: Map<number, SavedChart>) => {
      if (drills.size === 0) return byId;
      return new Map(
        [...byId].map(([id, chart]) => {
          const steps = drills.get(id);
          return [id, steps?.length ? { ...chart, spec: drilledSpec(chart.spec, steps) } : chart];
        }),
      );
    },
    [drills],
  );

  const pick = useCallback(
    (chart: SavedChart, selection: ChartSelection) => setPicked({ chart, selection }),
    [],
  );
  const closeMenu = useCallback(() => setPicked(null), []);

  const drillDown = useCallback((chartId: number, step: DrillStep) => {
    setPicked(null);
    setDrills((now) => new Map(now).set(chartId, [...(now.get(chartId) ?? []), step]));
  }, []);

  /** Back up to `depth` steps (0: the chart as saved). */
  const back = useCallback((chartId: number, depth: number) => {
    setDrills((now) => {
      const next = new Map(now);
      const kept = (now.get(chartId) ?? []).slice(0, depth);
      if (kept.length) next.set(chartId, kept);
      else next.delete(chartId);
      return next;
    });
  }, []);

  const crumbs = useMemo(
    () =>
      new Map(
        [...drills].map(([chartId, steps]) => [
          chartId,
          [translate('drill.top'), ...steps.map(stepLabel)],
        ]),
      ),
    [drills, translate],
  );

  /** Opens the rows of the values `clicked` in `chart` whose tile asks `asked` (filters and all). */
  const viewRows = useCallback(
    (chart: SavedChart, clicked: ClickedValue[], asked: SemanticQuery) => {
      setPicked(null);
      const query = drilledQuery(asked, drills.get(chart.id) ?? []);
      const value = clicked.map((one) => clickedValueLabel(one.value, one.grain)).join(' · ');
      setRowsView({
        view: {
          datasetId: query.datasetId,
          filters: rowsFiltersOf(query, clicked),
          title: `${chart.name}: ${value}`,
        },
        context: contexts.get(query.datasetId),
      });
    },
    [drills, contexts],
  );

  return {
    drills,
    picked,
    rowsView,
    contextOf,
    shownCharts,
    pick,
    closeMenu,
    drillDown,
    back,
    crumbs,
    viewRows,
    closeRows: useCallback(() => setRowsView(null), []),
  };
}
