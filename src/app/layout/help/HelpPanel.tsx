import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Drawer,
  IconButton,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Skeleton,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { Markdown } from '../../../ui/markdown/Markdown';
import { sectionOfPath } from './currentSection';
import type { HelpArticle } from '../../../../common/api/content';
import { translated } from '../../../../common/contentTranslations';
import { useContentLanguage } from '../../../ui/translations/useContentLanguage';
import { fetchHelp } from './helpApi';

// The help panel, opened from the app bar: the articles about the page's section first (or all
// of them), a search over titles and text, and each article read in place.

const SEARCH_DEBOUNCE_MS = 250;

function useDebounced(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

function byGroup(articles: HelpArticle[]): [string, HelpArticle[]][] {
  const groups = new Map<string, HelpArticle[]>();
  for (const article of articles) {
    const list = groups.get(article.group) ?? [];
    list.push(article);
    groups.set(article.group, list);
  }
  return [...groups];
}

function ArticleList({
  articles,
  onOpen,
}: {
  articles: HelpArticle[];
  onOpen: (article: HelpArticle) => void;
}) {
  const translate = useTranslate();
  return (
    <List dense aria-label={translate('app.help.articles')}>
      {byGroup(articles).map(([group, items]) => (
        <li key={group || '-'}>
          <ul style={{ padding: 0 }}>
            <ListSubheader disableSticky>{group || translate('app.help.general')}</ListSubheader>
            {items.map((article) => (
              <ListItemButton key={article.id} onClick={() => onOpen(article)}>
                <ListItemText primary={article.title} />
              </ListItemButton>
            ))}
          </ul>
        </li>
      ))}
    </List>
  );
}

export function HelpPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const section = sectionOfPath(useLocation().pathname);
  const [scope, setScope] = useState<'page' | 'all'>('page');
  const [search, setSearch] = useState('');
  const [reading, setReading] = useState<HelpArticle | null>(null);
  const settledSearch = useDebounced(search);
  const filterSection = scope === 'page' && !settledSearch.trim() ? section : null;
  const articles = useQuery({
    queryKey: ['help', filterSection, settledSearch.trim()],
    queryFn: () => fetchHelp(filterSection, settledSearch),
    enabled: open,
    staleTime: 60_000,
    retry: false,
  });
  const language = useContentLanguage();
  const shownArticles = useMemo(
    () => articles.data?.map((article) => translated(article, language)),
    [articles.data, language],
  );
  const sectionName = useMemo(
    () => (section ? translate(`resources.${section}.name`, { smart_count: 2 }) : ''),
    [section, translate],
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box
        role="dialog"
        aria-label={translate('app.help.title')}
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate('app.help.title')}
          </Typography>
          <IconButton aria-label={translate('app.help.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {reading ? (
          <>
            <Button
              startIcon={<ArrowBackIcon />}
              onClick={() => setReading(null)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {translate('app.help.back')}
            </Button>
            <Typography variant="h6" component="h3">
              {reading.title}
            </Typography>
            <Markdown>{reading.body}</Markdown>
          </>
        ) : (
          <>
            <TextField
              size="small"
              type="search"
              label={translate('app.help.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            {section && !search.trim() && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={scope}
                onChange={(_event, value: 'page' | 'all' | null) => value && setScope(value)}
              >
                <ToggleButton value="page">
                  {translate('app.help.aboutSection', { section: sectionName })}
                </ToggleButton>
                <ToggleButton value="all">{translate('app.help.all')}</ToggleButton>
              </ToggleButtonGroup>
            )}
            {articles.isPending && <Skeleton variant="rounded" height={160} />}
            {articles.error && (
              <Alert severity="error" role="alert">
                {translate('app.help.failed', { message: articles.error.message })}
              </Alert>
            )}
            {articles.data && articles.data.length === 0 && (
              <Typography color="text.secondary">
                {translate(search.trim() ? 'app.help.noMatch' : 'app.help.none')}
              </Typography>
            )}
            {shownArticles && shownArticles.length > 0 && (
              <ArticleList articles={shownArticles} onOpen={setReading} />
            )}
          </>
        )}
      </Box>
    </Drawer>
  );
}
