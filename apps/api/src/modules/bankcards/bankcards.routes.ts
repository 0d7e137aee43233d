import { bankCard, bankCardBody, envelope, idParam, MoneyMessages, okResult } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { createCard, deleteCard, listCards, updateCard } from './bankcards.service';

const tags = ['money'];

export async function bankCardRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/bankcard/app/v1/list',
    {
      config: { kyc: true },
      schema: { tags, summary: "The client's bank cards", response: { 200: envelope(z.array(bankCard)) } },
    },
    async (request) => ok(await listCards(ctx, principalOf(request).clientId)),
  );

  app.post(
    '/bankcard/app/v1',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: 'Add a bank card (with `id`: update that card)',
        body: bankCardBody,
        response: { 200: envelope(bankCard) },
      },
    },
    async (request) => {
      const { clientId } = principalOf(request);
      const b = request.body;
      const input = { bankName: b.bank_name, cardNo: b.card_no, holderName: b.holder_name };
      // bankCardBody: '' or absent → a new card; else a positive JSON number (numbers.ts).
      const id = b.id === '' ? undefined : b.id;
      const card =
        id === undefined
          ? await createCard(ctx, clientId, input)
          : await updateCard(ctx, clientId, id, input);
      return ok(card, MoneyMessages.cardSaved);
    },
  );

  app.put(
    '/bankcard/app/v1/:id',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: 'Update a bank card',
        params: idParam,
        body: bankCardBody,
        response: { 200: envelope(bankCard) },
      },
    },
    async (request) => {
      const b = request.body;
      const card = await updateCard(ctx, principalOf(request).clientId, request.params.id, {
        bankName: b.bank_name,
        cardNo: b.card_no,
        holderName: b.holder_name,
      });
      return ok(card, MoneyMessages.cardSaved);
    },
  );

  app.delete(
    '/bankcard/app/v1/:id',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: 'Delete a bank card (refused while a pending withdrawal pays to it)',
        params: idParam,
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      await deleteCard(ctx, principalOf(request).clientId, request.params.id);
      return ok({ ok: true as const }, MoneyMessages.cardDeleted);
    },
  );
}
