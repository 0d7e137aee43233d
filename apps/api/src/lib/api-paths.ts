import { STOCK_DATA_BASE } from '@imali/contract';

/**
 * Where the JSON APIs live (product, operator, stock data); every other path is the web app. Each
 * is a first path segment of its own that no client route uses (decision 0043;
 * `client-routes.test.ts` opens every route of the menu and checks it).
 */
export const API_PREFIXES = ['/api/', '/ops/', `${STOCK_DATA_BASE}/`] as const;

export const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));
