import { useEffect, useState } from 'react';
import { ListSubheader, Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SavedChart } from '../../../../common/charts';
import {
  breakOutFields,
  breakOutLevelOf,
  drillStep,
  nextLevel,
  type ClickedValue,
  type DrillContext,
  type DrillStep,
} from '../../../../common/drill';
import type { ChartSelection } from '../LazyChart';
import { clickedValueLabel, fieldLabel } from './drillLabels';

// The menu of a value picked in a chart (a click, a tap, or Enter on the focused chart):
// drill into its next level, break it out by another field, view its rows, filter the
// dashboard by it, open the dashboard the tile links to. What a viewer may do decides which of
// them it offers.

export interface PickedValue {
  /** the chart as shown (its drilled spec) */
  chart: SavedChart;
  selection: ChartSelection;
}

interface PointMenuProps {
  picked: PickedValue;
  context: DrillContext | undefined;
  /** break out by any field and view rows (signed in) */
  opensRows: boolean;
  crossFilters: boolean;
  onClose: () => void;
  onDrill: (step: DrillStep) => void;
  onViewRows: (clicked: ClickedValue[]) => void;
  onCrossFilter: () => void;
  /** the dashboard the chart's tile links to ("Open <dashboard>"), when there is one */
  linked?: { title: string; onOpen: (clicked: ClickedValue) => void };
}

/** A value picked on `field`, with the grain or bin of the chart's dimension of it. */
function clickedOn(chart: SavedChart, field: string, value: ClickedValue['value']): ClickedValue {
  const dimension = chart.spec.query.dimensions.find((d) => d.field === field);
  return {
    field,
    value,
    ...(dimension?.grain ? { grain: dimension.grain } : {}),
    ...(dimension?.bin ? { bin: dimension.bin } : {}),
  };
}

/** The values that made the picked mark: its category, then its series or row. */
export function clickedValuesOf(picked: PickedValue): ClickedValue[] {
  const { chart, selection } = picked;
  return [
    clickedOn(chart, selection.field, selection.value),
    ...(selection.also ?? []).map((other) => clickedOn(chart, other.field, other.value)),
  ];
}

export function PointMenu(props: PointMenuProps) {
  const { picked, context, opensRows, crossFilters, onClose } = props;
  const translate = useTranslate();
  const [breakingOut, setBreakingOut] = useState(false);
  const { query } = picked.chart.spec;
  const values = clickedValuesOf(picked);
  const [clicked] = values;
  const dimension = query.dimensions.find((d) => d.field === clicked.field);
  const next = dimension && context ? nextLevel(dimension, context) : null;
  const fields = dimension && context && opensRows ? breakOutFields(query, context) : [];
  const anchor = picked.selection.anchor ?? {
    left: window.innerWidth / 2,
    top: window.innerHeight / 2,
  };
  const levelLabel = (level: NonNullable<typeof next>) =>
    level.field === clicked.field && level.grain
      ? translate(`drill.grains.${level.grain}`)
      : fieldLabel(context, level.field);
  const title = values.map((value) => clickedValueLabel(value.value, value.grain)).join(' · ');

  const items = breakingOut
    ? [
        <MenuItem key="back" onClick={() => setBreakingOut(false)}>
          {translate('drill.back')}
        </MenuItem>,
        ...fields.map((field) => (
          <MenuItem
            key={field.name}
            onClick={() => props.onDrill(drillStep(dimension!, clicked, breakOutLevelOf(field)))}
          >
            {field.label}
          </MenuItem>
        )),
      ]
    : [
        next && dimension && (
          <MenuItem key="drill" onClick={() => props.onDrill(drillStep(dimension, clicked, next))}>
            {translate('drill.drillInto', { level: levelLabel(next) })}
          </MenuItem>
        ),
        fields.length > 0 && (
          <MenuItem key="breakOut" onClick={() => setBreakingOut(true)}>
            {translate('drill.breakOut')}
          </MenuItem>
        ),
        opensRows && (
          <MenuItem key="rows" onClick={() => props.onViewRows(values)}>
            {translate('drill.viewRows')}
          </MenuItem>
        ),
        crossFilters && (
          <MenuItem key="cross" onClick={props.onCrossFilter}>
            {translate('drill.filterDashboard')}
          </MenuItem>
        ),
        props.linked && (
          <MenuItem key="open" onClick={() => props.linked!.onOpen(clicked)}>
            {translate('drill.openDashboard', { title: props.linked.title })}
          </MenuItem>
        ),
      ].filter(Boolean);

  // Nothing to offer (a link's chart at the bottom of its hierarchy): no menu at all.
  const empty = items.length === 0;
  useEffect(() => {
    if (empty) onClose();
  }, [empty, onClose]);
  if (empty) return null;

  return (
    <Menu
      open
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={anchor}
      slotProps={{ list: { 'aria-label': translate('drill.menu', { value: title }) } }}
    >
      <ListSubheader sx={{ lineHeight: 2.5, maxWidth: 320 }} dir="auto">
        {breakingOut ? translate('drill.breakOutTitle', { value: title }) : title}
      </ListSubheader>
      {items.length ? items : <MenuItem disabled>{translate('drill.nothing')}</MenuItem>}
    </Menu>
  );
}
