// Market-data contract (issue 4): instruments, quotes, candles, search, watch list.
export {};
