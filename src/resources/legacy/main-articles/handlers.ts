/**
 * `GET /main-articles` and `GET /main-articles/{orderNumber}` (legacy layer): the active `main`
 * articles of `/articles?type=main` with their products and makers, paginated 15/100.
 */
import type { AppDeps } from '../../../deps';
import { reply } from '../../../http/caching';
import { ApiError } from '../../../http/errors';
import { setSuccessor, type RouteHandler } from '../../../http/router';
import { paginatedList } from '../shared';
import { findMainArticle, pageOfMainArticles } from './query';
import { serializeMainArticle } from './serializer';

/** `GET /main-articles`: the pagination envelope of main articles by order number. At most five queries. */
export const list = paginatedList(pageOfMainArticles, serializeMainArticle);

/**
 * `GET /main-articles/{orderNumber}`: 200 `{ data: article }` (the order number matched exactly), `Link`
 * naming `/articles?type=main&search=<order number>`; 404 when unknown, inactive or a spare part.
 */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req, res) => {
    const ordernumber = req.params.orderNumber;
    const record = typeof ordernumber === 'string' ? await findMainArticle(deps.db, ordernumber) : undefined;
    if (!record) throw new ApiError(404);
    const search = new URLSearchParams({ type: 'main', search: record.article.ordernumber });
    setSuccessor(res, `${deps.config.apiBaseUrl}/articles?${search.toString()}`);
    return reply({ data: serializeMainArticle(record) });
  };
}
