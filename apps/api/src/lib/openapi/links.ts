/**
 * OpenAPI links of the main flows (issue 22), by operationId: a tool can follow a quotation to
 * the preview and the buy, and any order placed (buy, sell, subscriptions) to its receipt.
 */
const receipt = {
  operationId: 'getApiClientAppV1Order',
  parameters: { did: '$response.body#/data/order/id', ttype: '$response.body#/data/order/ttype' },
  description: "The order's receipt",
};

const quoteFields = {
  symbol: '$response.body#/data/symbol',
  market: '$response.body#/data/market',
  country: '$response.body#/data/country',
  quote_id: '$response.body#/data/quote_id',
};

export const LINKS: Record<string, Record<string, object>> = {
  getApiMarketAppV1Price: {
    preview: {
      operationId: 'getApiClientAppV1OrderPreview',
      parameters: { ...quoteFields },
      description:
        'The fees and total the order would have at this quotation (add ttype=standard, quantity, account_id)',
    },
    buy: {
      operationId: 'postApiClientAppV1OrderBuy',
      requestBody: {
        symbol: '{$response.body#/data/symbol}',
        market: '{$response.body#/data/market}',
        country: '{$response.body#/data/country}',
        quote_id: '{$response.body#/data/quote_id}',
      },
      description: 'Buy at this quotation before it expires (add quantity and account_id)',
    },
  },
  postApiClientAppV1OrderBuy: { receipt },
  postApiClientAppV1OrderSellById: { receipt },
  postApiFoAppV1Buy: { receipt },
  postApiOtcAppV1RecordAllocateById: { receipt },
  postApiIpoAppV1RecordSubById: { receipt },
  postApiFundsAppV1RecordById: { receipt },
  postApiFundsAppV1RedeemById: { receipt },
  postApiQtAppV1RecordById: { receipt },
};
