import { useEffect, useRef } from 'react';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineStyle,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { axisLabel, pointLabel, type ChartPoint, type ChartRange, RANGE_SPECS } from '../model/candles';

export type ChartStyle = 'area' | 'candles';

const UP = '#16a34a';
const DOWN = '#dc2626';
const FLAT = '#64748b';
const GRID = '#eef2f0';
const TEXT = '#64748b';

const priceText = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The price chart (lightweight-charts): an area or candlestick series with volume bars beneath,
 * times read in the exchange's time zone, the previous close as a dashed line. The series is
 * replaced when the points change; a live tick updates only the last point.
 */
export function PriceChart({
  points,
  range,
  timeZone,
  style,
  previousClose,
  direction,
}: {
  points: ChartPoint[];
  range: ChartRange;
  timeZone: string;
  style: ChartStyle;
  /** Shown as a dashed reference line on the 1D range. */
  previousClose?: number;
  direction: 'up' | 'down' | 'flat';
}) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const priceRef = useRef<ISeriesApi<'Area'> | ISeriesApi<'Candlestick'> | null>(null);
  const volumeRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const shownRef = useRef<{ first: number; count: number } | null>(null);

  // The chart itself lives as long as the range, style and colours stay.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const intraday = RANGE_SPECS[range].intraday;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: TEXT,
        fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        fontSize: 11,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: GRID } },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.1, bottom: 0.22 } },
      timeScale: {
        borderVisible: false,
        timeVisible: intraday,
        secondsVisible: false,
        fixLeftEdge: true,
        fixRightEdge: true,
        tickMarkFormatter: (time: Time) => axisLabel(time as number, timeZone, range),
      },
      localization: {
        locale: 'en-US',
        timeFormatter: (time: Time) => pointLabel(time as number, timeZone, intraday),
        priceFormatter: (price: number) => priceText.format(price),
      },
      crosshair: { mode: CrosshairMode.Magnet },
      handleScroll: { vertTouchDrag: false },
    });
    const color = direction === 'up' ? UP : direction === 'down' ? DOWN : FLAT;
    const price =
      style === 'area'
        ? chart.addSeries(AreaSeries, {
            lineColor: color,
            lineWidth: 2,
            topColor: `${color}33`,
            bottomColor: `${color}05`,
            priceLineVisible: false,
            lastValueVisible: true,
          })
        : chart.addSeries(CandlestickSeries, {
            upColor: UP,
            downColor: DOWN,
            borderVisible: false,
            wickUpColor: UP,
            wickDownColor: DOWN,
            priceLineVisible: false,
          });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.84, bottom: 0 } });
    chartRef.current = chart;
    priceRef.current = price;
    volumeRef.current = volume;
    shownRef.current = null;
    return () => {
      chart.remove();
      chartRef.current = null;
      priceRef.current = null;
      volumeRef.current = null;
    };
  }, [range, timeZone, style, direction]);

  // Data: a full reset when the series is new or was replaced; otherwise only the last point.
  useEffect(() => {
    const chart = chartRef.current;
    const price = priceRef.current;
    const volume = volumeRef.current;
    if (!chart || !price || !volume || points.length === 0) return;
    const toPrice = (p: ChartPoint) =>
      style === 'area'
        ? { time: p.time as UTCTimestamp, value: p.value }
        : { time: p.time as UTCTimestamp, open: p.open, high: p.high, low: p.low, close: p.close };
    const toVolume = (p: ChartPoint) => ({
      time: p.time as UTCTimestamp,
      value: p.volume,
      color: p.close >= p.open ? '#16a34a40' : '#dc262640',
    });
    const shown = shownRef.current;
    const first = points[0]!.time;
    const last = points.at(-1)!;
    if (
      shown &&
      shown.first === first &&
      (points.length === shown.count || points.length === shown.count + 1)
    ) {
      (price as ISeriesApi<'Area'>).update(toPrice(last) as never);
      volume.update(toVolume(last));
    } else {
      (price as ISeriesApi<'Area'>).setData(points.map(toPrice) as never);
      volume.setData(points.map(toVolume));
      chart.timeScale().fitContent();
    }
    shownRef.current = { first, count: points.length };
  }, [points, style, range, timeZone, direction]);

  useEffect(() => {
    const price = priceRef.current;
    if (!price || previousClose === undefined || range !== '1D') return;
    const line = price.createPriceLine({
      price: previousClose,
      color: '#94a3b8',
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: false,
      title: 'Prev close',
    });
    return () => {
      // The series may already be gone with its chart.
      if (priceRef.current === price) price.removePriceLine(line);
    };
  }, [previousClose, range, style, timeZone, direction]);

  return <div ref={container} data-testid="price-chart" className="h-full w-full" />;
}
