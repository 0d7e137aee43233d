/** Where the JSON APIs live (product, operator, stock data); every other path is the web app. */
export const API_PREFIXES = ['/api/', '/ops/', '/market/'] as const;

export const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));
