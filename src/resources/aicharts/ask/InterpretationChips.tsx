import { useMemo, useState } from 'react';
import { Chip, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DatasetField } from '../../../../common/analytics';
import { describeSpec, type InterpretationToken } from '../../../../common/nl';
import type { ChartDraftState } from '../useChartDraft';
import { editsOf, type TokenChoice } from './tokenEdits';

// How the question was understood, as chips: click one to change it (aggregation, field,
// grain, order, limit, chart type), press its cross (or Delete) to drop it.

function TokenChip({
  token,
  state,
  fields,
}: {
  token: InterpretationToken;
  state: ChartDraftState;
  fields: DatasetField[];
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const edits = editsOf(token, state, fields);
  const labelOf = (choice: TokenChoice) =>
    typeof choice.label === 'string'
      ? choice.label
      : translate(choice.label.key, choice.label.args);
  const canChange = edits.choices.length > 0;
  return (
    <>
      <Chip
        label={token.label}
        color={token.kind === 'chart' ? 'primary' : 'default'}
        variant={token.kind === 'filter' ? 'outlined' : 'filled'}
        data-token-kind={token.kind}
        aria-haspopup={canChange ? 'menu' : undefined}
        onClick={canChange ? (event) => setAnchor(event.currentTarget) : undefined}
        onDelete={edits.remove}
        title={token.text ? translate('charts.ask.fromWords', { words: token.text }) : undefined}
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {edits.choices.map((choice) => (
          <MenuItem
            key={choice.key}
            selected={choice.selected}
            onClick={() => {
              choice.apply();
              setAnchor(null);
            }}
          >
            {labelOf(choice)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function InterpretationChips({
  state,
  fields,
}: {
  state: ChartDraftState;
  fields: DatasetField[];
}) {
  const translate = useTranslate();
  const tokens = useMemo(
    () => (state.spec ? describeSpec(state.spec, fields) : []),
    [state.spec, fields],
  );
  if (tokens.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      role="group"
      aria-label={translate('charts.ask.interpretation')}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('charts.ask.understood')}
      </Typography>
      {tokens.map((token, position) => (
        <TokenChip
          key={`${token.kind}-${token.index ?? ''}-${position}`}
          token={token}
          state={state}
          fields={fields}
        />
      ))}
    </Stack>
  );
}
