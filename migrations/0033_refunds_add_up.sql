-- What the guest paid at booking, kept so that the money of a stay adds up after any sequence of
-- changes: each shortening refunds the nights it lets go, a cancellation refunds by its policy,
-- and `refund` is the sum of all of them. The stay's total price is what the guest pays in the
-- end, so the total price and the refunds always come to what was paid.
ALTER TABLE reservations ADD COLUMN paid numeric(14, 2);

-- Until now a cancellation wrote its own refund over a shortening's and left the total price as
-- it was: the shortening's refund is lost, so such a stay counts as paid what it cost when it
-- was cancelled, and its total becomes what the cancellation kept.
UPDATE reservations SET paid = total_price + coalesce(refund, 0) WHERE status <> 'cancelled';
UPDATE reservations SET paid = total_price, total_price = total_price - coalesce(refund, 0) WHERE status = 'cancelled';

ALTER TABLE reservations
    ALTER COLUMN paid SET NOT NULL,
    ADD CONSTRAINT reservations_money_adds_up CHECK (total_price >= 0 AND total_price + coalesce(refund, 0) = paid);
