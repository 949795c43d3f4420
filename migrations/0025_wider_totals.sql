-- A year at the highest nightly price with the most extra guests a couch takes, each at the
-- highest fee, comes to about 1.8 × 10^10: wider than numeric(12, 2). With room for it, every stay
-- the rules take can be sold, and search (which does not price stays) offers nothing a booking
-- would refuse for its price. Raising a numeric's precision rewrites no row.
ALTER TABLE reservations
    ALTER COLUMN total_price TYPE numeric(14, 2),
    ALTER COLUMN extra_guest_fees TYPE numeric(14, 2),
    ALTER COLUMN refund TYPE numeric(14, 2);
