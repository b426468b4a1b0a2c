-- What holds each player's Vantage Cash back, beside their balances in the wallet_balances
-- projection, so the house's liability can split what it owes into redeemable now, held
-- back by play-through or a purchase hold, and in pending redemptions (worker/house/).
-- Written with the balances by every wallet's outbox from now on; NULL until a wallet's
-- next change (the liability counts such wallets apart). The purchase holds are kept as
-- JSON [{amountCents, freesAt}] so a hold that has run out stops counting without a write.
ALTER TABLE wallet_balances ADD COLUMN cash_to_play_cents INTEGER;
ALTER TABLE wallet_balances ADD COLUMN cash_purchase_holds_json TEXT;
ALTER TABLE wallet_balances ADD COLUMN cash_pending_redemption_cents INTEGER;
-- The day's cash in pending redemptions, recorded with the rest of the day's liability.
ALTER TABLE house_liability_days ADD COLUMN pending_redemption_cents INTEGER NOT NULL DEFAULT 0;
