import type { HelpTopic } from '@lotus/contract';
import { cachedRead, pickLanguage, type PublicReadContext } from '../../cache/public-read.ts';
import { listHelpTopicRows } from './site.queries.ts';

/** GET /wps/system/helpCenter ("getHelp"): help topics in the operator's order with their category's heading, HTML content. */
export function getHelpCenter(context: PublicReadContext): Promise<HelpTopic[]> {
  return cachedRead(context, 'site:helpCenter', async () => {
    const rows = await listHelpTopicRows(context.db, context.merchant.id);
    return rows.map((row) => ({
      tag: row.tag,
      title: pickLanguage(context.language, row.title_th, row.title_en),
      content: pickLanguage(context.language, row.content_th, row.content_en),
      sort: row.sort,
      category:
        row.category_th === null ? null : pickLanguage(context.language, row.category_th, row.category_en ?? ''),
    }));
  });
}
