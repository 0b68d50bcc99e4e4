import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

// A drilled chart's way back up: the top (the chart as saved), then each value drilled into;
// the last is where the chart is, the others go back to their level.

export function DrillCrumbs({
  title,
  crumbs,
  onBack,
}: {
  title: string;
  crumbs: string[];
  onBack: (depth: number) => void;
}) {
  const translate = useTranslate();
  return (
    <Breadcrumbs
      aria-label={translate('drill.crumbs', { title })}
      className="tile-no-drag"
      sx={{
        px: 1.5,
        fontSize: 'body2.fontSize',
        '& ol': { flexWrap: 'nowrap', overflow: 'hidden' },
      }}
    >
      {crumbs.map((crumb, depth) =>
        depth === crumbs.length - 1 ? (
          <Typography
            key={depth}
            variant="body2"
            color="text.primary"
            aria-current="location"
            noWrap
          >
            {crumb}
          </Typography>
        ) : (
          <Link
            key={depth}
            component="button"
            variant="body2"
            underline="hover"
            onClick={() => onBack(depth)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {crumb}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
