-- The house's book (worker/house/): one row per UTC day with what the house owed its players
-- when the day's first cron trigger ran: Vantage Cash and Coins held, and the open cash bets'
-- potential payout. Written once per day (the primary key; later triggers find the row).
CREATE TABLE house_liability_days (
  day TEXT PRIMARY KEY NOT NULL,
  players INTEGER NOT NULL,
  cash_cents INTEGER NOT NULL,
  coins INTEGER NOT NULL,
  open_cash_bets INTEGER NOT NULL,
  open_cash_payout_cents INTEGER NOT NULL,
  recorded_at INTEGER NOT NULL
);
