import { useQuery } from '@tanstack/react-query';
import type { PortfolioProduct, ProductPortfolio } from '@imali/contract';
import { FUND_DECIMALS, formatCurrency, formatQuantity } from '@imali/money';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { productQuery, type AccountChoice } from '../api/stats';
import { PRODUCT_LABELS, money, ratio, signedMoney, signedRatio, toneClass } from '../model/format';

/**
 * What a position holds, in its product's units (decision 0041): shares; fund units with 4
 * decimals; a structured note's amount invested (its quantity is its nominal in currency units:
 * never "3,000 units").
 */
type ProductPosition = ProductPortfolio['positions'][number];

function quantityRow(p: ProductPosition, product: PortfolioProduct, currency: string, visible: boolean) {
  if (product === 'quant') return { label: 'Invested', value: money(p.quantity, currency, visible) };
  return { label: 'Quantity', value: formatQuantity(p.quantity, product === 'fund' ? 'units' : 'shares') };
}

/** One product type's positions in one account (GET /stat/app/v1/stock|fund|stru_portfolio). */
export function ProductBreakdown({
  product,
  account,
  visible,
}: {
  product: PortfolioProduct;
  account: AccountChoice;
  visible: boolean;
}) {
  const query = useQuery(productQuery(product, account));
  const label = PRODUCT_LABELS[product];
  return (
    <section
      aria-label={label}
      className="rounded-2xl border border-slate-200 bg-white"
      data-testid={`breakdown-${product}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
        {query.data && query.data.positions.length > 0 && (
          <p className="text-xs text-slate-500">
            Value{' '}
            <span className="font-semibold text-slate-900 tabular-nums">
              {money(query.data.market_value, query.data.currency, visible)}
            </span>{' '}
            · Cost{' '}
            <span className="tabular-nums">{money(query.data.cost, query.data.currency, visible)}</span>
          </p>
        )}
      </div>
      {query.data ? (
        <Positions data={query.data} visible={visible} />
      ) : query.isError ? (
        <p className="px-4 py-3 text-sm text-slate-500">These positions could not be loaded.</p>
      ) : (
        <div className="space-y-2 p-4" role="status" aria-label="Loading">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      )}
    </section>
  );
}

function Positions({ data, visible }: { data: ProductPortfolio; visible: boolean }) {
  if (data.positions.length === 0) {
    return <p className="px-4 py-3 text-sm text-slate-500">None held.</p>;
  }
  const c = data.currency;
  return (
    <ul className="divide-y divide-slate-100">
      {data.positions.map((p) => (
        <li key={`${p.market}:${p.symbol}`} className="px-4 py-3 text-sm" data-testid="position-row">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{p.name}</p>
              <p className="text-xs text-slate-500">
                {p.symbol} · {p.market}
                {p.sector ? ` · ${p.sector}` : ''}
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="font-semibold text-slate-900 tabular-nums">{money(p.market_value, c, visible)}</p>
              <p
                className={cn(
                  'text-xs font-medium tabular-nums',
                  visible ? toneClass(p.unrealised_profit) : 'text-slate-500',
                )}
                data-testid="position-unrealised"
              >
                {signedMoney(p.unrealised_profit, c, visible)} ({signedRatio(p.unrealised_ratio)})
              </p>
            </div>
          </div>
          <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-500">
            <div className="flex gap-1">
              <dt>{quantityRow(p, data.product, c, visible).label}</dt>
              <dd className="text-slate-700 tabular-nums" data-testid="position-quantity">
                {quantityRow(p, data.product, c, visible).value}
              </dd>
            </div>
            {data.product !== 'quant' && (
              <div className="flex gap-1">
                <dt>Avg cost</dt>
                <dd className="text-slate-700 tabular-nums" data-testid="position-average-cost">
                  {/* A fund's cost per unit has the NAV's 4 decimals (decision 0041). */}
                  {visible
                    ? formatCurrency(p.average_cost, c, data.product === 'fund' ? FUND_DECIMALS : 2)
                    : money(p.average_cost, c, visible)}
                </dd>
              </div>
            )}
            <div className="flex gap-1">
              <dt>Weight</dt>
              <dd className="text-slate-700 tabular-nums">{ratio(p.weight)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
