import {
  currencyInfo,
  envelope,
  exchangeBody,
  exchangePair,
  MoneyMessages,
  transferBody,
  transferResult,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { markReplayed } from '../../lib/idempotent-reply';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { idempotencyOf } from '../ledger/idempotency';
import { currencyList, exchange, listClientTransfers, listPairs, transfer } from './fx.service';

const tags = ['money'];

export async function fxRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/caccount/app/v1/currency/list',
    {
      schema: {
        tags,
        summary: 'Currencies Imali keeps accounts in',
        response: { 200: envelope(z.array(currencyInfo)) },
      },
    },
    async () => ok(currencyList()),
  );

  app.get(
    '/caccount/app/v1/pairs',
    {
      schema: {
        tags,
        summary: 'Exchange pairs: rate, mid rate and spread (derived reverse pairs marked)',
        response: { 200: envelope(z.array(exchangePair)) },
      },
    },
    async () => ok(await listPairs(ctx)),
  );

  app.post(
    '/caccount/app/v1/transfer',
    {
      config: { idempotent: true, kyc: true },
      schema: {
        tags,
        summary: 'Transfer between own currency accounts at the published rate (Idempotency-Key)',
        body: transferBody,
        response: { 200: envelope(transferResult) },
      },
    },
    async (request, reply) => {
      const { clientId } = principalOf(request);
      const body = request.body;
      const result = await transfer(ctx, clientId, idempotencyOf(request, body), {
        fromAccountId: body.from_account,
        toAccountId: body.to_account,
        amount: body.amount,
        rate: body.rate,
      });
      markReplayed(reply, result);
      return ok(result.data, MoneyMessages.transferSuccessful);
    },
  );

  app.post(
    '/caccount/app/v1/exchange',
    {
      config: { idempotent: true, kyc: true },
      schema: {
        tags,
        summary: 'Currency exchange between own accounts chosen by currency (Idempotency-Key)',
        body: exchangeBody,
        response: { 200: envelope(transferResult) },
      },
    },
    async (request, reply) => {
      const { clientId } = principalOf(request);
      const body = request.body;
      const result = await exchange(ctx, clientId, idempotencyOf(request, body), {
        fromCurrency: body.from_currency,
        toCurrency: body.to_currency,
        amount: body.amount,
        rate: body.rate,
      });
      markReplayed(reply, result);
      return ok(result.data, MoneyMessages.transferSuccessful);
    },
  );

  app.get(
    '/caccount/app/v1/transfer/list',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: "The client's transfers, newest first",
        response: { 200: envelope(z.array(transferResult)) },
      },
    },
    async (request) => ok(await listClientTransfers(ctx, principalOf(request).clientId)),
  );
}
