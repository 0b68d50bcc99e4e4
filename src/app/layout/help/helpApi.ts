import type { HelpArticle } from '../../../../common/api/content';
import type { Section } from '../../../../common/sections';
import { apiUrl, httpRequest } from '../../../ui/api/httpClient';

/** Published help articles, of one section of the product and/or matching a search. */
export async function fetchHelp(section: Section | null, search: string): Promise<HelpArticle[]> {
  const query = new URLSearchParams();
  if (section) query.set('section', section);
  if (search.trim()) query.set('q', search.trim());
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  const answer = await httpRequest<{ articles: HelpArticle[] }>(apiUrl(`/api/v1/help${suffix}`));
  return answer.data.articles;
}
