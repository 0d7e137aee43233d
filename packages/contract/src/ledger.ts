// Money contract (issue 3): accounts, bank cards, deposits, withdrawals, transfers.
export {};
