import { useState, type ReactNode } from 'react';
import type { Order } from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { Button } from '@/components/ui/button';
import { Notice, type NoticeTone } from '@/components/ui/notice';
import { isFeesChanged, useOrderFlow, type OrderFlowDeps } from '@/lib/order-flow';
import { cancelApplication, reconfirmApplication } from '../api/ipo';
import { allocationText, dateTimeText, dayText, lotsText, priceLine, sharesText } from '../model/ipo';

type Tone = NoticeTone;

/** What the application's status means now (spec section 4: awaiting, pending listing, holding, rejected). */
export function applicationStatus(order: Order): { tone: Tone; text: string } | null {
  const ipo = order.ipo;
  if (!ipo) return null;
  const status = order.status.toLowerCase();
  if (status === 'awaiting') {
    if (ipo.needs_reconfirmation) {
      return {
        tone: 'warning',
        text:
          `The final price is ${priceLine(ipo, order).value}, outside the terms you applied on. Reconfirm ` +
          `by ${dateTimeText(ipo.closes_at)} or your application lapses at allotment and your funds are released.`,
      };
    }
    return {
      tone: 'info',
      text:
        `Your funds are held until allotment on ${dayText(ipo.allots_on)}.` +
        (ipo.can_cancel ? ` You can cancel until ${dateTimeText(ipo.closes_at)}.` : ''),
    };
  }
  if (status === 'listing') {
    const allotted = ipo.allotted_lots ?? 0;
    return {
      tone: 'success',
      text:
        (allotted === ipo.lots
          ? `All ${lotsText(ipo.lots)} allotted`
          : `Allotted ${allotted} of ${lotsText(ipo.lots)}`) +
        `${ipo.final_price !== null ? ` at ${priceLine(ipo, order).value}` : ''}; the rest of the funds held ` +
        `was released. The shares list on ${dayText(ipo.lists_on)}; you can sell them from then.`,
    };
  }
  if (status === 'holding') {
    return { tone: 'success', text: `Listed on ${dayText(ipo.lists_on)}. You can sell these shares.` };
  }
  if (status === 'rejected') {
    return { tone: 'error', text: order.reason ?? 'Not allotted. Your funds were released.' };
  }
  return null;
}

/**
 * An IPO order's application on Order Details (app/ puts it on the receipt): what its status means,
 * lots and allotment, price and dates, and the actions the server allows now: Cancel application
 * while the window is open, Reconfirm when the final price needs it (each with Verify Your PIN).
 */
export function IpoApplicationPanel({ order, deps }: { order: Order; deps: OrderFlowDeps }) {
  const ipo = order.ipo;
  const [action, setAction] = useState<'cancel' | 'reconfirm' | null>(null);
  const flow = useOrderFlow(deps);
  const busy = flow.busy ? action : null;
  if (!ipo) return null;
  const status = applicationStatus(order);
  const money = (v: string) => formatCurrency(v, order.currency);
  const price = priceLine(ipo, order);
  const rule = allocationText(ipo.allocation_rule);
  // The server says what is allowed; only an awaiting application has actions.
  const awaiting = order.status.toLowerCase() === 'awaiting';
  const canCancel = awaiting && ipo.can_cancel;
  const canReconfirm = awaiting && ipo.needs_reconfirmation;

  async function act(action: 'cancel' | 'reconfirm') {
    const description =
      action === 'cancel'
        ? `Cancel your application for ${lotsText(ipo!.lots)} of ${order.symbol}: ${money(order.trade_value)} will be released.`
        : `Reconfirm your application for ${lotsText(ipo!.lots)} of ${order.symbol} at ${price.value}` +
          (ipo!.reconfirm_held ? `: ${money(ipo!.reconfirm_held)} will be held until allotment.` : '.');
    setAction(action);
    // A reconfirmation repeats the schedule "held if reconfirmed" was priced with: fees published
    // since are refused (409) and the receipt read again, with the new figure.
    const feeSchedule = action === 'reconfirm' ? ipo!.reconfirm_fee_schedule : null;
    await flow.place({
      description,
      body: { action, order: order.id, ...(feeSchedule ? { fee_schedule: feeSchedule } : {}) },
      send: ({ fee_schedule }, key) =>
        action === 'cancel'
          ? cancelApplication(order.id, key)
          : reconfirmApplication(order.id, fee_schedule ? { fee_schedule } : {}, key),
      onRefused: (refusal) => {
        if (isFeesChanged(refusal)) deps.refreshOrders?.();
      },
    });
  }

  const rows: Array<[string, ReactNode]> = [
    ['Applied for', `${lotsText(ipo.lots)} (${sharesText(ipo.lots * ipo.lot_size)})`],
  ];
  if (ipo.allotted_lots !== null)
    rows.push([
      'Allotted',
      `${lotsText(ipo.allotted_lots)} (${sharesText(ipo.allotted_lots * ipo.lot_size)})`,
    ]);
  rows.push(
    [price.label, price.value],
    ['Allocation', rule.title],
    ['Allotment', dayText(ipo.allots_on)],
    ['Listing', dayText(ipo.lists_on)],
  );
  if (ipo.needs_reconfirmation && ipo.reconfirm_held)
    rows.push(['Held if reconfirmed', money(ipo.reconfirm_held)]);

  return (
    <section
      aria-label="IPO application"
      data-testid="ipo-application"
      className="rounded-2xl border border-slate-200 bg-white"
    >
      <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
        IPO application
      </h3>
      {status && (
        <Notice tone={status.tone} testId="ipo-application-status" className="mx-4 mt-3">
          {status.text}
        </Notice>
      )}
      <dl className="divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-start justify-between gap-4 px-4 py-2.5 text-sm">
            <dt className="shrink-0 text-slate-500">{label}</dt>
            <dd className="text-right font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {flow.error && (
        <p role="alert" className="px-4 pb-2 text-sm text-red-600">
          {flow.error}
        </p>
      )}
      {(canCancel || canReconfirm) && (
        <div className="flex flex-col gap-2 border-t border-slate-100 p-4 sm:flex-row-reverse">
          {canReconfirm && (
            <Button className="sm:flex-1" disabled={busy !== null} onClick={() => void act('reconfirm')}>
              {busy === 'reconfirm' ? 'Reconfirming…' : 'Reconfirm at the final price'}
            </Button>
          )}
          {canCancel && (
            <Button
              variant="outline"
              className="sm:flex-1"
              disabled={busy !== null}
              onClick={() => void act('cancel')}
            >
              {busy === 'cancel' ? 'Cancelling…' : 'Cancel application'}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
